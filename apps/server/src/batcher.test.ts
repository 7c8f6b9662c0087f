import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

/** A batcher that doubles its numbers and keeps the batches it ran; `fail` batches fail first. */
function doubling(options: { max?: number; fail?: number; attempts?: number; retryMs?: number } = {}) {
  const batches: Map<number, string>[] = [];
  const errors: { givenUp: number; again: number }[] = [];
  let fail = options.fail ?? 0;
  const batcher = new Batcher<number, string, number>({
    max: options.max ?? 500,
    attempts: options.attempts ?? 5,
    retryMs: options.retryMs ?? 20,
    run: async (items) => {
      batches.push(new Map(items));
      if (fail > 0) {
        fail -= 1;
        throw new Error('away');
      }
      return new Map([...items.keys()].map((key) => [key, key * 2]));
    },
    onError: (_error, failed) => errors.push(failed),
  });
  return { batcher, batches, errors };
}

describe('Batcher', () => {
  it('runs the keys asked for in one turn together, in batches of `max`, one batch at a time', async () => {
    const { batcher, batches } = doubling({ max: 4 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, key) => batcher.add(key, `item ${key}`)));
    expect(answers).toEqual(Array.from({ length: 10 }, (_, key) => key * 2));
    expect(batches.map((batch) => [...batch.keys()])).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
  });

  it('does a key asked again while it waits once, with the later item, and answers both callers', async () => {
    const { batcher, batches } = doubling();
    const first = batcher.add(7, 'old');
    const second = batcher.add(7, 'new');
    expect(await Promise.all([first, second])).toEqual([14, 14]);
    expect(batches).toEqual([new Map([[7, 'new']])]);
  });

  it('tries a failed batch again with the next one, after the pause, the failed keys first', async () => {
    const { batcher, batches, errors } = doubling({ fail: 1, retryMs: 30 });
    const first = batcher.add(1, 'a');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1);
    // Asked for during the pause: goes with the failed batch's keys.
    const second = batcher.add(2, 'b');
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(batches.map((batch) => [...batch.keys()])).toEqual([[1], [1, 2]]);
    expect(errors).toEqual([{ givenUp: 0, again: 1 }]);
  });

  it('gives a key up after `attempts` failed batches, and its callers get the error', async () => {
    const { batcher, batches, errors } = doubling({ fail: 10, attempts: 3, retryMs: 5 });
    await expect(batcher.add(1, 'a')).rejects.toThrow('away');
    expect(batches).toHaveLength(3);
    expect(errors.at(-1)).toEqual({ givenUp: 1, again: 0 });
    expect(batcher.waiting).toBe(0);
  });

  it('flush runs what waits at once, without the pause after a failure', async () => {
    const { batcher, batches } = doubling({ fail: 1, retryMs: 60_000 });
    const answer = batcher.add(3, 'c');
    await batcher.flush();
    expect(await answer).toBe(6);
    expect(batches).toHaveLength(2);
  });
});
