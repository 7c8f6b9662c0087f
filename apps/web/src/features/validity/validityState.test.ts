import { describe, expect, it } from 'vitest';
import { validityState } from './validityState';

describe('validity state', () => {
  it('warns from 30 days before the end, and after it', () => {
    expect(validityState(null)).toBe('none');
    expect(validityState(31)).toBe('ok');
    expect(validityState(30)).toBe('soon');
    expect(validityState(0)).toBe('soon');
    expect(validityState(-1)).toBe('expired');
  });
});
