import { describe, expect, it } from 'vitest';
import { HOUR_MS, spread, usedBetween } from './meter.js';

const at = (iso: string) => Date.parse(iso);

describe('meter readings', () => {
  it('counts a lower reading as a reset: the energy used is the new reading', () => {
    expect(usedBetween(120.5, 121)).toBe(0.5);
    expect(usedBetween(120.5, 3)).toBe(3);
  });

  it('puts two readings within one hour into that hour', () => {
    const hours = spread({ kwh: 10, at: at('2026-11-01T08:05:00Z') }, { kwh: 10.4, at: at('2026-11-01T08:55:00Z') });
    expect([...hours]).toEqual([[at('2026-11-01T08:00:00Z'), expect.closeTo(0.4, 9)]]);
  });

  it('spreads a gap over the hours it spans, each by its share of the time', () => {
    const hours = spread({ kwh: 0, at: at('2026-11-01T08:30:00Z') }, { kwh: 3, at: at('2026-11-01T11:30:00Z') });
    expect([...hours.keys()]).toEqual([8, 9, 10, 11].map((h) => at(`2026-11-01T${String(h).padStart(2, '0')}:00:00Z`)));
    expect([...hours.values()].map((kwh) => Number(kwh.toFixed(9)))).toEqual([0.5, 1, 1, 0.5]);
    expect([...hours.values()].reduce((sum, kwh) => sum + kwh, 0)).toBeCloseTo(3, 12);
  });

  it('ends a gap exactly on the hour in the hour before', () => {
    const hours = spread({ kwh: 1, at: at('2026-11-01T08:00:00Z') }, { kwh: 3, at: at('2026-11-01T10:00:00Z') });
    expect([...hours.keys()]).toEqual([at('2026-11-01T08:00:00Z'), at('2026-11-01T09:00:00Z')]);
  });

  it('puts a reading that is not later than the last into its own hour', () => {
    const hours = spread({ kwh: 1, at: at('2026-11-01T08:10:00Z') }, { kwh: 2, at: at('2026-11-01T08:10:00Z') });
    expect([...hours]).toEqual([[at('2026-11-01T08:00:00Z'), 1]]);
  });

  it('spreads a gap of years over the last year only', () => {
    const end = at('2026-11-01T00:00:00Z');
    const hours = spread({ kwh: 0, at: end - 3 * 366 * 24 * HOUR_MS }, { kwh: 8784, at: end });
    expect(hours.size).toBe(366 * 24);
    expect(Math.min(...hours.keys())).toBe(end - 366 * 24 * HOUR_MS);
  });
});
