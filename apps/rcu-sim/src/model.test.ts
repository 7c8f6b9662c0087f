import { describe, expect, it } from 'vitest';
import { roomsFromCsv } from './credentials.js';
import { advance, applyDevices, newRoom, outsideTemperature, powerDraw, sceneDevices } from './model.js';

describe('room model', () => {
  it('drifts toward the outside with the AC off, toward the setpoint with it on', () => {
    const room = newRoom(['L1', 'AC1'], 20);
    advance(room, 2, 32);
    const warmed = room.devices.AC1?.temp as number;
    expect(warmed).toBeGreaterThan(20);
    expect(warmed).toBeLessThan(32);
    applyDevices(room, { AC1: { on: true, mode: 'cool', set: 22 } });
    for (let hour = 0; hour < 4; hour += 1) advance(room, 1, 32);
    expect(room.devices.AC1?.temp).toBeLessThan(warmed);
    expect(Math.abs((room.devices.AC1?.temp as number) - 22)).toBeLessThan(2.5);
  });

  it('counts energy monotonically, more with devices on', () => {
    const room = newRoom(['L1', 'D1', 'AC1'], 26);
    advance(room, 1, 26);
    const idle = room.energy.kwh;
    expect(idle).toBeGreaterThan(0);
    applyDevices(room, sceneDevices(room, 'welcome'));
    expect(powerDraw(room)).toBeGreaterThan(100);
    advance(room, 1, 26);
    expect(room.energy.kwh - idle).toBeGreaterThan(idle);
  });

  it('counts a few watts over steps of a second, far below a Wh each', () => {
    const room = newRoom(['L1'], 24);
    for (let second = 0; second < 3600; second += 1) advance(room, 1 / 3600, 24);
    expect(powerDraw(room)).toBe(12);
    expect(room.energy.kwh).toBe(0.012);
  });

  it('refuses devices the room does not have and fields their kind does not take', () => {
    const room = newRoom(['L1', 'AC1'], 24);
    expect(applyDevices(room, { L9: { on: true } })).toEqual({ error: 'no device L9 in this room' });
    expect(applyDevices(room, { L1: { level: 50 } })).toEqual({ error: 'L1 has no level' });
    expect(applyDevices(room, { AC1: { set: 22, fan: 'high' } })).toEqual({
      applied: { AC1: { set: 22, fan: 'high' } },
    });
  });

  it('is warmest in the afternoon, local time', () => {
    const at = (hour: number) => outsideTemperature(new Date(2026, 6, 1, hour));
    expect(at(15)).toBeGreaterThan(at(5));
  });

  it('is cold in winter and warm in summer, so a winter demo heats and a summer one cools', () => {
    const noon = (month: number) => outsideTemperature(new Date(2026, month, 20, 12));
    expect(noon(0)).toBeLessThan(19);
    expect(noon(10)).toBeLessThan(22);
    expect(noon(6)).toBeGreaterThan(27);
    expect(noon(3)).toBeGreaterThan(noon(0));
    expect(noon(3)).toBeLessThan(noon(6));
  });
});

describe('device-key CSV', () => {
  it('reads rcu_id and device_key columns, a BOM, semicolons, quotes and a devices column', () => {
    expect(roomsFromCsv('\uFEFFroom_num,rcu_id,device_key\n0201,R1x0201,abc\n0202,"R1x0202","d,e"\n')).toEqual([
      { rcu_id: 'R1x0201', device_key: 'abc' },
      { rcu_id: 'R1x0202', device_key: 'd,e' },
    ]);
    expect(roomsFromCsv('rcu_id;device_key;devices\nR1;k1;L1|AC1\n')).toEqual([
      { rcu_id: 'R1', device_key: 'k1', devices: ['L1', 'AC1'] },
    ]);
    expect(() => roomsFromCsv('rcu_id,mac\nR1,00\n')).toThrow(/device_key/);
    // A key starting with `-` comes defused for spreadsheets (a leading apostrophe): read without it.
    expect(roomsFromCsv("rcu_id,device_key\nR1,'-abc\nR2,'=x\nR3,it's\n")).toEqual([
      { rcu_id: 'R1', device_key: '-abc' },
      { rcu_id: 'R2', device_key: '=x' },
      { rcu_id: 'R3', device_key: "it's" },
    ]);
  });
});
