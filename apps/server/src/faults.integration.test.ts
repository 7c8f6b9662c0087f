import { createRcu, type VirtualRcu } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support/databases.js';
import { withOpenKeys } from './test-support/fixtures.js';
import { type OwnPostgres, startOwnPostgres } from './test-support/own-postgres.js';
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
