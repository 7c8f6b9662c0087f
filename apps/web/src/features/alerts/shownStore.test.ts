import { describe, expect, it } from 'vitest';
import { loadShown, SHOWN_MAX, saveShown, shownKey } from './shownStore';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the alerts a user was shown', () => {
  it('are kept per hotel and user, and read back', () => {
    const storage = memoryStorage();
    saveShown(shownKey(1, 'waiter'), [5, 3, 5], storage);
    expect(loadShown(shownKey(1, 'waiter'), storage)).toEqual([3, 5]);
    expect(loadShown(shownKey(1, 'manager'), storage)).toEqual([]);
    expect(loadShown(shownKey(2, 'waiter'), storage)).toEqual([]);
  });

  it('keep only the newest ids', () => {
    const storage = memoryStorage();
    const ids = Array.from({ length: SHOWN_MAX + 50 }, (_, index) => index + 1);
    saveShown('k', ids.reverse(), storage);
    const kept = loadShown('k', storage);
    expect(kept).toHaveLength(SHOWN_MAX);
    expect(kept[0]).toBe(51);
    expect(kept.at(-1)).toBe(SHOWN_MAX + 50);
  });

  it('forget what is not a list of ids, and a storage that refuses', () => {
    const storage = memoryStorage();
    storage.setItem('bad', '{"not":"a list"}');
    expect(loadShown('bad', storage)).toEqual([]);
    storage.setItem('mixed', '[1,"2",3.5,4]');
    expect(loadShown('mixed', storage)).toEqual([1, 4]);
    storage.setItem('broken', '[1,');
    expect(loadShown('broken', storage)).toEqual([]);
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveShown('k', [1], refusing)).not.toThrow();
  });
});
