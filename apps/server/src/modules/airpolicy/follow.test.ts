import type { LiveRoomChange, RoomRef } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test-support/databases.js';
import type { ControlService } from '../control/service.js';
import { inflate, type LiveStore } from '../live/store.js';
import type { TimerService } from '../timers/service.js';
import { AirPolicyService, foldChange, POLICY_LOOKS } from './service.js';

// When every RCU of a hotel reports at once (after a power cut), the policy works through the rooms
// a few at a time, each room once at a time, with the changes that came while a room waited folded
// into one; it does not ask the database pool for a connection per room at once.

const ref = (roomId: number): RoomRef => ({
  room_id: roomId,
  hotel_id: 1,
  building_id: 1,
  room_num: `${roomId}`,
  floor_num: 1,
});
const change = (roomId: number, fields: Partial<LiveRoomChange>): LiveRoomChange => ({
  room_id: roomId,
  hotel_id: 1,
  room_num: `${roomId}`,
  floor_num: 1,
  ...fields,
});

function service() {
  const policy = new AirPolicyService({
    db: {} as Kysely<Database>,
    store: {} as LiveStore,
    clock: () => new Date(),
    control: {} as ControlService,
    timers: { on: () => () => {} } as unknown as TimerService,
  });
  const looks: { roomId: number; change: LiveRoomChange | null; done: () => void }[] = [];
  vi.spyOn(policy, 'roomChanged').mockImplementation(
    (room, roomChange) =>
      new Promise<void>((resolve) => {
        looks.push({ roomId: room.room_id, change: roomChange, done: resolve });
      }),
  );
  return { policy, looks };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the air policy following room changes', () => {
  it('looks at POLICY_LOOKS rooms at a time, and at the rest as those are done', async () => {
    const { policy, looks } = service();
    const rooms = POLICY_LOOKS * 3;
    for (let id = 1; id <= rooms; id += 1) policy.follow(ref(id), change(id, { card: false }));
    expect(looks.map((look) => look.roomId)).toEqual([1, 2, 3, 4].slice(0, POLICY_LOOKS));

    for (let done = 0; done < rooms; done += 1) {
      looks[done]?.done();
      await settle();
    }
    expect(looks.map((look) => look.roomId)).toEqual(Array.from({ length: rooms }, (_, i) => i + 1));
  });

  it('folds the changes of a waiting room into one, and never looks at a room twice at once', async () => {
    const { policy, looks } = service();
    for (let id = 1; id <= POLICY_LOOKS; id += 1) policy.follow(ref(id), change(id, { online: true }));
    // Room 1 changes again while it is looked at; room 99 three times while it waits.
    policy.follow(ref(1), change(1, { card: true }));
    policy.follow(ref(99), change(99, { card: false, devices: { AC1: { on: true, mode: 'cool' } } }));
    policy.follow(ref(99), change(99, { occupied: false, devices: { AC1: { set: 26 } } }));
    policy.follow(ref(99), change(99, { card: true }));
    expect(looks).toHaveLength(POLICY_LOOKS);

    // A look done: the next waiting room that is not being looked at goes (room 1 waits for its own look).
    looks[1]?.done();
    await settle();
    expect(looks.slice(POLICY_LOOKS).map((look) => [look.roomId, look.change])).toEqual([
      [99, change(99, { card: true, occupied: false, devices: { AC1: { on: true, mode: 'cool', set: 26 } } })],
    ]);
    looks[0]?.done();
    await settle();
    expect(looks.slice(POLICY_LOOKS + 1).map((look) => [look.roomId, look.change])).toEqual([
      [1, change(1, { card: true })],
    ]);
  });

  it('on close, waits for the looks under way and starts no other', async () => {
    const { policy, looks } = service();
    for (let id = 1; id <= POLICY_LOOKS + 2; id += 1) policy.follow(ref(id), change(id, { card: false }));
    let closed = false;
    const closing = policy.close().then(() => {
      closed = true;
    });
    policy.follow(ref(50), change(50, { card: true }));
    await settle();
    expect(closed).toBe(false);
    for (const look of looks) look.done();
    await closing;
    expect(looks.map((look) => look.roomId)).toEqual(Array.from({ length: POLICY_LOOKS }, (_, i) => i + 1));
  });

  it('leaves out a change the policy does not read (an AC temperature, the energy meter)', () => {
    const { policy, looks } = service();
    policy.follow(ref(1), change(1, { devices: { AC1: { temp: 24.5 } } }));
    policy.follow(ref(2), null);
    expect(looks).toEqual([]);
  });

  it('folds devices field by field, later values winning', () => {
    expect(
      foldChange(
        change(1, { card: false, devices: { AC1: { on: true }, L1: { on: true } } }),
        change(1, { devices: { AC1: { on: false, set: 25 } } }),
      ),
    ).toEqual(change(1, { card: false, devices: { AC1: { on: false, set: 25 }, L1: { on: true } } }));
  });
});

describe('the air policy stopping while its command waits for the RCU', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes the action's line before close answers", async () => {
    const [row] = await t.db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
      .limit(1)
      .execute();
    if (!row) throw new Error('the demo hotel has rooms');
    const room: RoomRef = {
      room_id: row.id,
      hotel_id: row.hotel_id,
      building_id: row.building_id,
      room_num: row.room_num,
      floor_num: row.floor_num,
    };
    // The window is open with the AC on: the policy turns the AC off, and the RCU has not answered yet.
    const live = {
      ...inflate(room, [], null),
      online: true,
      window: true,
      devices: { AC1: { on: true, mode: 'cool' as const, set: 24 } },
    };
    let answer!: (error: Error) => void;
    const sent: unknown[] = [];
    const policy = new AirPolicyService({
      db: t.db,
      store: { get: async () => live } as unknown as LiveStore,
      clock: () => new Date(),
      control: {
        sendCommand: (...args: unknown[]) => {
          sent.push(args);
          return new Promise((_resolve, reject) => {
            answer = reject;
          });
        },
      } as unknown as ControlService,
      timers: {
        on: () => () => {},
        find: async () => null,
        set: async () => {},
        cancel: async () => false,
      } as unknown as TimerService,
    });
    policy.follow(room, change(room.room_id, { window: true }));
    await expect.poll(() => sent.length).toBe(1);

    let closed = false;
    const closing = policy.close().then(() => {
      closed = true;
    });
    await settle();
    expect(closed).toBe(false);
    // The gateway closes first and ends the commands still waiting: the line says the RCU did not take it.
    answer(new Error('the device gateway closed before the RCU answered'));
    await closing;
    const lines = await t.db
      .selectFrom('room_events')
      .select(['type', 'detail'])
      .where('room_id', '=', room.room_id)
      .where('type', '=', 'policy')
      .execute();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]?.detail ?? '{}')).toMatchObject({ ok: false });
  });
});
