import type { StatePayload } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { foldState } from './gateway.js';

describe('foldState: two states of one RCU, the later over the earlier', () => {
  it('replaces flags, merges device and energy fields, and keeps what only the earlier said', () => {
    const earlier: StatePayload = {
      card: true,
      dnd: false,
      devices: { AC1: { on: true, set: 22, temp: 25 }, L1: { on: false } },
      energy: { kwh: 10 },
    };
    const later: StatePayload = {
      dnd: true,
      ts: 1_800_000_000_000,
      devices: { AC1: { temp: 24.5 }, CUR1: { pos: 50 } },
      energy: { w: 300 },
    };
    expect(foldState(earlier, later)).toEqual({
      card: true,
      dnd: true,
      ts: 1_800_000_000_000,
      devices: { AC1: { on: true, set: 22, temp: 24.5 }, L1: { on: false }, CUR1: { pos: 50 } },
      energy: { kwh: 10, w: 300 },
    });
  });

  it('folds into the earlier state itself (the waiting one, which nothing else holds)', () => {
    const earlier: StatePayload = { card: true };
    const folded = foldState(earlier, { devices: { AC1: { on: true } }, energy: { kwh: 1 } });
    expect(folded).toBe(earlier);
    expect(earlier).toEqual({ card: true, devices: { AC1: { on: true } }, energy: { kwh: 1 } });
    // A third message folds on: the latest value of each field wins.
    foldState(earlier, { card: false, devices: { AC1: { on: false, set: 20 } } });
    expect(earlier).toEqual({ card: false, devices: { AC1: { on: false, set: 20 } }, energy: { kwh: 1 } });
  });
});
