import type { StatePayload } from '@roompilot/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRcu, type RcuOptions } from './rcu.js';

// The time a virtual RCU keeps, without a broker: mqtt.connect gives a client that is connected at
// once and keeps what is published; the timers are Vitest's, so a real hour takes no time.

const published = vi.hoisted(() => [] as { topic: string; body: Record<string, unknown> }[]);

vi.mock('mqtt', () => {
  const connect = () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const client = {
      connected: true,
      on(event: string, handler: (...args: unknown[]) => void) {
        handlers.set(event, handler);
        if (event === 'connect') queueMicrotask(() => handler());
        return client;
      },
      subscribe: () => client,
      publish(topic: string, payload: string) {
        published.push({ topic, body: JSON.parse(payload) as Record<string, unknown> });
        return client;
      },
      publishAsync: async () => undefined,
      endAsync: async () => undefined,
    };
    return client;
  };
  return { default: { connect } };
});

const REAL_START = new Date('2026-11-27T13:00:00Z');
const HOUR_MS = 3_600_000;

const states = () =>
  published.filter((message) => message.topic.endsWith('/state')).map((message) => message.body as StatePayload);

/** An RCU of a room whose devices are all off (it draws 12 W), run for `realMs` of real time. */
async function run(options: Partial<RcuOptions>, realMs: number) {
  const rcu = createRcu({ url: 'mqtt://test', rcuId: 'R1x0201', deviceKey: 'k', random: () => 0.5, ...options });
  await rcu.start();
  await vi.advanceTimersByTimeAsync(realMs);
  await rcu.stop();
  return rcu;
}

beforeEach(() => {
  published.length = 0;
  vi.useFakeTimers({ now: REAL_START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a virtual RCU's clock", () => {
  it('stamps the real time by default, however fast its guest lives', async () => {
    const rcu = await run({ speed: 60, behave: false }, HOUR_MS);
    const stamps = states().map((state) => state.ts as number);
    expect(stamps.length).toBeGreaterThan(100);
    expect(Math.min(...stamps)).toBeGreaterThanOrEqual(REAL_START.getTime());
    expect(Math.max(...stamps)).toBeLessThanOrEqual(REAL_START.getTime() + HOUR_MS);
    // Its meter counts a real hour: 12 W for an hour.
    expect(rcu.room.energy.kwh).toBeCloseTo(0.012, 3);
  });

  it('stamps a simulated time when asked: from its start, speed times as fast', async () => {
    const start = new Date('2026-11-26T00:00:00Z');
    const rcu = await run({ speed: 60, clock: 'simulated', start, behave: false }, 10 * 60_000);
    const stamps = states().map((state) => state.ts as number);
    expect(Math.min(...stamps)).toBeGreaterThanOrEqual(start.getTime());
    // Ten real minutes are ten simulated hours, and the meter counts them.
    expect(Math.max(...stamps)).toBeGreaterThan(start.getTime() + 9.5 * HOUR_MS);
    expect(Math.max(...stamps)).toBeLessThanOrEqual(start.getTime() + 10 * HOUR_MS);
    expect(rcu.room.energy.kwh).toBeCloseTo(0.12, 3);
  });

  it('lives a sped-up life on the real clock: a day of guests in a real hour', async () => {
    const rcu = await run({ speed: 60, rates: { sos: 0, drop: 0 }, random: Math.random }, HOUR_MS);
    const events = published.filter((message) => message.topic.endsWith('/event'));
    expect(events.filter((event) => event.body.type === 'card_in').length).toBeGreaterThan(0);
    for (const event of events) expect(event.body.ts as number).toBeLessThanOrEqual(REAL_START.getTime() + HOUR_MS);
    expect(rcu.stats.published).toBe(published.length);
  });

  it('takes a start time only with the simulated clock', () => {
    expect(() => createRcu({ url: 'mqtt://test', rcuId: 'R1', deviceKey: 'k', start: REAL_START })).toThrow(
      /clock: 'simulated'/,
    );
  });
});
