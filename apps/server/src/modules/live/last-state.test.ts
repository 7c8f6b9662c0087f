import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from '../../test-support/databases.js';
import { withOpenKeys } from '../../test-support/fixtures.js';
import { watchRoomChanges } from '../../test-support/live-console.js';

// A server restart with the in-memory live store: the floor view shows each room's last known
// state (kept in the database), offline and stale, until its RCU speaks again. The RCU is a plain
// mqtt.js client written from docs/rcu-protocol.md.

interface Room {
  id: number;
  hotel_id: number;
  building_id: number | null;
  rcu_id: string;
  device_key: string;
  room_num: string;
  floor_num: number;
}

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`last known live state across a restart [${kind}]`, () => {
    let t: TestApp;
    let app: FastifyInstance;
    let rcu: MqttClient | null = null;
    let room: Room;

    beforeAll(async () => {
      t = await createTestApp(kind, {
        // Never within the test: what reaches the database before the close is not a write per message.
        env: { MQTT_PORT: '0', HOST: '127.0.0.1', LIVE_STATE_FLUSH_SECONDS: '3600' },
        build: { gateway: true },
      });
      app = t.app;
      [room] = withOpenKeys(t, [
        await t.db
          .selectFrom('rooms')
          .select(['id', 'hotel_id', 'building_id', 'rcu_id', 'device_key', 'room_num', 'floor_num'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirstOrThrow(),
      ]) as [typeof room];
    });
    afterAll(async () => {
      await rcu?.endAsync(true);
      await app?.close();
      // Closes the first server again (a no-op) and drops the database.
      await t?.close();
    });

    /** A server on the same database, as `npm start` builds it (memory live store, embedded broker). */
    async function start(): Promise<FastifyInstance> {
      const built = await buildApp(t.config, { db: createDatabase(t.config.database), gateway: true });
      await built.ready();
      return built;
    }

    async function roomStates(server: FastifyInstance) {
      const login = await server.inject({
        method: 'POST',
        url: '/apis/login',
        payload: { user_name: 'manager', password: 'manager123' },
      });
      const token = login.json().data.token as string;
      const answer = await server.inject({
        method: 'POST',
        url: '/apis/redisroomstate',
        headers: { authorization: `Bearer ${token}` },
        payload: { floor_num: room.floor_num },
      });
      expect(answer.json().code).toBe(0);
      const devices = await server.inject({
        method: 'POST',
        url: '/apis/redisdevicestate',
        headers: { authorization: `Bearer ${token}` },
        payload: { room_id: room.id },
      });
      return { rooms: answer.json().data as Record<string, unknown>[], devices: devices.json().data };
    }

    /** The RCU connects to the server's broker and sends a state; resolves once the server merged it. */
    async function report(
      server: FastifyInstance,
      state: Record<string, unknown>,
      merged: (change: Record<string, unknown>) => boolean,
    ) {
      await rcu?.endAsync(true);
      let resolve: () => void = () => {};
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      const stop = await watchRoomChanges(server.services.live, room.hotel_id, (change) => {
        if (change.room_id === room.id && merged(change as Record<string, unknown>)) resolve();
      });
      rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
      });
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/status`, '{"online":true}', { qos: 1, retain: true });
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify(state), { qos: 1 });
      await done;
      await stop();
    }

    it('shows each room as its RCU last reported it, offline and stale, after a restart; live again once the RCU speaks', async () => {
      await report(
        app,
        {
          rent: 'checked_in',
          card: true,
          dnd: true,
          devices: { AC1: { on: true, mode: 'cool', set: 22, temp: 25.5 } },
          energy: { kwh: 12.5, w: 300 },
        },
        (change) => change.dnd === true,
      );
      const before = await roomStates(app);
      const heard = before.rooms.find((r) => r.room_id === room.id);
      expect(heard).toMatchObject({ online: true, stale: false, card: true, dnd: true });
      // Written in batches: nothing yet for this message (the flush interval is an hour).
      expect(await app.db.selectFrom('room_last_state').selectAll().execute()).toEqual([]);

      // A graceful shutdown writes the last known states; the RCU's connection ends with the server.
      await app.close();
      await rcu?.endAsync(true);
      rcu = null;
      app = await start();

      const after = await roomStates(app);
      const [restored, ...silent] = after.rooms;
      expect(restored).toEqual({
        room_id: room.id,
        room_num: room.room_num,
        floor_num: room.floor_num,
        building_id: room.building_id,
        online: false,
        stale: true,
        rent: 'checked_in',
        card: true,
        door: false,
        window: false,
        occupied: false,
        dnd: true,
        mur: false,
        sos: false,
        updated_at: heard?.updated_at,
      });
      // A room never heard from is blank as before, and not stale.
      expect(silent[0]).toMatchObject({ online: false, stale: false, card: false, updated_at: null });
      expect(after.devices).toEqual({
        room_id: room.id,
        online: false,
        devices: { AC1: { on: true, mode: 'cool', set: 22, temp: 25.5 } },
        energy: { kwh: 12.5, w: 300 },
        names: expect.any(Object),
      });

      // The RCU speaks again (a partial state, merged into the last known one): live, not stale.
      await report(app, { dnd: false }, (change) => change.dnd === false);
      const live = (await roomStates(app)).rooms.find((r) => r.room_id === room.id);
      expect(live).toMatchObject({ online: true, stale: false, rent: 'checked_in', card: true, dnd: false });
      expect(live?.updated_at).not.toBe(heard?.updated_at);
    });

    it('puts back the last known state of a room the live store lost while the server ran (a restarted Redis)', async () => {
      const live = app.services.live;
      await live.flush();
      const before = (await roomStates(app)).rooms.find((r) => r.room_id === room.id);
      // What a Redis restart does to the shared store: the room's record is gone.
      await live.store.remove(room.id);
      expect(await live.store.get(room.id)).toBeNull();

      const after = await roomStates(app);
      expect(after.rooms.find((r) => r.room_id === room.id)).toEqual({
        ...before,
        online: false,
        stale: true,
      });
      expect(after.devices).toMatchObject({ online: false, devices: { AC1: { on: true, set: 22 } } });

      await report(app, { card: false }, (change) => change.card === false);
      expect((await roomStates(app)).rooms.find((r) => r.room_id === room.id)).toMatchObject({
        online: true,
        stale: false,
        rent: 'checked_in',
        card: false,
      });
    });

    it('keeps the rooms to write when the live store is away at a flush (Redis restarting), and writes them with the next', async () => {
      const live = app.services.live;
      await report(app, { dnd: true }, (change) => change.dnd === true);
      const read = vi.spyOn(live.store, 'lastStates').mockRejectedValueOnce(new Error('Redis away'));
      await expect(live.flush()).rejects.toThrow('Redis away');
      read.mockRestore();
      await live.flush();
      const row = await app.db
        .selectFrom('room_last_state')
        .select('state')
        .where('room_id', '=', room.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.state)).toMatchObject({ dnd: true, card: false });
    });
  });
}
