import { randomBytes } from 'node:crypto';
import type { LiveRoomChange, RoomRef } from '@roompilot/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeeding } from '../../test-support/scope.js';
import { createMemoryStore } from './memory-store.js';
import { createRedisStore, LIST_PAGE, MERGE_BATCH } from './redis-store.js';
import { type LiveStore, sameValue, textOf } from './store.js';

function redisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    throw new Error(
      'TEST_REDIS_URL is not set: the live-state suite needs a Redis such as redis://127.0.0.1:56379 (it never skips; `npm test` starts one).',
    );
  }
  return url;
}

const IMPLEMENTATIONS: [string, () => Promise<LiveStore>][] = [
  ['memory', async () => createMemoryStore()],
  ['redis', () => createRedisStore({ url: redisUrl(), prefix: `rp:test:${randomBytes(4).toString('hex')}:` })],
];

const room = (room_id: number, hotel_id = 1, floor_num = 1, building_id: number | null = 10): RoomRef => ({
  room_id,
  hotel_id,
  building_id,
  room_num: `${floor_num}${String(room_id).padStart(2, '0')}`,
  floor_num,
});
const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 8, 0, second));

/**
 * Collects changes, each the consoles' `room` message text parsed (and the texts as they came), and
 * lets a test wait for the n-th one (Redis delivers them asynchronously).
 */
function collector() {
  const changes: LiveRoomChange[] = [];
  const texts: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  return {
    changes,
    texts,
    listener: (text: string) => {
      const message = JSON.parse(text) as { type: string; data: LiveRoomChange };
      expect(message.type).toBe('room');
      texts.push(text);
      changes.push(message.data);
      for (const waiter of waiters.filter((w) => changes.length >= w.count)) waiter.resolve();
    },
    until: (count: number) =>
      changes.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push({ count, resolve });
          }),
  };
}

/** A Redis store on a prefix of its own and a plain connection to the same Redis, both closed after `use`. */
async function withRedisStore(use: (store: LiveStore, raw: Redis, prefix: string) => Promise<void>): Promise<void> {
  const url = redisUrl();
  const prefix = `rp:test:${randomBytes(4).toString('hex')}:`;
  const store = await createRedisStore({ url, prefix });
  const raw = new Redis(url);
  try {
    await use(store, raw, prefix);
  } finally {
    raw.disconnect();
    await store.close();
  }
}

for (const [name, open] of IMPLEMENTATIONS) {
  (name === 'redis' ? describeNeeding('redis') : describe)(`live-state store [${name}]`, () => {
    let store: LiveStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('answers null for a room never reported', async () => {
      expect(await store.get(999)).toBeNull();
    });

    it('merges partial states field by field, devices included', async () => {
      await store.merge(
        room(1),
        {
          rent: 'checked_in',
          card: true,
          devices: { AC1: { on: true, mode: 'cool', set: 24, temp: 26.5 }, L1: { on: true } },
          energy: { kwh: 10.5, w: 800 },
        },
        at(1),
      );
      await store.merge(room(1), { card: false, devices: { AC1: { set: 22 } }, energy: { w: 20 } }, at(2));
      expect(await store.get(1)).toEqual({
        ...room(1),
        online: false,
        rent: 'checked_in',
        card: false,
        door: false,
        window: false,
        occupied: false,
        dnd: false,
        mur: false,
        sos: false,
        stale: false,
        updated_at: at(2).toISOString(),
        devices: { AC1: { on: true, mode: 'cool', set: 22, temp: 26.5 }, L1: { on: true } },
        energy: { kwh: 10.5, w: 20 },
      });
    });

    it('answers only what changed, or null when nothing did (a heartbeat)', async () => {
      const change = await store.merge(room(2), { door: true, devices: { C1: { pos: 50 } } }, at(3));
      expect(change).toEqual({
        room_id: 2,
        hotel_id: 1,
        room_num: '102',
        floor_num: 1,
        updated_at: at(3).toISOString(),
        door: true,
        devices: { C1: { pos: 50 } },
      });
      expect(await store.merge(room(2), { door: true, devices: { C1: { pos: 50 } } }, at(4))).toBeNull();
      expect((await store.get(2))?.updated_at).toBe(at(4).toISOString());
      expect(await store.merge(room(2), { door: true, window: true }, at(5))).toMatchObject({ window: true });
    });

    it('sets online and offline', async () => {
      expect(await store.setOnline(room(3), true, at(6))).toMatchObject({ room_id: 3, online: true });
      expect(await store.setOnline(room(3), true, at(7))).toBeNull();
      expect(await store.setOnline(room(3), false, at(8))).toMatchObject({ online: false });
      expect((await store.get(3))?.online).toBe(false);
    });

    it('lists a hotel by floor and building, never another hotel', async () => {
      await store.merge(room(21, 5, 2), { card: true }, at(9));
      await store.merge(room(11, 5, 1), { card: true }, at(9));
      await store.merge(room(12, 5, 1, 20), { card: false }, at(9));
      await store.merge(room(31, 6, 1), { card: true }, at(9));
      expect((await store.list(5)).map((r) => r.room_id).sort()).toEqual([11, 12, 21]);
      expect((await store.list(5, { floor_num: 1 })).map((r) => r.room_id).sort()).toEqual([11, 12]);
      expect((await store.list(5, { floor_num: 1, building_id: 20 })).map((r) => r.room_id)).toEqual([12]);
      expect((await store.list(6)).map((r) => r.room_id)).toEqual([31]);
      expect(await store.list(77)).toEqual([]);
    });

    it('forgets a removed room', async () => {
      await store.merge(room(41, 8), { card: true }, at(10));
      await store.remove(41);
      expect(await store.get(41)).toBeNull();
      expect(await store.list(8)).toEqual([]);
    });

    it('tells the subscribers of the room’s hotel, and only them', async () => {
      const hotel9 = collector();
      const hotel10 = collector();
      const stop9 = await store.subscribe(9, hotel9.listener);
      const stop10 = await store.subscribe(10, hotel10.listener);
      await store.merge(room(51, 9), { dnd: true }, at(11));
      await store.merge(room(51, 9), { dnd: true }, at(12));
      await store.merge(room(51, 9), { mur: true, devices: { AC1: { fan: 'low' } } }, at(13));
      await hotel9.until(2);
      expect(hotel9.changes).toEqual([
        expect.objectContaining({ room_id: 51, dnd: true }),
        expect.objectContaining({ room_id: 51, mur: true, devices: { AC1: { fan: 'low' } } }),
      ]);
      await stop9();
      await store.merge(room(51, 9), { sos: true }, at(14));
      await store.merge(room(61, 10), { sos: true }, at(14));
      await hotel10.until(1);
      expect(hotel10.changes).toEqual([expect.objectContaining({ room_id: 61, sos: true })]);
      expect(hotel9.changes).toHaveLength(2);
      await stop10();
    });

    it('gives the last known state of the rooms it has a time for, as the database keeps it', async () => {
      await store.merge(
        room(101, 17),
        {
          rent: 'checked_in',
          card: true,
          online: true,
          devices: { AC1: { on: true, set: 23 }, 'L"2': { on: false } },
          energy: { kwh: 4.5 },
        },
        at(60),
      );
      await store.merge(room(101, 17), { devices: { AC1: { mode: 'cool' } }, stale: false }, at(61));
      await store.merge(room(102, 17), { door: true, online: true }, at(62));
      const flags = { card: false, door: false, window: false, occupied: false, dnd: false, mur: false, sos: false };
      const records = await store.lastStates([101, 102, 999]);
      expect(records.map((record) => ({ ...record, state: JSON.parse(record.state) }))).toEqual([
        {
          room_id: 101,
          hotel_id: 17,
          updated_at: at(61).toISOString(),
          state: {
            ...flags,
            rent: 'checked_in',
            card: true,
            devices: { AC1: { on: true, set: 23, mode: 'cool' }, 'L"2': { on: false } },
            energy: { kwh: 4.5 },
          },
        },
        {
          room_id: 102,
          hotel_id: 17,
          updated_at: at(62).toISOString(),
          state: { ...flags, door: true, devices: {}, energy: {} },
        },
      ]);
    });

    it("tells each change as the consoles' room message: the room's ids, the time and what changed, never the caller's other fields", async () => {
      const hotel13 = collector();
      const stop = await store.subscribe(13, hotel13.listener);
      // What the gateway passes: its device, with the RCU's id and key beside the room's ids.
      const device = { ...room(81, 13, 3, null), rcu_id: 'RCU-81', device_key: 'secret-key-81' };
      await store.merge(device, { card: true, devices: { AC1: { on: true, set: 22 } } }, at(30));
      const change = await store.merge(
        device,
        {
          card: true,
          rent: 'checked_in',
          devices: { AC1: { on: true, set: 24, mode: 'cool' }, 'L"1': { on: false } },
          energy: { kwh: 12.5, w: 300 },
        },
        at(31),
      );
      await hotel13.until(2);
      const expected = {
        room_id: 81,
        hotel_id: 13,
        room_num: '381',
        floor_num: 3,
        updated_at: at(31).toISOString(),
        rent: 'checked_in',
        devices: { AC1: { set: 24, mode: 'cool' }, 'L"1': { on: false } },
        energy: { kwh: 12.5, w: 300 },
      };
      expect(change).toEqual(expected);
      expect(hotel13.changes[1]).toEqual(expected);
      expect(hotel13.changes[0]).toMatchObject({ card: true, devices: { AC1: { on: true, set: 22 } } });
      for (const text of hotel13.texts) expect(text).not.toMatch(/secret-key-81|RCU-81/);
      await stop();
    });

    it('restores a last known state only for a room it has no record of, telling nobody; the next merge clears stale', async () => {
      const hotel12 = collector();
      const stop = await store.subscribe(12, hotel12.listener);
      const last = {
        rent: 'checked_in',
        card: true,
        devices: { AC1: { on: true, set: 23 } },
        energy: { kwh: 7 },
      } as const;
      expect(await store.restore(room(71, 12), { ...last, online: false, stale: true }, at(20))).toBe(true);
      expect(await store.get(71)).toMatchObject({
        online: false,
        stale: true,
        card: true,
        rent: 'checked_in',
        updated_at: at(20).toISOString(),
        devices: { AC1: { on: true, set: 23 } },
        energy: { kwh: 7 },
      });
      // A room the store knows (another instance's Redis record, or a message first) is kept.
      await store.merge(room(72, 12), { card: false, online: true }, at(21));
      expect(await store.restore(room(72, 12), { ...last, online: false, stale: true }, at(20))).toBe(false);
      expect(await store.get(72)).toMatchObject({ online: true, stale: false, card: false, rent: null });
      expect(await store.restore(room(71, 12), { card: false, stale: true }, at(22))).toBe(false);

      const change = await store.merge(room(71, 12), { dnd: true, online: true, stale: false }, at(23));
      expect(change).toMatchObject({ room_id: 71, dnd: true, online: true, stale: false });
      expect(await store.get(71)).toMatchObject({ online: true, stale: false, card: true, dnd: true });
      expect(await store.list(12)).toHaveLength(2);
      await hotel12.until(2);
      expect(hotel12.changes.map((c) => c.room_id)).toEqual([72, 71]);
      await stop();
    });
  });
}

describeNeeding('redis')('redis store', () => {
  it('fans changes out to another instance sharing the Redis', async () => {
    const url = redisUrl();
    const prefix = `rp:test:${randomBytes(4).toString('hex')}:`;
    const first = await createRedisStore({ url, prefix });
    const second = await createRedisStore({ url, prefix });
    try {
      const seen = collector();
      await second.subscribe(12, seen.listener);
      await first.merge(room(71, 12), { occupied: true }, at(15));
      await seen.until(1);
      expect(seen.changes[0]).toMatchObject({ room_id: 71, hotel_id: 12, occupied: true });
      expect((await second.get(71))?.occupied).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
  it('sends the merges made in one go together, each answered and told as if alone, in the order made', () =>
    withRedisStore(async (store, raw, prefix) => {
      const monitor = await new Redis(redisUrl()).monitor();
      const calls: string[][] = [];
      let markerSeen = () => {};
      monitor.on('monitor', (_time: string, args: string[]) => {
        if (args[1] === `${prefix}marker`) markerSeen();
        else if (/^eval/i.test(args[0] ?? '') && args.some((arg) => arg.startsWith(prefix))) calls.push(args);
      });
      try {
        const seen = collector();
        await store.subscribe(17, seen.listener);
        await store.merge(room(300, 17), { card: false, door: false }, at(1));
        await seen.until(1);
        // In one go: more rooms than a batch holds, room 300 twice (its second merge sees its first),
        // a heartbeat that changes nothing, and rooms of another hotel between.
        const count = MERGE_BATCH + 20;
        const merges = [
          store.merge(room(300, 17), { card: true }, at(2)),
          ...Array.from({ length: count }, (_, i) =>
            store.merge(
              room(400 + i, i % 2 === 0 ? 17 : 18),
              { occupied: true, devices: { L1: { on: i % 3 === 0 } } },
              at(2),
            ),
          ),
          store.merge(room(300, 17), { card: true, door: true }, at(3)),
          store.merge(room(300, 17), { card: true, door: true }, at(4)),
        ];
        const changes = await Promise.all(merges);
        expect(changes[0]).toMatchObject({ room_id: 300, card: true });
        expect(changes[0]).not.toHaveProperty('door');
        expect(changes[1]).toMatchObject({ room_id: 400, hotel_id: 17, occupied: true, devices: { L1: { on: true } } });
        expect(changes[count]).toMatchObject({ room_id: 400 + count - 1, hotel_id: 18 });
        expect(changes[count + 1]).toEqual({
          room_id: 300,
          hotel_id: 17,
          room_num: '1300',
          floor_num: 1,
          updated_at: at(3).toISOString(),
          door: true,
        });
        expect(changes[count + 2]).toBeNull();
        // Hotel 17's consoles hear its rooms' changes in the order made, nothing of hotel 18.
        const hotel17 = 1 + 1 + count / 2 + 1;
        await seen.until(hotel17);
        expect(seen.changes.slice(1).map((change) => change.room_id)).toEqual([
          300,
          ...Array.from({ length: count / 2 }, (_, i) => 400 + 2 * i),
          300,
        ]);
        expect((await store.get(300))?.door).toBe(true);
        expect((await store.list(18)).length).toBe(count / 2);
        // The script calls, the first merge's and the others', all seen once the monitor shows a later
        // command: the other count + 3 merges in two, a full batch and the rest.
        await new Promise<void>((resolve) => {
          markerSeen = resolve;
          void raw.get(`${prefix}marker`);
        });
        expect(calls).toHaveLength(1 + Math.ceil((count + 3) / MERGE_BATCH));
      } finally {
        monitor.disconnect();
      }
    }));

  it('fails a room the script cannot merge alone, the others of its call merged and told', () =>
    withRedisStore(async (store, raw, prefix) => {
      await raw.set(`${prefix}room:502`, 'not a hash');
      const seen = collector();
      await store.subscribe(19, seen.listener);
      const outcomes = await Promise.allSettled(
        [501, 502, 503].map((id) => store.merge(room(id, 19), { card: true }, at(5))),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/WRONGTYPE/);
      await seen.until(2);
      expect(seen.changes.map((change) => change.room_id)).toEqual([501, 503]);
      expect((await store.get(503))?.card).toBe(true);
    }));

  it('lists a hotel of more rooms than a page, every room once', async () => {
    const store = await createRedisStore({ url: redisUrl(), prefix: `rp:test:${randomBytes(4).toString('hex')}:` });
    try {
      const count = LIST_PAGE * 2 + 7;
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          store.merge(room(1000 + i, 15, 1 + (i % 30)), { card: i % 2 === 0 }, at(50)),
        ),
      );
      await store.merge(room(5000, 16), { card: true }, at(50));
      const listed = await store.list(15);
      expect(new Set(listed.map((r) => r.room_id)).size).toBe(count);
      expect(listed).toHaveLength(count);
      expect(listed.find((r) => r.room_id === 1000 + count - 1)).toMatchObject({
        hotel_id: 15,
        card: (count - 1) % 2 === 0,
      });
      expect(await store.list(15, { floor_num: 2 })).toHaveLength(listed.filter((r) => r.floor_num === 2).length);
    } finally {
      await store.close();
    }
  });

  it("keeps only the room's ids beside its state, never the device's key", () =>
    withRedisStore(async (store, raw, prefix) => {
      const device = { ...room(91, 14), rcu_id: 'RCU-91', device_key: 'secret-key-91' };
      await store.merge(device, { card: true }, at(40));
      await store.restore(
        { ...room(92, 14), rcu_id: 'RCU-92', device_key: 'secret-key-92' } as RoomRef,
        { card: true },
        at(40),
      );
      for (const id of [91, 92]) {
        const hash = await raw.hgetall(`${prefix}room:${id}`);
        expect(JSON.parse(hash.room as string)).toEqual(room(id, 14));
      }
    }));
  it('fails clearly when Redis is unreachable', async () => {
    await expect(createRedisStore({ url: 'redis://127.0.0.1:1' })).rejects.toThrow(/not reachable/);
  });
});

describe('field values (compared without their JSON text)', () => {
  it('compares as the JSON texts would', () => {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const cases: [unknown, unknown][] = [
      [24, 24.0],
      [24, 24.5],
      [0, -0],
      [true, 'true'],
      [1, '1'],
      [1, true],
      [null, false],
      [Number.NaN, null],
      ['cool', 'cool'],
      ['cool', 'heat'],
      [
        { on: true, set: 24 },
        { on: true, set: 24.0 },
      ],
      [
        { on: true, set: 24 },
        { on: true, set: 23 },
      ],
      [{ a: { b: [1, 2] } }, { a: { b: [1, 2] } }],
      [
        [1, 2],
        [1, 2, 3],
      ],
      [undefined, 0],
      [undefined, false],
      [undefined, { on: true }],
    ];
    for (const [a, b] of cases) {
      expect(sameValue(a, b), `${String(a)} vs ${String(b)}`).toBe(same(a, b));
      expect(sameValue(b, a), `${String(b)} vs ${String(a)}`).toBe(same(a, b));
    }
  });

  it('writes the same text as JSON.stringify (the Redis store’s form)', () => {
    for (const value of [24, 24.5, -0, 1e21, 1e-7, Number.NaN, true, false, 'cool', 'é"\\', null, { on: true }, [1]]) {
      expect(textOf(value)).toBe(JSON.stringify(value));
    }
  });

  it('reads a room as its last change left it, and nobody can change what a read handed out (memory store)', async () => {
    const store = createMemoryStore();
    await store.merge(room(82), { card: true, devices: { AC1: { on: true, set: 24 } } }, at(1));
    const first = await store.get(82);
    // A heartbeat changes nothing but the time: the read follows it.
    expect(await store.merge(room(82), { card: true }, at(2))).toBeNull();
    expect((await store.get(82))?.updated_at).toBe(at(2).toISOString());
    // A change shows at the next read, in get and in list alike; the earlier read keeps what it saw.
    await store.merge(room(82), { devices: { AC1: { set: 26 } }, door: true }, at(3));
    expect(await store.get(82)).toMatchObject({ door: true, devices: { AC1: { on: true, set: 26 } } });
    expect((await store.list(1)).find((r) => r.room_id === 82)).toMatchObject({
      door: true,
      devices: { AC1: { set: 26 } },
    });
    expect(first).toMatchObject({ door: false, devices: { AC1: { on: true, set: 24 } } });
    // The devices a read hands out are shared by reads until the next change: frozen, not writable.
    const read = await store.get(82);
    expect(() => {
      (read?.devices.AC1 as Record<string, unknown>).set = 30;
    }).toThrow(TypeError);
    expect((await store.get(82))?.devices.AC1).toEqual({ on: true, set: 26 });
    // The room's head is each read's own.
    if (read) read.card = false;
    expect((await store.get(82))?.card).toBe(true);
    // A room edited (its number, its floor) reads with its new head at once.
    await store.merge({ ...room(82), room_num: '999', floor_num: 9 }, { card: true }, at(4));
    expect(await store.get(82)).toMatchObject({ room_num: '999', floor_num: 9, door: true });
    await store.close();
  });

  it('merges nested values by content and keeps its own copy (memory store)', async () => {
    const store = createMemoryStore();
    const nested = { schedule: [{ at: '08:00', set: 22 }] };
    const patch = { devices: { AC1: { set: 24, extra: nested } } } as never;
    expect(await store.merge(room(81), patch, at(1))).toMatchObject({ devices: { AC1: { set: 24, extra: nested } } });
    nested.schedule[0] = { at: '09:00', set: 20 };
    expect((await store.get(81))?.devices.AC1).toEqual({ set: 24, extra: { schedule: [{ at: '08:00', set: 22 }] } });
    const again = { devices: { AC1: { set: 24.0, extra: { schedule: [{ at: '08:00', set: 22 }] } } } } as never;
    expect(await store.merge(room(81), again, at(2))).toBeNull();
    expect(await store.merge(room(81), { card: 'true' } as never, at(3))).toMatchObject({ card: 'true' });
    expect(await store.merge(room(81), { card: true }, at(4))).toMatchObject({ card: true });
    await store.close();
  });
});
