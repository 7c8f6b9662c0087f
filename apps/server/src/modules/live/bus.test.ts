import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { describeNeeding } from '../../test-support/scope.js';
import { createMemoryBus, createRedisBus, type LiveBus } from './bus.js';

function redisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    throw new Error('TEST_REDIS_URL is not set: the bus suite needs a Redis (it never skips; `npm test` starts one).');
  }
  return url;
}

/** Waits until `check` holds (Redis delivers the other instances' messages asynchronously). */
async function until(check: () => boolean, ms = 2_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await sleep(5)) if (Date.now() > end) throw new Error('timed out');
}

describe('the bus in one process', () => {
  it('delivers at once to each listener', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    await bus.subscribe('alerts', (message) => got.push(message));
    await bus.publish('alerts', { type: 'alert', hotel_id: 1 });
    expect(got).toEqual([{ type: 'alert', hotel_id: 1 }]);
    await bus.close();
  });
});

describeNeeding('redis')('the bus between instances, on Redis', () => {
  const open: LiveBus[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });

  it('its own instance hears a message at once, the other through Redis, each once', async () => {
    const prefix = `rp:test:${randomBytes(4).toString('hex')}:`;
    const a = await createRedisBus({ url: redisUrl(), prefix });
    const b = await createRedisBus({ url: redisUrl(), prefix });
    open.push(a, b);
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    await a.subscribe('alerts', (message) => onA.push(message));
    await b.subscribe('alerts', (message) => onB.push(message));

    const published = a.publish('alerts', { type: 'alert', hotel_id: 7, data: { id: 1 } });
    // Before Redis has even taken the message: A's own consoles have it.
    expect(onA).toEqual([{ type: 'alert', hotel_id: 7, data: { id: 1 } }]);
    await published;
    await until(() => onB.length === 1);
    expect(onB).toEqual([{ type: 'alert', hotel_id: 7, data: { id: 1 } }]);

    await b.publish('alerts', { type: 'alert_closed', hotel_id: 7 });
    await until(() => onA.length === 2);
    await sleep(50);
    // Neither hears its own message a second time through Redis.
    expect(onA).toEqual([
      { type: 'alert', hotel_id: 7, data: { id: 1 } },
      { type: 'alert_closed', hotel_id: 7 },
    ]);
    expect(onB).toEqual([
      { type: 'alert', hotel_id: 7, data: { id: 1 } },
      { type: 'alert_closed', hotel_id: 7 },
    ]);
  });

  it('a listener that throws keeps neither the others nor the publisher from going on', async () => {
    const prefix = `rp:test:${randomBytes(4).toString('hex')}:`;
    const errors: Error[] = [];
    const a = await createRedisBus({ url: redisUrl(), prefix, onError: (error) => errors.push(error) });
    open.push(a);
    const got: unknown[] = [];
    await a.subscribe('perms', () => {
      throw new Error('listener broke');
    });
    await a.subscribe('perms', (message) => got.push(message));
    await expect(a.publish('perms', { user_ids: [3] })).resolves.toBeUndefined();
    expect(got).toEqual([{ user_ids: [3] }]);
    expect(errors.map((error) => error.message)).toEqual(['listener broke']);
  });
});
