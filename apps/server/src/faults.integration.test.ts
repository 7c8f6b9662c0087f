import net from 'node:net';
import { createRcu, type VirtualRcu } from '@roompilot/rcu-sim';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/databases.js';
import { withOpenKeys } from './test-support/fixtures.js';
import { type OwnMosquitto, startOwnMosquitto } from './test-support/own-mosquitto.js';
import { type OwnPostgres, startOwnPostgres } from './test-support/own-postgres.js';
import { type OwnRedis, startOwnRedis } from './test-support/own-redis.js';

// Issue 15's faults, with real parts: PostgreSQL stopped for a while under a running server. Calls
// fail at once with 5000 and words that say so (HTTP 503), nothing is half-written, the server
// recovers without a restart, and an SOS raised meanwhile is stored once the database is back
// (the RCU repeats an unacknowledged SOS; the server acknowledges only what it stored). The outside
// broker restarted under a running server, and Redis restarted empty under it.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read().catch((error: unknown) => error as T);
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${String(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('PostgreSQL away and back under a running server', () => {
  let pg: OwnPostgres;
  let t: TestApp;
  let token: string;
  let rcu: VirtualRcu;
  let room: { id: number; rcu_id: string; device_key: string };

  beforeAll(async () => {
    pg = await startOwnPostgres();
    process.env.TEST_DATABASE_URL = pg.url;
    const mqttPort = await freePort();
    t = await createTestApp('postgres', {
      env: { MQTT_PORT: String(mqttPort), HOST: '127.0.0.1' },
      build: { gateway: true },
    });
    token = await t.login('manager');
    const hotelId = (await t.call('POST', '/apis/userinfo', { token })).data.hotel_id as number;
    const [first] = withOpenKeys(
      t,
      await t.db
        .selectFrom('rooms')
        .select(['id', 'rcu_id', 'device_key'])
        .where('hotel_id', '=', hotelId)
        .orderBy('room_num')
        .limit(1)
        .execute(),
    );
    room = first as typeof room;
    rcu = createRcu({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      rcuId: room.rcu_id,
      deviceKey: room.device_key,
      behave: false,
      sosRepeatMs: 1_000,
    });
    await rcu.start();
    await until(
      'the RCU to be online',
      () => t.app.services.live.store.get(room.id),
      (state) => state?.online === true,
    );
  }, 120_000);

  afterAll(async () => {
    await rcu?.stop();
    await t?.close().catch(() => {});
    await pg?.remove();
  });

  it('answers 5000 at once while the database is away, keeps the SOS, and recovers without a restart', async () => {
    const buildings = async () =>
      (await t.call('POST', '/apis/buildinglist', { token, body: { current: 1, size: 100 } })).data?.records as
        | { name: string }[]
        | undefined;
    const before = (await buildings())?.length ?? 0;
    await pg.stop();

    const read = await t.call('POST', '/apis/roomlist', { token, body: { current: 1, size: 10 } });
    expect(read.code).toBe(5000);
    expect(read.status).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.message).toMatch(/^数据库暂时无法访问,此操作未执行/);
    const write = await t.call('POST', '/apis/buildingadd', {
      token,
      body: { name: 'B-outage', floor_from: 1, floor_to: 3 },
    });
    expect(write.code).toBe(5000);
    // An SOS raised now cannot be stored: it is not acknowledged, and the RCU repeats it.
    const sos = rcu.raiseSos('outage');
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    await pg.start();
    // Back without a restart: the same calls answer, the SOS repeated after the return is stored
    // (once), and the building refused during the outage is not there.
    await until(
      'the room list to answer',
      async () => (await t.call('POST', '/apis/roomlist', { token, body: { current: 1, size: 10 } })).code,
      (code) => code === 0,
    );
    const alerts = await until(
      'the SOS to be stored',
      () =>
        t.db
          .selectFrom('alerts')
          .innerJoin('room_events', 'room_events.id', 'alerts.room_event_id')
          .select(['alerts.id', 'room_events.event_id'])
          .where('alerts.room_id', '=', room.id)
          .where('alerts.type', '=', 1)
          .execute(),
      (rows) => Array.isArray(rows) && rows.length > 0,
    );
    expect(alerts.map((row) => row.event_id)).toEqual([sos]);
    const names = (await buildings())?.map((building) => building.name) ?? [];
    expect(names).not.toContain('B-outage');
    expect(names).toHaveLength(before);
  }, 120_000);
});

/** The first room of the manager's hotel, with its key opened. */
async function managersRoom(t: TestApp, token: string) {
  const hotelId = (await t.call('POST', '/apis/userinfo', { token })).data.hotel_id as number;
  const [room] = withOpenKeys(
    t,
    await t.db
      .selectFrom('rooms')
      .select(['id', 'rcu_id', 'device_key', 'floor_num', 'building_id'])
      .where('hotel_id', '=', hotelId)
      .orderBy('room_num')
      .limit(1)
      .execute(),
  );
  if (!room) throw new Error('no room');
  return room;
}

describe('the outside broker restarted under a running server', () => {
  let broker: OwnMosquitto;
  let t: TestApp;
  let token: string;
  let rcu: VirtualRcu;
  let room: Awaited<ReturnType<typeof managersRoom>>;

  beforeAll(async () => {
    broker = await startOwnMosquitto();
    t = await createTestApp('sqlite', {
      env: { MQTT_URL: broker.url, MQTT_DEVICE_SYNC: 'mosquitto-dynsec', HOST: '127.0.0.1' },
      build: { gateway: true },
    });
    token = await t.login('manager');
    room = await managersRoom(t, token);
    rcu = createRcu({
      url: broker.address,
      rcuId: room.rcu_id,
      deviceKey: room.device_key,
      behave: false,
      sosRepeatMs: 500,
      reconnectMs: 300,
      // Its full state at least this often (the protocol: at least every 60 s).
      heartbeatMs: 2_000,
    });
    // Its client is made by the reconcile at start: the RCU starts once it is there.
    await until(
      'the reconcile at start to make its client',
      async () => {
        const client = await mqtt.connectAsync(broker.address, {
          clientId: room.rcu_id,
          username: room.rcu_id,
          password: room.device_key,
          reconnectPeriod: 0,
        });
        await client.endAsync();
        return true;
      },
      (made) => made === true,
    );
    await rcu.start();
    await until(
      'the RCU to be online',
      () => t.app.services.live.store.get(room.id),
      (state) => state?.online === true,
    );
  }, 120_000);

  afterAll(async () => {
    await rcu?.stop();
    await t?.close().catch(() => {});
    await broker?.remove();
  });

  it('reconnects, re-syncs the room and stores the SOS the RCU raised while cut off', async () => {
    const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
    expect(await ready()).toBe(200);
    await broker.stop();
    await until(
      'the server to see the broker gone',
      async () => t.app.gateway?.brokerUp(),
      (up) => up === false,
    );
    expect(await ready()).toBe(503);
    // Cut off: the door opens and the guest calls; neither can reach the server now.
    rcu.setFlags({ door: true });
    const sos = rcu.raiseSos('while the broker was away');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await t.app.services.live.store.get(room.id))?.door).not.toBe(true);

    await broker.start();
    await until('the server to be ready again', ready, (status) => status === 200);
    // The RCU's full state brings the room up to date: the one it sends on reconnecting, or, when
    // it got back before the server had subscribed again, its next heartbeat.
    await until(
      'the room to re-sync',
      () => t.app.services.live.store.get(room.id),
      (state) => state?.online === true && state.door === true,
    );
    const alerts = await until(
      'the SOS to be stored',
      () =>
        t.db
          .selectFrom('alerts')
          .innerJoin('room_events', 'room_events.id', 'alerts.room_event_id')
          .select(['room_events.event_id'])
          .where('alerts.room_id', '=', room.id)
          .where('alerts.type', '=', 1)
          .execute(),
      (rows) => Array.isArray(rows) && rows.length > 0,
    );
    expect(alerts.map((row) => row.event_id)).toEqual([sos]);
    await until(
      'the SOS to be acknowledged',
      async () => rcu.pendingSos,
      (pending) => pending.length === 0,
    );
    // Commands reach the RCU again through the restarted broker.
    const answer = await t.call('POST', '/apis/paramsget', { token, body: { room_id: room.id } });
    expect(answer.code, answer.message).toBe(0);
  }, 120_000);
});

describe('Redis restarted empty under a running server', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let token: string;
  let rcu: VirtualRcu;
  let room: Awaited<ReturnType<typeof managersRoom>>;

  beforeAll(async () => {
    redis = await startOwnRedis();
    const mqttPort = await freePort();
    t = await createTestApp('sqlite', {
      env: {
        REDIS_URL: redis.url,
        MQTT_PORT: String(mqttPort),
        HOST: '127.0.0.1',
        LIVE_STATE_FLUSH_SECONDS: '0.2',
      },
      build: { gateway: true },
    });
    token = await t.login('manager');
    room = await managersRoom(t, token);
    rcu = createRcu({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      rcuId: room.rcu_id,
      deviceKey: room.device_key,
      behave: false,
      reconnectMs: 300,
    });
    await rcu.start();
    rcu.setFlags({ door: true, dnd: true });
    await until(
      'the room to be live',
      () => t.app.services.live.store.get(room.id),
      (state) => state?.online === true && state.door === true && state.dnd === true,
    );
  }, 120_000);

  afterAll(async () => {
    await rcu?.stop();
    await t?.close().catch(() => {});
    await redis?.remove();
  });

  it("rebuilds the floor view from the database's last known state, then from the RCU's next reports", async () => {
    const floor = async () => {
      const answer = await t.call('POST', '/apis/redisroomstate', {
        token,
        body: { building_id: room.building_id, floor_num: room.floor_num },
      });
      const rooms = (answer.data ?? []) as {
        room_id?: number;
        id?: number;
        door?: boolean;
        dnd?: boolean;
        stale?: boolean;
        online?: boolean;
      }[];
      return rooms.find((entry) => (entry.room_id ?? entry.id) === room.id);
    };
    // The last known state is in the database (written every LIVE_STATE_FLUSH_SECONDS).
    await until(
      'the last known state to be written',
      () => t.db.selectFrom('room_last_state').selectAll().where('room_id', '=', room.id).executeTakeFirst(),
      (row) => row !== undefined && String(JSON.stringify(row)).includes('door'),
    );
    await redis.stop();
    await redis.start();
    // Empty now: the floor view reads put the last known state back, offline and stale.
    const restored = await until(
      'the floor view to answer from the last known state',
      floor,
      (entry) => entry?.stale === true,
    );
    expect(restored).toMatchObject({ door: true, dnd: true, stale: true, online: false });
    // The RCU's next report makes the room live again on top of it.
    rcu.setFlags({ dnd: false });
    const live = await until('the next report', floor, (entry) => entry?.stale === false && entry.dnd === false);
    expect(live).toMatchObject({ door: true, dnd: false, online: true });
  }, 120_000);
});
