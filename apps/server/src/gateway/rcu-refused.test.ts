import { createRcu, type VirtualRcu } from '@roompilot/rcu-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/databases.js';
import { managersFirstRoom } from '../test-support/fixtures.js';
import { freePort, until } from '../test-support/waiting.js';

/**
 * The simulator's RCU, refused by the broker after it had been connected (its key regenerated),
 * keeps trying as a real one does, and is back as soon as its key opens again: mqtt.js ends a
 * client whose connection is refused, and the room stayed offline until the simulator restarted.
 */
describe('a simulated RCU refused by the broker', () => {
  let t: TestApp;
  let rcu: VirtualRcu;
  let room: { id: number; rcu_id: string; device_key: string };

  beforeAll(async () => {
    const mqttPort = await freePort();
    t = await createTestApp('sqlite', {
      env: { MQTT_PORT: String(mqttPort), HOST: '127.0.0.1' },
      build: { gateway: true },
    });
    const token = await t.login('manager');
    ({ room } = await managersFirstRoom(t, token));
    rcu = createRcu({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      rcuId: room.rcu_id,
      deviceKey: room.device_key,
      behave: false,
      reconnectMs: 200,
    });
    await rcu.start();
  }, 60_000);

  afterAll(async () => {
    await rcu?.stop();
    await t?.close();
  });

  it('tries again after the refusal and is back once its key opens', async () => {
    const { device_key: sealed } = await t.db
      .selectFrom('rooms')
      .select('device_key')
      .where('id', '=', room.id)
      .executeTakeFirstOrThrow();
    const token = await t.login('manager');
    const regenerated = await t.call('POST', '/apis/roomkey', { token, body: { id: room.id } });
    expect(regenerated.code).toBe(0);
    await until(
      'the RCU to be put off',
      async () => rcu.connected,
      (connected) => !connected,
      10_000,
    );
    // Refused with the old key, again and again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(rcu.connected).toBe(false);
    // Its old key opens again (a backup put back, say): the next try gets in.
    await t.db.updateTable('rooms').set({ device_key: sealed }).where('id', '=', room.id).execute();
    await t.app.gateway?.invalidateRoom(room.rcu_id);
    await until(
      'the RCU to be back',
      async () => rcu.connected,
      (connected) => connected,
      10_000,
    );
  }, 30_000);
});
