import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runFleet } from './fleet.js';
import { createRcu, type RcuOptions, type VirtualRcu } from './rcu.js';

// Virtual RCUs against a real Mosquitto (anonymous), watched by a plain MQTT client the way the
// server sees them.

function brokerUrl(): string {
  const url = process.env.TEST_MQTT_URL;
  if (!url) {
    throw new Error(
      'TEST_MQTT_URL is not set: the simulator suite needs a Mosquitto with anonymous access such as mqtt://127.0.0.1:51883 (it never skips; `npm test` starts one).',
    );
  }
  return url;
}

type Body = Record<string, unknown>;

/** A file over HTTP with single Range requests, as the server's download link answers it. */
async function serveFile(content: Buffer) {
  const ranges: string[] = [];
  const server = http.createServer((request, response) => {
    const range = request.headers.range;
    if (range) {
      ranges.push(range);
      const start = Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0);
      response.writeHead(206, {
        'content-range': `bytes ${start}-${content.length - 1}/${content.length}`,
        'content-length': content.length - start,
      });
      response.end(content.subarray(start));
      return;
    }
    response.writeHead(200, { 'content-length': content.length });
    response.end(content);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    content,
    ranges,
    url: `http://127.0.0.1:${port}/file`,
    sha256: createHash('sha256').update(content).digest('hex'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Watches every topic of the simulated RCUs and lets a test wait for a message. */
class Observer {
  readonly messages: { topic: string; body: Body }[] = [];
  private waiters: { test: (topic: string, body: Body) => boolean; resolve: (body: Body) => void }[] = [];
  constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      const body = JSON.parse(payload.toString()) as Body;
      this.messages.push({ topic, body });
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(topic, body)) return true;
        waiter.resolve(body);
        return false;
      });
    });
  }
  next(topic: string, test: (body: Body) => boolean = () => true): Promise<Body> {
    return new Promise((resolve) => this.waiters.push({ test: (t, body) => t === topic && test(body), resolve }));
  }
  count(topic: string, test: (body: Body) => boolean = () => true): number {
    return this.messages.filter((message) => message.topic === topic && test(message.body)).length;
  }
  async command(rcuId: string, command: Body): Promise<Body> {
    const id = `c-${randomBytes(4).toString('hex')}`;
    const ack = this.next(`rcu/${rcuId}/up/ack`, (body) => body.id === id);
    await this.client.publishAsync(`rcu/${rcuId}/down/cmd`, JSON.stringify({ id, ts: Date.now(), ...command }), {
      qos: 1,
    });
    return ack;
  }
}

const prefix = `Sim${randomBytes(3).toString('hex')}`;
let observer: Observer;
const started: VirtualRcu[] = [];

beforeAll(async () => {
  const client = await mqtt.connectAsync(brokerUrl(), { clientId: `${prefix}watch` });
  await client.subscribeAsync(`rcu/+/up/#`, { qos: 1 });
  observer = new Observer(client);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((rcu) => rcu.stop()));
});
afterAll(async () => {
  await observer?.client.endAsync(true);
});

async function start(name: string, options: Partial<RcuOptions> = {}): Promise<VirtualRcu> {
  const rcu = createRcu({
    url: brokerUrl(),
    rcuId: `${prefix}${name}`,
    deviceKey: 'any',
    devices: ['L1', 'D1', 'C1', 'AC1'],
    behave: false,
    tickMs: 60_000,
    ...options,
  });
  started.push(rcu);
  await rcu.start();
  return rcu;
}

describe('virtual RCU', () => {
  it('says online, hello and its whole state on connect', async () => {
    const rcuId = `${prefix}hello`;
    const online = observer.next(`rcu/${rcuId}/up/status`, (body) => body.online === true);
    const hello = observer.next(`rcu/${rcuId}/up/hello`);
    const state = observer.next(`rcu/${rcuId}/up/state`);
    await start('hello');
    await online;
    expect(await hello).toMatchObject({ fw: expect.any(String), hw: expect.any(String), params: expect.any(Object) });
    expect(await state).toMatchObject({
      ts: expect.any(Number),
      rent: 'for_sale',
      card: false,
      sos: false,
      devices: { L1: { on: false }, D1: { on: false, level: 0 }, C1: { pos: 0 }, AC1: expect.any(Object) },
      energy: { kwh: expect.any(Number), w: expect.any(Number) },
    });
  });

  it('answers every command of the protocol', async () => {
    const rcu = await start('cmd');
    const id = rcu.rcuId;
    const state = observer.next(
      `rcu/${id}/up/state`,
      (body) => (body.devices as { AC1?: { set?: number } } | undefined)?.AC1?.set === 22,
    );
    expect(await observer.command(id, { op: 'set', devices: { AC1: { on: true, set: 22 } } })).toMatchObject({
      ok: true,
      result: { devices: { AC1: { on: true, set: 22 } } },
    });
    expect(await state).toMatchObject({ devices: { AC1: { on: true, set: 22 } } });
    expect(await observer.command(id, { op: 'set', devices: { L7: { on: true } } })).toMatchObject({
      ok: false,
      error: 'no device L7 in this room',
    });
    expect(await observer.command(id, { op: 'scene', mode: 'welcome' })).toMatchObject({ ok: true });
    expect(rcu.room.devices.L1?.on).toBe(true);
    expect(await observer.command(id, { op: 'rent', rent: 'checked_in' })).toMatchObject({
      ok: true,
      result: { rent: 'checked_in' },
    });
    expect(await observer.command(id, { op: 'set_params', params: { night_light: 30 } })).toMatchObject({ ok: true });
    expect(await observer.command(id, { op: 'get_params' })).toMatchObject({
      ok: true,
      result: { params: { night_light: 30 } },
    });

    const file = await serveFile(randomBytes(200_000));
    try {
      const upgrade = (version: string, sha256 = file.sha256) => ({
        op: 'upgrade',
        job: '1',
        kind: 'bin',
        version,
        url: file.url,
        sha256,
        size: file.content.length,
      });
      const finished = observer.next(`rcu/${id}/up/upgrade`, (body) => body.state === 'finished');
      const newHello = observer.next(`rcu/${id}/up/hello`, (body) => body.fw === '2.2.0');
      expect(await observer.command(id, upgrade('2.2.0'))).toMatchObject({ ok: true });
      expect(await finished).toMatchObject({ job: '1', progress: 100 });
      await newHello;
      const progress = observer.messages
        .filter((m) => m.topic === `rcu/${id}/up/upgrade`)
        .map((m) => m.body.progress as number);
      expect(progress[0]).toBe(0);
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(file.ranges).toEqual([]);

      // A drop halfway: the rest is asked for with Range, and the upgrade finishes.
      rcu.failUpgrades('drop');
      const resumed = observer.next(`rcu/${id}/up/upgrade`, (body) => body.state === 'finished');
      expect(await observer.command(id, upgrade('2.3.0'))).toMatchObject({ ok: true });
      await resumed;
      expect(file.ranges).toHaveLength(1);
      expect(file.ranges[0]).toMatch(/^bytes=\d+-$/);
      expect(rcu.firmware.fw).toBe('2.3.0');

      // The file is not the one announced: failed, and the version stays.
      rcu.failUpgrades(null);
      const failed = observer.next(`rcu/${id}/up/upgrade`, (body) => body.state === 'failed');
      expect(await observer.command(id, upgrade('2.4.0', 'b'.repeat(64)))).toMatchObject({ ok: true });
      expect(await failed).toMatchObject({ error: 'checksum mismatch' });
      expect(rcu.firmware.fw).toBe('2.3.0');
    } finally {
      await file.close();
    }

    const offline = observer.next(`rcu/${id}/up/status`, (body) => body.online === false);
    const back = observer.next(`rcu/${id}/up/hello`);
    expect(await observer.command(id, { op: 'reboot' })).toMatchObject({ ok: true });
    await offline;
    await back;
  }, 20_000);

  it('repeats an SOS with the same id until the server acknowledges it', async () => {
    const rcu = await start('sos', { sosRepeatMs: 100 });
    const topic = `rcu/${rcu.rcuId}/up/event`;
    const first = observer.next(topic, (body) => body.type === 'sos');
    const eventId = rcu.raiseSos('bathroom');
    expect(await first).toMatchObject({ id: eventId, type: 'sos', detail: 'bathroom', ts: expect.any(Number) });
    await observer.next(topic, (body) => body.id === eventId);
    await observer.next(topic, (body) => body.id === eventId);
    expect(rcu.pendingSos).toEqual([eventId]);
    expect(rcu.room.flags.sos).toBe(true);
    expect(await observer.command(rcu.rcuId, { op: 'ack', event: eventId })).toMatchObject({ ok: true });
    expect(rcu.pendingSos).toEqual([]);
  });

  it('leaves its last will when the connection drops, and comes back', async () => {
    const rcu = await start('drop', { reconnectMs: 100 });
    const will = observer.next(`rcu/${rcu.rcuId}/up/status`, (body) => body.online === false);
    const back = observer.next(`rcu/${rcu.rcuId}/up/status`, (body) => body.online === true);
    rcu.drop();
    await will;
    await back;
  });

  it('fails commands at the configured rate', async () => {
    const rcu = await start('fail', { rates: { fail: 1 } });
    expect(await observer.command(rcu.rcuId, { op: 'get_params' })).toMatchObject({
      ok: false,
      error: 'simulated failure',
    });
    expect(rcu.stats.failedCommands).toBe(1);
  });

  it('lives: a guest checks in, with the card, door and devices that go with it', async () => {
    const rcu = await start('guest', { behave: true, random: () => 0, rates: { sos: 0, drop: 0 } });
    const checkedIn = observer.next(`rcu/${rcu.rcuId}/up/state`, (body) => body.rent === 'checked_in');
    const cardIn = observer.next(`rcu/${rcu.rcuId}/up/event`, (body) => body.type === 'card_in');
    rcu.step(60_000);
    await checkedIn;
    await cardIn;
    expect(rcu.room.flags).toMatchObject({ rent: 'checked_in', card: true, occupied: true, door: false });
    expect(rcu.room.devices.L1?.on).toBe(true);
  });
});

describe('fleet', () => {
  it('starts one RCU per room and stops them, each saying offline', async () => {
    const rooms = Array.from({ length: 20 }, (_, n) => ({ rcu_id: `${prefix}F${n}`, device_key: 'k' }));
    const onlines = rooms.map((room) => observer.next(`rcu/${room.rcu_id}/up/status`, (body) => body.online === true));
    const fleet = await runFleet({ url: brokerUrl(), rooms, behave: false, tickMs: 60_000, concurrency: 5 });
    await Promise.all(onlines);
    expect(fleet.rcus).toHaveLength(20);
    expect(fleet.failed).toEqual([]);
    const offlines = rooms.map((room) =>
      observer.next(`rcu/${room.rcu_id}/up/status`, (body) => body.online === false),
    );
    await fleet.stop();
    await Promise.all(offlines);
  });
});
