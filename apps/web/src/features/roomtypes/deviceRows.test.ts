import { describe, expect, it } from 'vitest';
import { type DeviceRow, rowProblems, toDevices, toRows } from './deviceRows';

const row = (uid: number, fields: Partial<DeviceRow>): DeviceRow => ({
  uid,
  key: 'L1',
  kind: 'light',
  name: 'Lamp',
  ...fields,
});

describe('device template rows', () => {
  it('round-trips devices, keeping setpoint defaults only on AC and floor heating', () => {
    const devices = toDevices([
      row(1, { key: 'AC1', kind: 'ac', name: ' Air ', set_min: 18, set_max: 28, set: 24 }),
      row(2, { key: 'L1', kind: 'light', set: 24 }),
      row(3, { key: 'FH1', kind: 'floor_heating', name: 'Floor', set_min: null }),
    ]);
    expect(devices).toEqual([
      { key: 'AC1', kind: 'ac', name: 'Air', defaults: { set_min: 18, set_max: 28, set: 24 } },
      { key: 'L1', kind: 'light', name: 'Lamp' },
      { key: 'FH1', kind: 'floor_heating', name: 'Floor' },
    ]);
    expect(toDevices(toRows(devices))).toEqual(devices);
  });

  it('finds every problem of a row', () => {
    const problems = rowProblems([
      row(1, { key: 'L1' }),
      row(2, { key: 'L1', name: ' ' }),
      row(3, { key: 'AC1', kind: 'light' }),
      row(4, { key: 'X9', kind: 'socket' }),
      row(5, { key: 'AC2', kind: 'ac', set_min: 26, set_max: 20 }),
      row(6, { key: 'FH1', kind: 'floor_heating', set: 30, set_max: 28 }),
    ]);
    expect(problems.get(1)).toBeUndefined();
    expect(problems.get(2)).toEqual(['nameRequired', 'keyDuplicate']);
    expect(problems.get(3)).toEqual(['keyPrefix']);
    expect(problems.get(4)).toEqual(['keyFormat']);
    expect(problems.get(5)).toEqual(['setpointOrder']);
    expect(problems.get(6)).toEqual(['setpointOrder']);
  });
});
