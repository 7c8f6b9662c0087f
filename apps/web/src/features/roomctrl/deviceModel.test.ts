import { describe, expect, it } from 'vitest';
import { clampSetpoint, controlDevices, setpointRange, shownState } from './deviceModel';

describe('controlDevices', () => {
  it('follows the template and adds devices only the RCU reports', () => {
    const devices = controlDevices(
      [
        { key: 'AC1', kind: 'ac', name: 'Bedroom AC', defaults: { set_min: 18 } },
        { key: 'L1', kind: 'light', name: 'Entrance' },
      ],
      { L1: { on: true }, C1: { pos: 40 }, X9: { on: true }, AC1: { set: 24 } },
    );
    expect(devices.map((device) => [device.key, device.kind, device.name])).toEqual([
      ['AC1', 'ac', 'Bedroom AC'],
      ['L1', 'light', 'Entrance'],
      ['C1', 'curtain', null],
    ]);
    expect(devices[0]?.state).toEqual({ set: 24 });
    expect(devices[0]?.defaults).toEqual({ set_min: 18 });
  });

  it('shows the reported devices in key order when the template cannot be read', () => {
    expect(controlDevices(null, { L10: {}, L2: {}, AC1: {} }).map((device) => device.key)).toEqual([
      'AC1',
      'L2',
      'L10',
    ]);
  });

  it('lists a template device the RCU never reported, with no state', () => {
    expect(controlDevices([{ key: 'V1', kind: 'ventilation', name: 'Fresh air' }], {})[0]?.state).toEqual({});
  });
});

describe('setpoints', () => {
  it('use the template limits within 16..30', () => {
    expect(setpointRange(undefined)).toEqual({ min: 16, max: 30 });
    expect(setpointRange({ set_min: 18, set_max: 26 })).toEqual({ min: 18, max: 26 });
  });

  it('clamp to the range and round to 0.5', () => {
    const range = { min: 18, max: 26 };
    expect(clampSetpoint(22.3, range)).toBe(22.5);
    expect(clampSetpoint(22.2, range)).toBe(22);
    expect(clampSetpoint(10, range)).toBe(18);
    expect(clampSetpoint(40, range)).toBe(26);
  });
});

describe('shownState', () => {
  it('shows the change being sent over the reported state, and the reported state again after', () => {
    expect(shownState({ on: false, level: 20 }, { level: 80 })).toEqual({ on: false, level: 80 });
    expect(shownState({ on: false }, undefined)).toEqual({ on: false });
  });
});
