import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_POOL_MAX_DEFAULT } from '../../config.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, describeOn, type TestApp } from '../../test-support/databases.js';
import { connectRcu, withOpenKeys } from '../../test-support/fixtures.js';

// "SOS first under any load" (issue 16) down to the database: when bulk work holds every
// connection of the pool (10,000 rooms' first states at once kept the air policy's writes on all of
// them for seconds in bench/cluster-scale.mjs), an RCU's SOS is still stored, acknowledged and
// pushed: it has connections of its own (createUrgentDatabase). SQLite has one connection and no
// pool to queue in.

describeOn('postgres')('an SOS while other work holds every connection of the pool [postgres]', () => {
  let t: TestApp;
  let rcu: { id: number; rcu_id: string; client: MqttClient; acks: string[] };

  beforeAll(async () => {
    t = await createTestApp('postgres', {
      env: { MQTT_PORT: '0', HOST: '127.0.0.1' },
      build: { gateway: true },
    });
    const [row] = withOpenKeys(
      t,
      await t.db.selectFrom('rooms').select(['id', 'rcu_id', 'device_key']).orderBy('id').limit(1).execute(),
    );
    if (!row) throw new Error('the demo hotel has rooms');
    const { client, acks } = await connectRcu(`mqtt://127.0.0.1:${t.app.gateway?.port}`, row);
    rcu = { id: row.id, rcu_id: row.rcu_id, client, acks };
  });

  afterAll(async () => {
    await rcu?.client.endAsync(true);
    await t?.close();
  });

  it('is stored, acknowledged and pushed while the pool is held, and nothing else is lost', async () => {
    const pushed: number[] = [];
    const stop = await t.app.services.alerts.onAlert((message) => {
      if (message.type === 'alert' && message.data.room_id === rcu.id) pushed.push(message.data.id);
    });
    // Every connection of the app's pool held by "bulk work" until the SOS is through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding: Promise<void>[] = [];
    const { database } = t.config;
    const poolMax = (database.kind === 'postgres' && database.poolMax) || DATABASE_POOL_MAX_DEFAULT;
    const held = Array.from({ length: poolMax }, () => {
      let taken!: () => void;
      const took = new Promise<void>((resolve) => {
        taken = resolve;
      });
      holding.push(
        t.db.connection().execute(async () => {
          taken();
          await released;
        }),
      );
      return took;
    });
    await Promise.all(held);

    try {
      const id = 'e-urgent-1';
      await rcu.client.publishAsync(`rcu/${rcu.rcu_id}/up/event`, JSON.stringify({ id, ts: Date.now(), type: 'sos' }), {
        qos: 1,
      });
      // Before the pool's 5 s connection time-out: in the pool, the SOS would fail there.
      await expect.poll(() => rcu.acks.includes(id), { timeout: 4_000 }).toBe(true);
      expect(pushed).toHaveLength(1);
      // Read on a connection of its own: the app's pool is still held.
      const look = createDatabase(t.config.database);
      try {
        const stored = await look
          .selectFrom('alerts')
          .innerJoin('room_events', 'room_events.id', 'alerts.room_event_id')
          .select(['alerts.id', 'room_events.event_id'])
          .where('alerts.room_id', '=', rcu.id)
          .execute();
        expect(stored).toEqual([{ id: pushed[0], event_id: id }]);
      } finally {
        await look.destroy();
      }
    } finally {
      release();
      await Promise.all(holding);
      stop();
    }
    // The held work goes on: the pool answers again.
    const rooms = await t.db.selectFrom('rooms').select('id').where('id', '=', rcu.id).execute();
    expect(rooms).toEqual([{ id: rcu.id }]);
  }, 30_000);
});
