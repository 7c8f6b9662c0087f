import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from '../test-support/databases.js';
import { withOpenKeys } from '../test-support/fixtures.js';
import { isLoopback } from './metrics.js';

// The RCU here is a plain mqtt.js client speaking docs/rcu-protocol.md through the embedded broker.

/** A sample's value in Prometheus's text format (0 when the series is not there). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`metrics [${kind}]`, () => {
    let t: TestApp;
    let rcu: { id: number; rcu_id: string; device_key: string };
    let device: MqttClient;

    async function scrape(): Promise<string> {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.statusCode).toBe(200);
      return answer.body;
    }

    beforeAll(async () => {
      t = await createTestApp(kind, { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } });
      [rcu] = withOpenKeys(t, [
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirstOrThrow(),
      ]) as [typeof rcu];
      device = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: rcu.rcu_id,
        username: rcu.rcu_id,
        password: rcu.device_key,
        reconnectPeriod: 0,
      });
    });
    afterAll(async () => {
      await device?.endAsync(true);
      await t?.close();
    });

    it('serves the metrics in Prometheus text format to a caller on this machine, without a session', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const name of [
        'roompilot_rcus_connected',
        'roompilot_rcu_messages_received_total',
        'roompilot_rcu_messages_dropped_total',
        'roompilot_rcu_messages_malformed_total',
        'roompilot_command_duration_seconds',
        'roompilot_alerts_open',
        'roompilot_air_policy_rooms_waiting',
        'roompilot_http_request_duration_seconds',
        'roompilot_login_failures_total',
        'nodejs_eventloop_lag_p99_seconds',
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
      ]) {
        expect(answer.body).toContain(`# TYPE ${name} `);
      }
      expect(sample(answer.body, 'roompilot_rcus_connected')).toBe(1);
      expect(sample(answer.body, 'roompilot_alerts_open', { type: 'sos' })).toBe(0);
      expect(sample(answer.body, 'roompilot_air_policy_rooms_waiting')).toBe(0);
      // Before any command: the command series are there at 0, so the dashboard's panels read 0.
      expect(sample(answer.body, 'roompilot_command_duration_seconds_count', { op: 'scene', outcome: 'ok' })).toBe(0);
      expect(
        sample(answer.body, 'roompilot_command_duration_seconds_count', { op: 'upgrade', outcome: 'timeout' }),
      ).toBe(0);
    });

    it('counts the state messages an RCU sends through the broker, by kind', async () => {
      const before = sample(await scrape(), 'roompilot_rcu_messages_received_total', { kind: 'state' });
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/state`, JSON.stringify({ dnd: true }), { qos: 1 });
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/state`, JSON.stringify({ dnd: false }), { qos: 1 });
      await expect
        .poll(async () => sample(await scrape(), 'roompilot_rcu_messages_received_total', { kind: 'state' }))
        .toBe(before + 2);
    });

    it('counts malformed messages by reason, apart from the received ones', async () => {
      const text = await scrape();
      const json = sample(text, 'roompilot_rcu_messages_malformed_total', { reason: 'json' });
      const schema = sample(text, 'roompilot_rcu_messages_malformed_total', { reason: 'schema' });
      const states = sample(text, 'roompilot_rcu_messages_received_total', { kind: 'state' });
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/state`, '{"card":', { qos: 1 });
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/event`, '{"id":"e","ts":1,"type":"party"}', { qos: 1 });
      await expect
        .poll(async () => sample(await scrape(), 'roompilot_rcu_messages_malformed_total', { reason: 'schema' }))
        .toBe(schema + 1);
      const after = await scrape();
      expect(sample(after, 'roompilot_rcu_messages_malformed_total', { reason: 'json' })).toBe(json + 1);
      expect(sample(after, 'roompilot_rcu_messages_received_total', { kind: 'state' })).toBe(states);
    });

    it('counts an SOS among the open alerts once it is stored', async () => {
      await device.publishAsync(
        `rcu/${rcu.rcu_id}/up/event`,
        JSON.stringify({ id: 'metrics-sos', ts: Date.now(), type: 'sos', detail: 'bathroom' }),
        { qos: 1 },
      );
      await expect
        .poll(async () => sample(await scrape(), 'roompilot_alerts_open', { type: 'sos' }))
        .toBeGreaterThanOrEqual(1);
      expect(sample(await scrape(), 'roompilot_rcu_messages_received_total', { kind: 'event' })).toBeGreaterThanOrEqual(
        1,
      );
    });

    it('times commands by op and outcome: acknowledged ok, refused, unanswered', async () => {
      const gateway = t.app.gateway;
      if (!gateway) throw new Error('no gateway');
      await device.subscribeAsync(`rcu/${rcu.rcu_id}/down/cmd`, { qos: 1 });
      let answering = true;
      device.on('message', (_topic, payload) => {
        const command = JSON.parse(payload.toString()) as {
          id: string;
          op: string;
          devices?: { AC1?: { set?: number } };
        };
        if (!answering) return;
        const ok = command.devices?.AC1?.set !== 30;
        void device.publishAsync(
          `rcu/${rcu.rcu_id}/up/ack`,
          JSON.stringify({ id: command.id, ok, error: ok ? null : 'AC1 is locked', result: {} }),
          { qos: 1 },
        );
      });
      const count = (outcome: string, text: string) =>
        sample(text, 'roompilot_command_duration_seconds_count', { op: 'set', outcome });
      const before = await scrape();
      await gateway.request(rcu.rcu_id, 'set', { devices: { AC1: { set: 22 } } });
      await gateway.request(rcu.rcu_id, 'set', { devices: { AC1: { set: 30 } } });
      answering = false;
      await expect(
        gateway.request(rcu.rcu_id, 'set', { devices: { AC1: { set: 23 } } }, { timeoutMs: 50 }),
      ).rejects.toThrow(/did not answer/);
      const after = await scrape();
      for (const outcome of ['ok', 'failed', 'timeout']) {
        expect(count(outcome, after), outcome).toBe(count(outcome, before) + 1);
      }
      expect(
        sample(after, 'roompilot_command_duration_seconds_bucket', { op: 'set', outcome: 'timeout', le: '0.025' }),
      ).toBe(
        sample(before, 'roompilot_command_duration_seconds_bucket', { op: 'set', outcome: 'timeout', le: '0.025' }),
      );
    });

    it('times HTTP requests by route pattern and status class, never by the raw URL', async () => {
      await t.app.inject({ method: 'GET', url: '/livez' });
      await t.app.inject({ method: 'GET', url: '/roomsystem/room-9f3a?page=2' });
      await t.call('POST', '/apis/login', { body: { user_name: 'manager', password: 'wrong password' } });
      await t.app.inject({ method: 'GET', url: '/apis/no-such-call-7c1' });
      const text = await scrape();
      const count = (labels: Record<string, string>) =>
        sample(text, 'roompilot_http_request_duration_seconds_count', labels);
      expect(count({ route: '/livez', method: 'GET', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: '/*', method: 'GET', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: '/apis/login', method: 'POST', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: 'unmatched', method: 'GET', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'roompilot_login_failures_total')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('room-9f3a');
      expect(text).not.toContain('no-such-call-7c1');
    });

    it('refuses callers from elsewhere, and callers through a proxy, without METRICS_TOKEN', async () => {
      const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(remote.statusCode).toBe(403);
      expect(remote.body).not.toContain('roompilot_');
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(403);
      const v6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
      expect(v6.statusCode).toBe(200);
    });
  });
}

describe('metrics with METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers only a scraper sending the token, from anywhere', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '10.1.2.3') =>
      t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const none = await get({}, '127.0.0.1');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('roompilot_');
    expect((await get({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await get({ authorization: `Bearer ${token}x` })).statusCode).toBe(401);
    expect((await get({ authorization: token })).statusCode).toBe(401);
    const right = await get({ authorization: `Bearer ${token}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE roompilot_rcus_connected gauge');
    // Without the gateway (not started here) the device metrics are there, at zero.
    expect(sample(right.body, 'roompilot_rcus_connected')).toBe(0);
  });
});

describe('loopback addresses', () => {
  it('takes 127.0.0.0/8 and ::1, also IPv4-mapped, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '::', '0.0.0.0', '', 'fe80::1', '128.0.0.1']) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});
