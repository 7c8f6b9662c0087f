import { ALERT_TYPES, type LiveRoom } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_FLAGS } from '../live/store.js';
import { type ClearableAlert, clearReasonOf, FLOOD_CALM_MS, mayClear } from './rules.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function room(flags: Partial<LiveRoom> = {}): LiveRoom {
  const base = { room_id: 7, hotel_id: 1, building_id: 1, room_num: '0207', floor_num: 2 };
  return { ...base, ...EMPTY_FLAGS, online: true, devices: {}, energy: {}, ...flags };
}

function alert(type: number, held: Partial<Pick<ClearableAlert, 'created_at' | 'held_at'>> = {}): ClearableAlert {
  return {
    id: 1,
    hotel_id: 1,
    room_id: 7,
    type,
    created_at: new Date(NOW - 10 * 60_000).toISOString(),
    held_at: null,
    ...held,
  };
}

describe('what clears an alert', () => {
  it('door open too long: cleared once the door is closed', () => {
    expect(clearReasonOf(alert(ALERT_TYPES.door_open_long), room({ door: true }), NOW)).toBeNull();
    expect(clearReasonOf(alert(ALERT_TYPES.door_open_long), room({ door: false }), NOW)).toBe('door_closed');
  });

  it('RCU offline: cleared once it is online again', () => {
    expect(clearReasonOf(alert(ALERT_TYPES.rcu_offline), room({ online: false }), NOW)).toBeNull();
    expect(clearReasonOf(alert(ALERT_TYPES.rcu_offline), room({ online: true }), NOW)).toBe('rcu_online');
  });

  it('window open with the AC on: cleared when the window closes, or when no air conditioner is on', () => {
    const both = { window: true, devices: { AC1: { on: false }, AC2: { on: true }, L1: { on: true } } };
    expect(clearReasonOf(alert(ALERT_TYPES.window_open_ac_on), room(both), NOW)).toBeNull();
    expect(clearReasonOf(alert(ALERT_TYPES.window_open_ac_on), room({ ...both, window: false }), NOW)).toBe(
      'window_closed',
    );
    // A light left on does not count: only air conditioners.
    const acOff = { window: true, devices: { AC1: { on: false }, AC2: { on: false }, L1: { on: true } } };
    expect(clearReasonOf(alert(ALERT_TYPES.window_open_ac_on), room(acOff), NOW)).toBe('ac_off');
  });

  it('RCU flooding: cleared when no report of the flood came for two minutes', () => {
    const recently = new Date(NOW - FLOOD_CALM_MS + 1).toISOString();
    const long = new Date(NOW - FLOOD_CALM_MS).toISOString();
    expect(clearReasonOf(alert(ALERT_TYPES.rcu_flooding, { held_at: recently }), undefined, NOW)).toBeNull();
    expect(clearReasonOf(alert(ALERT_TYPES.rcu_flooding, { held_at: long }), undefined, NOW)).toBe('flood_ended');
    // Never held since raised: timed from when it was raised.
    expect(clearReasonOf(alert(ALERT_TYPES.rcu_flooding, { created_at: recently }), undefined, NOW)).toBeNull();
    expect(clearReasonOf(alert(ALERT_TYPES.rcu_flooding, { created_at: long }), undefined, NOW)).toBe('flood_ended');
  });

  it('SOS and faults are never cleared: staff confirm them', () => {
    const calm = room({ sos: false, door: false, online: true });
    expect(clearReasonOf(alert(ALERT_TYPES.sos), calm, NOW)).toBeNull();
    expect(clearReasonOf(alert(ALERT_TYPES.fault), calm, NOW)).toBeNull();
  });

  it('a room the live store does not know tells nothing: its alerts stay open', () => {
    for (const type of [ALERT_TYPES.door_open_long, ALERT_TYPES.rcu_offline, ALERT_TYPES.window_open_ac_on]) {
      expect(clearReasonOf(alert(type), undefined, NOW)).toBeNull();
    }
  });

  it('only a change that may end a condition is looked at', () => {
    const head = { room_id: 7, hotel_id: 1, room_num: '0207', floor_num: 2 };
    expect(mayClear({ ...head, door: false })).toBe(true);
    expect(mayClear({ ...head, online: true })).toBe(true);
    expect(mayClear({ ...head, window: false })).toBe(true);
    expect(mayClear({ ...head, devices: { AC1: { on: false, set: 24 } } })).toBe(true);
    expect(mayClear({ ...head, door: true, window: true, online: false })).toBe(false);
    expect(mayClear({ ...head, devices: { AC1: { on: true }, L1: { on: false } } })).toBe(false);
    expect(mayClear({ ...head, dnd: true, energy: { kwh: 3 } })).toBe(false);
  });
});
