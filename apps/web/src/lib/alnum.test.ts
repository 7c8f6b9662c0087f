import { describe, expect, it } from 'vitest';
import { alnumOnly, normalizeAlnum } from './alnum';

describe('alnumOnly', () => {
  it('keeps ASCII letters and digits', () => {
    expect(alnumOnly('Room0201')).toBe('Room0201');
  });

  it('strips spaces, punctuation, symbols and non-ASCII letters', () => {
    expect(alnumOnly(' a-b_c.1/2:3 ')).toBe('abc123');
    expect(alnumOnly('房间12ü')).toBe('12');
    expect(alnumOnly('')).toBe('');
  });
});

describe('normalizeAlnum', () => {
  it('cleans strings and passes anything else through', () => {
    expect(normalizeAlnum('AA:BB:01')).toBe('AABB01');
    expect(normalizeAlnum(undefined)).toBeUndefined();
    expect(normalizeAlnum(7)).toBe(7);
  });
});
