import { describe, expect, it } from 'vitest';
import { keyForKind, kindOfKey, nextFreeKey } from './deviceKeys';

describe('device keys', () => {
  it('suggests the lowest free number of the kind’s prefix', () => {
    expect(nextFreeKey('ac', [])).toBe('AC1');
    expect(nextFreeKey('ac', ['AC1', 'L1'])).toBe('AC2');
    expect(nextFreeKey('light', ['L1', 'L3', 'AC2'])).toBe('L2');
    expect(nextFreeKey('floor_heating', ['FH1'])).toBe('FH2');
    expect(nextFreeKey('ir', ['L1'])).toBe('IR1');
  });

  it('keeps prefixes apart: a curtain C1 does not take the light L1 or the AC1', () => {
    expect(nextFreeKey('curtain', ['AC1', 'L1'])).toBe('C1');
  });

  it('gives up after 99', () => {
    const all = Array.from({ length: 99 }, (_, index) => `S${index + 1}`);
    expect(nextFreeKey('socket', all)).toBeUndefined();
  });

  it('reads the kind from a key', () => {
    expect(kindOfKey('AC12')).toBe('ac');
    expect(kindOfKey('FH1')).toBe('floor_heating');
    expect(kindOfKey('C3')).toBe('curtain');
    expect(kindOfKey('X1')).toBeUndefined();
    expect(kindOfKey('L0')).toBeUndefined();
  });

  it('re-keys a row when its kind changes, keeping a key that still fits', () => {
    expect(keyForKind('ac', 'L1', ['AC1', 'L2'])).toBe('AC2');
    expect(keyForKind('light', 'L4', ['L1'])).toBe('L4');
    expect(keyForKind('light', 'L1', ['L1'])).toBe('L2');
  });
});
