import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway } from '../modules/live/ingest.js';
import { createTestApp, type TestApp } from '../test-support/databases.js';
import { watchRoomChanges } from '../test-support/live-console.js';
import { createDeviceDirectory } from './directory.js';
import { createGateway, type Gateway } from './gateway.js';

// With an outside broker (MQTT_URL) the server hears of no disconnect: an RCU that says nothing for
// three heartbeats is offline. The window is a setting (HEARTBEAT_TIMEOUT_SECONDS); here a fraction
// of a second. The RCU is a plain mqtt.js client on a real Mosquitto.

function mqttUrl(): string {
  const url = process.env.TEST_MQTT_URL;
  if (!url) {
    throw new Error(
      'TEST_MQTT_URL is not set: this suite needs an external Mosquitto with anonymous access such as mqtt://127.0.0.1:51883 (it never skips; `npm test` starts one).',
    );
  }
  return url;
}

describe('an RCU that falls silent on an outside broker', () => {
  let t: TestApp;
  let gateway: Gateway;
  let stop: () => void;
  let rcu: MqttClient;
  let manager: string;
  let room: { id: number; rcu_id: string; hotel_id: number };

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    manager = await t.login('manager');
    room = await t.db
      .selectFrom('rooms')
      .select(['id', 'rcu_id', 'hotel_id'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // The gateway the app builds from MQTT_URL, in a shared-subscription group of its own.
    gateway = await createGateway({
      directory: createDeviceDirectory(t.db, t.app.deviceKeys),
      mqttUrl: mqttUrl(),
      port: 0,
      host: '127.0.0.1',
      group: `rp-test-${randomBytes(4).toString('hex')}`,
      heartbeatTimeoutMs: 1_000,
    });
    const { live, control, alerts, modes, airPolicy } = t.app.services;
    stop = connectGateway(gateway, { live, control, alerts, modes, airPolicy });
    rcu = await mqtt.connectAsync(mqttUrl(), { clientId: room.rcu_id, reconnectPeriod: 0 });
  });
  afterAll(async () => {
    stop?.();
    await rcu?.endAsync(true);
    await gateway?.close();
    await t?.close();
  });

  /** Resolves with the first live change of the room that passes the test. */
  async function roomChange(test: (change: Record<string, unknown>) => boolean) {
    let resolveSeen: (change: Record<string, unknown>) => void = () => {};
    const seen = new Promise<Record<string, unknown>>((resolve) => {
      resolveSeen = resolve;
    });
    const unsubscribe = await watchRoomChanges(t.app.services.live, room.hotel_id, (change) => {
      if (change.room_id === room.id && test(change as Record<string, unknown>)) resolveSeen(change);
    });
    return seen.finally(() => unsubscribe());
  }

  it('is taken offline after the heartbeat window; a command to it is 4408; it is back with its next state', async () => {
    const online = roomChange((change) => change.online === true);
    await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ ts: Date.now(), card: true }), { qos: 1 });
    await online;
    const offline = roomChange((change) => change.online === false);
    await offline;
    expect(rcu.connected).toBe(true);
    const answer = await t.call('POST', '/apis/paramsget', {
      token: manager,
      headers: { 'accept-language': 'en' },
      body: { room_id: room.id },
    });
    expect(answer.code).toBe(ErrorCode.device);
    const back = roomChange((change) => change.online === true);
    await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ card: false }), { qos: 1 });
    await back;
  });

  it('stays online while another instance hears it (the shared live state is fresher)', async () => {
    // Another instance merged a heartbeat just now: this one, which heard nothing, looks again later.
    const device = await gateway.findDevice(room.rcu_id);
    if (!device) throw new Error('no device');
    const rearmed = new Promise<void>((resolve) => {
      const watch = gateway.watch.bind(gateway);
      gateway.watch = (rcuId, since) => {
        watch(rcuId, since);
        if (rcuId === room.rcu_id) resolve();
      };
    });
    await t.app.services.live.applyState(device, { dnd: true }, new Date());
    await rearmed;
    expect((await t.app.services.live.store.get(room.id))?.online).toBe(true);
  });
});
