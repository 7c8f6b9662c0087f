import { describe, expect, it } from 'vitest';
import { windowWait } from './service.js';

/** A local time today (the window is the server's time zone). */
const at = (hours: number, minutes = 0) => new Date(2026, 10, 25, hours, minutes, 0, 0);

describe('upgrade time window', () => {
  it('lets rooms start at any time without a window', () => {
    expect(windowWait({ window_from: null, window_to: null }, at(12))).toBeNull();
  });

  it('opens at its start and closes at its end', () => {
    const window = { window_from: '02:00', window_to: '05:00' };
    expect(windowWait(window, at(2))).toBeNull();
    expect(windowWait(window, at(4, 59))).toBeNull();
    expect(windowWait(window, at(5))).toEqual(new Date(2026, 10, 26, 2, 0));
    expect(windowWait(window, at(1, 30))).toEqual(at(2));
  });

  it('spans midnight when it ends before it starts', () => {
    const window = { window_from: '23:00', window_to: '01:30' };
    expect(windowWait(window, at(23, 30))).toBeNull();
    expect(windowWait(window, at(0, 45))).toBeNull();
    expect(windowWait(window, at(1, 30))).toEqual(at(23));
    expect(windowWait(window, at(12))).toEqual(at(23));
  });
});
