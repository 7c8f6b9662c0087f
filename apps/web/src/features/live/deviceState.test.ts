import type { LiveDeviceState } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { mergeDeviceChange } from './deviceState';

describe('mergeDeviceChange', () => {
  const current: LiveDeviceState = {
    room_id: 7,
    online: true,
    devices: { AC1: { on: true, set: 24, temp: 26 } },
    energy: { kwh: 10, w: 500 },
    names: { AC1: 'Air conditioner' },
  };
  const ids = { room_id: 7, hotel_id: 1, room_num: '0701', floor_num: 7 };

  it('merges devices field by field, the online flag and the meter', () => {
    expect(
      mergeDeviceChange(current, {
        ...ids,
        online: false,
        devices: { AC1: { set: 22 }, L1: { on: true } },
        energy: { w: 0 },
      }),
    ).toEqual({
      room_id: 7,
      online: false,
      devices: { AC1: { on: true, set: 22, temp: 26 }, L1: { on: true } },
      energy: { kwh: 10, w: 0 },
      names: { AC1: 'Air conditioner' },
    });
  });

  it('ignores other rooms', () => {
    expect(mergeDeviceChange(current, { ...ids, room_id: 8, online: false })).toBe(current);
  });
});
