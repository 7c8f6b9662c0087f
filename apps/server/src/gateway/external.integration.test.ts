import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/databases.js';
import { createDeviceDirectory } from './directory.js';
import { createGateway, type Gateway } from './gateway.js';

// Two server instances joined to a real Mosquitto (MQTT_URL mode) share the devices through an
// MQTT 5 shared subscription. The RCU is a plain mqtt.js client written from the protocol sheet.

function mqttUrl(): string {
  const url = process.env.TEST_MQTT_URL;
  if (!url) {
    throw new Error(
      'TEST_MQTT_URL is not set: this suite needs an external Mosquitto with anonymous access such as mqtt://127.0.0.1:51883 (it never skips; `npm test` starts one).',
    );
  }
  return url;
}

describe('gateway joined to an external broker (MQTT_URL)', () => {
  let t: TestApp;
  let first: Gateway;
  let second: Gateway;
  let rcu: MqttClient;
  let room: { id: number; rcu_id: string };

  beforeAll(async () => {
    const url = mqttUrl();
    t = await createTestApp('sqlite');
    room = await t.db.selectFrom('rooms').select(['id', 'rcu_id']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const group = `rp-test-${randomBytes(4).toString('hex')}`;
    const join = () =>
      createGateway({
        directory: createDeviceDirectory(t.db, t.app.deviceKeys),
        mqttUrl: url,
        port: 0,
        host: '127.0.0.1',
        group,
      });
    first = await join();
    second = await join();
    rcu = await mqtt.connectAsync(url, { clientId: room.rcu_id, reconnectPeriod: 0 });
    await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
    rcu.on('message', (_, payload) => {
      const command = JSON.parse(payload.toString()) as { id: string; op: string };
      rcu.publish(
        `rcu/${room.rcu_id}/up/ack`,
        JSON.stringify({ id: command.id, ok: true, result: { op: command.op } }),
        {
          qos: 1,
        },
      );
    });
  });
  afterAll(async () => {
    await rcu?.endAsync(true);
    await first?.close();
    await second?.close();
    await t?.close();
  });

  it('hands each state message to exactly one instance', async () => {
    const count = 20;
    // A handed state may carry several messages folded together (`messages`), the latest value last.
    const seen: { instance: number; kwh: number; messages: number }[] = [];
    let total = 0;
    const all = new Promise<void>((resolve) => {
      [first, second].forEach((gateway, instance) => {
        gateway.on('state', ({ device, state, messages }) => {
          if (device.rcu_id !== room.rcu_id) return;
          seen.push({ instance, kwh: state.energy?.kwh ?? -1, messages });
          total += messages;
          if (total === count) resolve();
        });
      });
    });
    for (let n = 0; n < count; n += 1) {
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ energy: { kwh: n } }), { qos: 1 });
    }
    await all;
    expect(total).toBe(count);
    expect(new Set(seen.map((message) => message.kwh)).size).toBe(seen.length);
    expect(seen.some((message) => message.instance === 0)).toBe(true);
    expect(seen.some((message) => message.instance === 1)).toBe(true);
  });

  it('gets the ack back to the instance that sent the command, whichever it is', async () => {
    await expect(first.request(room.rcu_id, 'get_params', {})).resolves.toMatchObject({
      ok: true,
      result: { op: 'get_params' },
    });
    await expect(second.request(room.rcu_id, 'reboot', {})).resolves.toMatchObject({
      ok: true,
      result: { op: 'reboot' },
    });
    expect(first.stats().commands).toMatchObject({ sent: 1, acked: 1, timedOut: 0 });
    expect(second.stats().commands).toMatchObject({ sent: 1, acked: 1, timedOut: 0 });
  });

  it('drops messages of RCUs it does not know', async () => {
    const stranger = await mqtt.connectAsync(mqttUrl(), { clientId: `stranger${randomBytes(3).toString('hex')}` });
    const before = first.stats().dropped.unknown_device + second.stats().dropped.unknown_device;
    await stranger.publishAsync('rcu/NOSUCHRCU/up/state', '{"sos":true}', { qos: 1 });
    await stranger.endAsync();
    await expect
      .poll(() => first.stats().dropped.unknown_device + second.stats().dropped.unknown_device)
      .toBe(before + 1);
  });
});
