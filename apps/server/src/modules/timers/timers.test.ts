import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from '../../test-support/databases.js';
import { type FiredTimer, TIMER_CLAIM_MS, TimerService } from './service.js';

const MINUTE = 60_000;

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`persistent timers [${kind}]`, () => {
    let t: TestApp;
    let hotelId: number;
    let roomId: number;

    beforeAll(async () => {
      // No poll: the tests fire due timers themselves, at the times they choose.
      t = await createTestApp(kind, { env: { TIMER_POLL_SECONDS: '0' } });
      const room = await t.db.selectFrom('rooms').select(['id', 'hotel_id']).orderBy('id').executeTakeFirstOrThrow();
      hotelId = room.hotel_id;
      roomId = room.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    /** A timer service of its own on the test's database, as a second server instance has. */
    function instance(): TimerService {
      return new TimerService({ db: t.db, clock: t.clock });
    }

    it('fires a timer once it is due, with its data, and never again', async () => {
      const timers = instance();
      const fired: FiredTimer[] = [];
      timers.on('test_once', async (timer) => {
        fired.push(timer);
      });
      const due = new Date(t.clock().getTime() + 5 * MINUTE);
      await timers.set({
        key: 'once:1',
        hotel_id: hotelId,
        room_id: roomId,
        kind: 'test_once',
        due_at: due,
        data: { set: 26 },
      });
      expect(await timers.fireDue()).toBe(0);
      t.clock.advance(5 * MINUTE - 1);
      expect(await timers.fireDue()).toBe(0);
      t.clock.advance(1);
      expect(await timers.fireDue()).toBe(1);
      expect(fired).toEqual([
        {
          key: 'once:1',
          hotel_id: hotelId,
          room_id: roomId,
          kind: 'test_once',
          due_at: due.toISOString(),
          data: { set: 26 },
        },
      ]);
      expect(await timers.find('once:1')).toBeNull();
      t.clock.advance(MINUTE);
      expect(await timers.fireDue()).toBe(0);
      expect(fired).toHaveLength(1);
    });

    it('replaces a timer set again under its key, and cancels by key', async () => {
      const timers = instance();
      const fired: FiredTimer[] = [];
      timers.on('test_replace', async (timer) => {
        fired.push(timer);
      });
      const now = t.clock().getTime();
      await timers.set({
        key: 'replace:1',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_replace',
        due_at: new Date(now + MINUTE),
        data: { n: 1 },
      });
      await timers.set({
        key: 'replace:1',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_replace',
        due_at: new Date(now + 3 * MINUTE),
        data: { n: 2 },
      });
      await timers.set({
        key: 'cancel:1',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_replace',
        due_at: new Date(now + MINUTE),
      });
      expect(await timers.cancel('cancel:1')).toBe(true);
      expect(await timers.cancel('cancel:1')).toBe(false);
      t.clock.advance(2 * MINUTE);
      expect(await timers.fireDue()).toBe(0);
      expect((await timers.find('replace:1'))?.data).toEqual({ n: 2 });
      t.clock.advance(MINUTE);
      expect(await timers.fireDue()).toBe(1);
      expect(fired.map((timer) => timer.data)).toEqual([{ n: 2 }]);
    });

    it('leaves the timers of kinds it has no handler for, and goes on after a handler fails', async () => {
      const timers = instance();
      const now = t.clock().getTime();
      await timers.set({
        key: 'other:1',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_unhandled',
        due_at: new Date(now),
      });
      const errors: object[] = [];
      const failing = new TimerService({ db: t.db, clock: t.clock, log: { error: (object) => errors.push(object) } });
      failing.on('test_failing', async () => {
        throw new Error('boom');
      });
      await failing.set({
        key: 'fail:1',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_failing',
        due_at: new Date(now),
      });
      await failing.set({
        key: 'fail:2',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_failing',
        due_at: new Date(now),
      });
      expect(await failing.fireDue()).toBe(2);
      expect(errors).toHaveLength(2);
      expect(await timers.find('other:1')).not.toBeNull();
      expect(await timers.fireDue()).toBe(0);
      await timers.cancel('other:1');
    });

    it('fires each timer once when several instances poll at the same time', async () => {
      const counts = new Map<string, number>();
      const instances = [instance(), instance(), instance()];
      for (const timers of instances) {
        timers.on('test_shared', async (timer) => {
          counts.set(timer.key, (counts.get(timer.key) ?? 0) + 1);
        });
      }
      const now = t.clock().getTime();
      for (let i = 0; i < 150; i++) {
        await instances[0]?.set({
          key: `shared:${i}`,
          hotel_id: hotelId,
          room_id: roomId,
          kind: 'test_shared',
          due_at: new Date(now - i),
        });
      }
      const fired = await Promise.all(instances.map((timers) => timers.fireDue()));
      expect(fired.reduce((a, b) => a + b, 0)).toBe(150);
      expect(counts.size).toBe(150);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
    });

    it('fires again on another instance when the one firing it died in the middle, once its claim runs out', async () => {
      const dying = instance();
      const survivor = instance();
      // The first instance's handler never returns, as a process killed with SIGKILL never does.
      let started = 0;
      dying.on('test_killed', () => {
        started += 1;
        return new Promise<void>(() => {});
      });
      const fired: FiredTimer[] = [];
      survivor.on('test_killed', async (timer) => {
        fired.push(timer);
      });
      await survivor.set({
        key: 'killed:1',
        hotel_id: hotelId,
        room_id: roomId,
        kind: 'test_killed',
        due_at: new Date(t.clock().getTime() - 1),
        data: { job: 7 },
      });
      void dying.fireDue();
      await expect.poll(() => started).toBe(1);
      // Claimed: the survivor leaves it alone, and it is not pending for whoever looks it up.
      expect(await survivor.fireDue()).toBe(0);
      expect(await survivor.find('killed:1')).toBeNull();
      t.clock.advance(TIMER_CLAIM_MS + 1_000);
      expect(await survivor.fireDue()).toBe(1);
      expect(fired.map((timer) => [timer.key, timer.data])).toEqual([['killed:1', { job: 7 }]]);
      // Fired and released: gone.
      expect(await survivor.find('killed:1')).toBeNull();
      expect(await t.db.selectFrom('timers').select('key').where('key', '=', 'killed:1').execute()).toEqual([]);
    });

    it('keeps a timer its own handler set again while it fired, and fires it at its new time', async () => {
      const timers = instance();
      let runs = 0;
      timers.on('test_again', async (timer) => {
        runs += 1;
        if (runs === 1)
          await timers.set({ ...timer, kind: 'test_again', due_at: new Date(t.clock().getTime() + MINUTE) });
      });
      await timers.set({
        key: 'again:1',
        hotel_id: hotelId,
        room_id: roomId,
        kind: 'test_again',
        due_at: new Date(t.clock().getTime() - 1),
      });
      expect(await timers.fireDue()).toBe(1);
      expect(await timers.find('again:1')).not.toBeNull();
      t.clock.advance(MINUTE);
      expect(await timers.fireDue()).toBe(1);
      expect(runs).toBe(2);
      expect(await timers.find('again:1')).toBeNull();
    });

    it('goes with its room when the room is deleted', async () => {
      const timers = instance();
      const room = await t.db
        .selectFrom('rooms')
        .select(['id'])
        .where('hotel_id', '=', hotelId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await timers.set({
        key: 'room:gone',
        hotel_id: hotelId,
        room_id: room.id,
        kind: 'test_room',
        due_at: new Date(t.clock().getTime() + MINUTE),
      });
      await t.db.deleteFrom('rooms').where('id', '=', room.id).execute();
      expect(await timers.find('room:gone')).toBeNull();
    });

    it('survives a restart: a timer set before the server stops fires after it starts again', async () => {
      const firstDb = createDatabase(t.config.database);
      const first = await buildApp(t.config, { db: firstDb, clock: t.clock });
      await first.ready();
      const due = new Date(t.clock().getTime() + 10 * MINUTE);
      await first.services.timers.set({
        key: 'restart:1',
        hotel_id: hotelId,
        room_id: roomId,
        kind: 'test_restart',
        due_at: due,
        data: { why: 'card out' },
      });
      await first.close();

      t.clock.advance(15 * MINUTE);
      const second = await buildApp(t.config, { db: createDatabase(t.config.database), clock: t.clock });
      try {
        await second.ready();
        const fired: FiredTimer[] = [];
        second.services.timers.on('test_restart', async (timer) => {
          fired.push(timer);
        });
        expect(await second.services.timers.fireDue()).toBe(1);
        expect(fired).toEqual([
          {
            key: 'restart:1',
            hotel_id: hotelId,
            room_id: roomId,
            kind: 'test_restart',
            due_at: due.toISOString(),
            data: { why: 'card out' },
          },
        ]);
      } finally {
        await second.close();
      }
    });

    it('polls by itself once the app is ready, and stops with the app', async () => {
      const app = await buildApp(
        { ...t.config, timerPollMs: 20 },
        { db: createDatabase(t.config.database), clock: t.clock },
      );
      const fired: string[] = [];
      app.services.timers.on('test_poll', async (timer) => {
        fired.push(timer.key);
      });
      await app.ready();
      await app.services.timers.set({
        key: 'poll:1',
        hotel_id: hotelId,
        room_id: null,
        kind: 'test_poll',
        due_at: t.clock(),
      });
      await expect.poll(() => fired, { timeout: 5000 }).toEqual(['poll:1']);
      await app.close();
      await t.db
        .insertInto('timers')
        .values({
          key: 'poll:2',
          hotel_id: hotelId,
          room_id: null,
          kind: 'test_poll',
          due_at: t.clock().toISOString(),
          data: '{}',
          created_at: t.clock().toISOString(),
        })
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fired).toEqual(['poll:1']);
      await t.db.deleteFrom('timers').where('key', '=', 'poll:2').execute();
    });
  });
}
