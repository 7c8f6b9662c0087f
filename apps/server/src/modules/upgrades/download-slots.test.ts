import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { describeNeeding } from '../../test-support/scope.js';
import { createMemorySlots, createRedisSlots } from './download-slots.js';

describe('download places in memory (one instance)', () => {
  it('caps each job on its own; a place released is free again, once', async () => {
    const slots = createMemorySlots();
    const first = await slots.take(1, 2);
    const second = await slots.take(1, 2);
    expect(first && second).toBeTruthy();
    expect(await slots.take(1, 2)).toBeNull();
    expect(await slots.take(2, 1)).not.toBeNull();
    first?.release();
    first?.release();
    expect(await slots.take(1, 2)).not.toBeNull();
    expect(await slots.take(1, 2)).toBeNull();
  });
});

function redisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url)
    throw new Error('TEST_REDIS_URL is not set: the download places suite needs a Redis (`npm test` starts one).');
  return url;
}

describeNeeding('redis')('download places in Redis (every instance)', () => {
  it("caps a job across two instances, and a dead instance's places come back when its leases run out", async () => {
    const prefix = `rp:test:${randomBytes(4).toString('hex')}:`;
    const errors: unknown[] = [];
    const leaseMs = 600;
    const a = createRedisSlots(new Redis(redisUrl()), prefix, (error) => errors.push(error), leaseMs);
    const b = createRedisSlots(new Redis(redisUrl()), prefix, (error) => errors.push(error), leaseMs);
    try {
      const held = [await a.take(7, 3), await a.take(7, 3), await b.take(7, 3)];
      expect(held.every((lease) => lease !== null)).toBe(true);
      expect(await b.take(7, 3)).toBeNull();
      expect(await a.take(7, 3)).toBeNull();
      // Released on B: one place again, for either instance.
      held[2]?.release();
      await expect.poll(async () => (await b.take(7, 3)) !== null).toBe(true);
      // A held downloads longer than a lease: renewed, so still held.
      await new Promise((resolve) => setTimeout(resolve, leaseMs * 1.5));
      expect(await b.take(7, 3)).toBeNull();
      // A dies without releasing: its two places come back once its leases have run out.
      await a.close();
      expect(await b.take(7, 3)).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, leaseMs + 100));
      expect(await b.take(7, 3)).not.toBeNull();
      expect(await b.take(7, 3)).not.toBeNull();
      expect(await b.take(7, 3)).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
