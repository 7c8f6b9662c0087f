import { describe, expect, it } from 'vitest';
import { FileCache } from './file-cache.js';

/** A cache over a fake store that counts its reads. */
function cacheOf(maxBytes: number, fail = new Set<number>()) {
  const reads: number[] = [];
  const cache = new FileCache(maxBytes, async (id) => {
    reads.push(id);
    if (fail.has(id)) throw new Error('database away');
    return Buffer.alloc(10, id);
  });
  return { cache, reads };
}

describe('the files being downloaded, in memory', () => {
  it('reads a file once for every download of it', async () => {
    const { cache, reads } = cacheOf(100);
    const all = await Promise.all(Array.from({ length: 50 }, () => cache.get(1, 10)));
    expect(all.every((bytes) => bytes?.equals(Buffer.alloc(10, 1)))).toBe(true);
    expect(reads).toEqual([1]);
  });

  it('lets the least recently used go past its size, and keeps no file larger than itself', async () => {
    const { cache, reads } = cacheOf(20);
    await cache.get(1, 10);
    await cache.get(2, 10);
    await cache.get(1, 10);
    await cache.get(3, 10);
    expect(reads).toEqual([1, 2, 3]);
    await cache.get(1, 10);
    await cache.get(2, 10);
    expect(reads).toEqual([1, 2, 3, 2]);
    expect(await cache.get(4, 21)).toBeNull();
    expect(reads).toEqual([1, 2, 3, 2]);
  });

  it('keeps no failed read, and forgets a removed file', async () => {
    const fail = new Set([5]);
    const { cache, reads } = cacheOf(100, fail);
    await expect(cache.get(5, 10)).rejects.toThrow('database away');
    fail.clear();
    await Promise.resolve();
    expect(await cache.get(5, 10)).toEqual(Buffer.alloc(10, 5));
    cache.forget(5);
    await cache.get(5, 10);
    expect(reads).toEqual([5, 5, 5]);
  });
});
