import type { AddressInfo } from 'node:net';
import type { LiveRoomState } from '@roompilot/contract';
import { createRcu, type VirtualRcu } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/databases.js';
import { managersFirstRoom } from './test-support/fixtures.js';
import { openLiveConsole } from './test-support/live-console.js';
import { type AnonymousMosquitto, startAnonymousMosquitto } from './test-support/own-mosquitto.js';
import { type OwnPostgres, startOwnPostgres } from './test-support/own-postgres.js';
import { type OwnRedis, startOwnRedis } from './test-support/own-redis.js';
import { freePort, until } from './test-support/waiting.js';

// Issue 15's faults, with real parts: PostgreSQL stopped for a while under a running server. Calls
// fail at once with 5000 and words that say so (HTTP 503), nothing is half-written, the server
// recovers without a restart, and an SOS raised meanwhile is stored once the database is back
// (the RCU repeats an unacknowledged SOS; the server acknowledges only what it stored).

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
    ({ room } = await managersFirstRoom(t, token));
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
    const stored = await until(
      'the SOS to be stored',
      () => storedSos(t, room.id),
      (ids) => Array.isArray(ids) && ids.length > 0,
    );
    expect(stored).toEqual([sos]);
    const names = (await buildings())?.map((building) => building.name) ?? [];
    expect(names).not.toContain('B-outage');
    expect(names).toHaveLength(before);
  }, 120_000);
});

/** A server with its gateway, one RCU of the demo hotel reporting to it, and a console's live socket. */
interface Watched {
  t: TestApp;
  token: string;
  room: { id: number; rcu_id: string; device_key: string };
  rcu: VirtualRcu;
  pushed: { type: string; data: Record<string, unknown> }[];
  stateOf(): Promise<LiveRoomState | undefined>;
  close(): Promise<void>;
}

async function watchedServer(env: Record<string, string>, rcuUrl: (t: TestApp) => string): Promise<Watched> {
  const t = await createTestApp('sqlite', { env: { HOST: '127.0.0.1', ...env }, build: { gateway: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await t.login('manager');
  const { hotelId, room } = await managersFirstRoom(t, token);
  const stateOf = async () =>
    (await t.app.services.live.roomStates(hotelId)).find((state) => state.room_id === room.id);
  const rcu = createRcu({
    url: rcuUrl(t),
    rcuId: room.rcu_id,
    deviceKey: room.device_key,
    behave: false,
    sosRepeatMs: 1_000,
    reconnectMs: 300,
  });
  await rcu.start();
  await until('the RCU to be online', stateOf, (state) => state?.online === true);
  const { port } = t.app.server.address() as AddressInfo;
  const { socket, pushed } = await openLiveConsole(port, token);
  return {
    t,
    token,
    room,
    rcu,
    pushed,
    stateOf,
    async close() {
      socket.close();
      await rcu.stop();
      await t.close().catch(() => {});
    },
  };
}

/** The SOS alerts stored for a room: their event ids. */
async function storedSos(t: TestApp, roomId: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('alerts')
    .innerJoin('room_events', 'room_events.id', 'alerts.room_event_id')
    .select(['room_events.event_id'])
    .where('alerts.room_id', '=', roomId)
    .where('alerts.type', '=', 1)
    .execute();
  return rows.map((row) => row.event_id);
}

describe('Redis restarted under a running server', () => {
  let redis: OwnRedis;
  let w: Watched;

  beforeAll(async () => {
    redis = await startOwnRedis();
    const mqttPort = await freePort();
    w = await watchedServer(
      { MQTT_PORT: String(mqttPort), REDIS_URL: redis.url, LIVE_STATE_FLUSH_SECONDS: '0.5' },
      () => `mqtt://127.0.0.1:${mqttPort}`,
    );
  }, 120_000);

  afterAll(async () => {
    await w?.close();
    await redis?.stop();
  });

  it('rebuilds the live state from the last known one and the next reports, and keeps the SOS raised meanwhile', async () => {
    w.rcu.setFlags({ dnd: true });
    await until('do-not-disturb to show', w.stateOf, (state) => state?.dnd === true);
    // Written to the database as the room's last known state.
    await until(
      'the last known state to be kept',
      () => w.t.db.selectFrom('room_last_state').select('state').where('room_id', '=', w.room.id).executeTakeFirst(),
      (row) => typeof row?.state === 'string' && row.state.includes('"dnd":true'),
    );

    await redis.stop();
    await until(
      '/readyz to say Redis is down',
      async () => (await w.t.app.inject({ method: 'GET', url: '/readyz' })).json() as { checks: { redis: string } },
      (body) => body.checks?.redis?.startsWith('down') === true,
    );
    const sos = w.rcu.raiseSos('redis away');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Back, and empty: nothing it held survived.
    await redis.start();
    await until(
      '/readyz to be ready again',
      async () => (await w.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode,
      (status) => status === 200,
    );

    // The floor view shows the last known state (from the database) until the RCU speaks again.
    const restored = await w.stateOf();
    expect(restored?.dnd).toBe(true);
    w.rcu.setFlags({ mur: true });
    await until('the next report to show', w.stateOf, (state) => state?.mur === true && state?.dnd === true);

    // The SOS raised while Redis was away: stored once, acknowledged, and on the console.
    const stored = await until(
      'the SOS to be stored',
      () => storedSos(w.t, w.room.id),
      (ids) => Array.isArray(ids) && ids.length > 0,
    );
    expect(stored).toEqual([sos]);
    await until(
      'the RCU to hear its SOS is stored',
      async () => w.rcu.pendingSos,
      (pending) => pending.length === 0,
    );
    await until(
      'the SOS to reach the console',
      async () => w.pushed.filter((m) => m.type === 'alert'),
      (messages) => messages.some((m) => m.data.room_id === w.room.id),
      20_000,
    );
  }, 120_000);
});

describe('the outside broker restarted under a running server', () => {
  let broker: AnonymousMosquitto;
  let w: Watched;

  beforeAll(async () => {
    broker = await startAnonymousMosquitto();
    w = await watchedServer({ MQTT_URL: broker.url }, () => broker.url);
  }, 120_000);

  afterAll(async () => {
    await w?.close();
    await broker?.remove();
  });

  it('reconnects by itself, the room re-syncs, and an SOS raised while cut off arrives once', async () => {
    await broker.stop();
    await until(
      '/readyz to say the broker is down',
      async () => (await w.t.app.inject({ method: 'GET', url: '/readyz' })).json() as { checks: { broker: string } },
      (body) => body.checks?.broker?.startsWith('down') === true,
    );
    // Raised while nobody can hear it; the RCU changes its room meanwhile too.
    const sos = w.rcu.raiseSos('broker away');
    w.rcu.setFlags({ dnd: true });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await broker.start();
    await until(
      '/readyz to be ready again',
      async () => (await w.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode,
      (status) => status === 200,
    );

    await until(
      'the SOS to reach the console',
      async () => w.pushed.filter((m) => m.type === 'alert'),
      (messages) => messages.some((m) => m.data.room_id === w.room.id),
      30_000,
    );
    await until(
      'the RCU to hear its SOS is stored',
      async () => w.rcu.pendingSos,
      (pending) => pending.length === 0,
    );
    expect(await storedSos(w.t, w.room.id)).toEqual([sos]);
    // Online again, with what it said after the broker came back (its hello and full state).
    const state = await until('the room to re-sync', w.stateOf, (s) => s?.online === true && s?.sos === true);
    expect(state?.stale).toBe(false);
    w.rcu.setFlags({ mur: true });
    await until('the next report to show', w.stateOf, (s) => s?.mur === true);
  }, 120_000);
});
