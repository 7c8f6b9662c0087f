import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCommandError } from '../modules/control/failures.js';
import { ControlService } from '../modules/control/service.js';
import { createMemoryStore } from '../modules/live/memory-store.js';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from '../test-support/databases.js';
import { withOpenKeys } from '../test-support/fixtures.js';
import { watchRoomChanges } from '../test-support/live-console.js';
import { createDeviceDirectory } from './directory.js';
import { createGateway, DeviceTimeoutError } from './gateway.js';

// The RCU side of these tests is written from docs/rcu-protocol.md alone: a plain mqtt.js client,
// hand-written topics and JSON, nothing imported from the project.

interface Rcu {
  rcu_id: string;
  device_key: string;
  id: number;
}

function connectRcu(url: string, rcu: Pick<Rcu, 'rcu_id' | 'device_key'>, clientId = rcu.rcu_id) {
  return mqtt.connectAsync(url, {
    clientId,
    username: rcu.rcu_id,
    password: rcu.device_key,
    reconnectPeriod: 0,
    will: { topic: `rcu/${rcu.rcu_id}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
}

/** The next message on a topic that passes the test. */
function nextMessage(client: MqttClient, topic: string, test: (body: Record<string, unknown>) => boolean = () => true) {
  return new Promise<Record<string, unknown>>((resolve) => {
    const onMessage = (received: string, payload: Buffer) => {
      if (received !== topic) return;
      const body = JSON.parse(payload.toString()) as Record<string, unknown>;
      if (!test(body)) return;
      client.off('message', onMessage);
      resolve(body);
    };
    client.on('message', onMessage);
  });
}

async function rooms(t: TestApp, count: number): Promise<Rcu[]> {
  return withOpenKeys(
    t,
    await t.db.selectFrom('rooms').select(['id', 'rcu_id', 'device_key']).orderBy('id').limit(count).execute(),
  );
}

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`gateway end to end, embedded broker [${kind}]`, () => {
    let t: TestApp;
    let url: string;
    let hotelId: number;
    let rcu: Rcu;
    let device: MqttClient;

    /** Resolves with the first change of the room that passes the test. */
    async function roomChange(test: (change: Record<string, unknown>) => boolean) {
      let stop: () => Promise<void> = async () => {};
      const seen = new Promise<Record<string, unknown>>((resolve) => {
        watchRoomChanges(t.app.services.live, hotelId, (change) => {
          if (change.room_id === rcu.id && test(change as Record<string, unknown>)) resolve(change);
        }).then((unsubscribe) => {
          stop = unsubscribe;
        });
      });
      return { seen: seen.finally(() => stop()) };
    }

    beforeAll(async () => {
      t = await createTestApp(kind, { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } });
      url = `mqtt://127.0.0.1:${t.app.gateway?.port}`;
      [rcu] = (await rooms(t, 1)) as [Rcu];
      const room = await t.db.selectFrom('rooms').select('hotel_id').where('id', '=', rcu.id).executeTakeFirstOrThrow();
      hotelId = room.hotel_id;
      device = await connectRcu(url, rcu);
      await device.subscribeAsync(`rcu/${rcu.rcu_id}/down/cmd`, { qos: 1 });
    });
    afterAll(async () => {
      await device?.endAsync(true);
      await t?.close();
    });

    it('takes status, hello and state into the live state and the room row', async () => {
      const reported = await roomChange((change) => change.card === true);
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/status`, '{"online":true}', { qos: 1, retain: true });
      await device.publishAsync(
        `rcu/${rcu.rcu_id}/up/hello`,
        JSON.stringify({ fw: '2.1.0', hw: 'RCU-8', cfg: 'cfg-7', ir: 'ir-3', params: { night: 1 } }),
        { qos: 1 },
      );
      await device.publishAsync(
        `rcu/${rcu.rcu_id}/up/state`,
        JSON.stringify({
          ts: Date.now(),
          rent: 'checked_in',
          card: true,
          devices: { AC1: { on: true, mode: 'cool', set: 24, temp: 26.5, fan: 'auto' } },
          energy: { kwh: 12.5, w: 850 },
        }),
      );
      await reported.seen;
      const live = t.app.services.live;
      const [state] = await live.roomStates(hotelId, {}).then((all) => all.filter((r) => r.room_id === rcu.id));
      expect(state).toMatchObject({ online: true, rent: 'checked_in', card: true, sos: false });
      expect(await live.deviceState(rcu.id, hotelId)).toEqual({
        room_id: rcu.id,
        online: true,
        devices: { AC1: { on: true, mode: 'cool', set: 24, temp: 26.5, fan: 'auto' } },
        energy: { kwh: 12.5, w: 850 },
        // What the room's type calls its devices (routes.test checks them against the template).
        names: expect.any(Object),
      });
      await expect
        .poll(() => t.db.selectFrom('rooms').select(['fw', 'cfg', 'ir']).where('id', '=', rcu.id).executeTakeFirst())
        .toEqual({ fw: '2.1.0', cfg: 'cfg-7', ir: 'ir-3' });
    });

    it('stores an SOS once, acknowledges every repeat, and raises one alert', async () => {
      const alerts: unknown[] = [];
      const stop = await t.app.services.alerts.onAlert((message) => alerts.push(message));
      const sos = { id: `e-sos-${kind}`, ts: Date.now(), type: 'sos', detail: 'bathroom' };
      for (let repeat = 0; repeat < 3; repeat += 1) {
        const ack = nextMessage(device, `rcu/${rcu.rcu_id}/down/cmd`, (cmd) => cmd.op === 'ack');
        await device.publishAsync(`rcu/${rcu.rcu_id}/up/event`, JSON.stringify(sos), { qos: 1 });
        expect(await ack).toMatchObject({ op: 'ack', event: sos.id, id: expect.any(String), ts: expect.any(Number) });
      }
      stop();
      const events = await t.db.selectFrom('room_events').selectAll().where('room_id', '=', rcu.id).execute();
      expect(events.filter((event) => event.event_id === sos.id)).toHaveLength(1);
      const open = await t.app.services.alerts.openAlerts(hotelId, 'en');
      expect(open.filter((alert) => alert.room_id === rcu.id)).toEqual([
        expect.objectContaining({
          type: 1,
          event_content: 'SOS emergency call: bathroom',
          event_time: new Date(sos.ts).toISOString(),
        }),
      ]);
      await expect.poll(() => alerts).toEqual([expect.objectContaining({ type: 'alert', hotel_id: hotelId })]);
      expect((await t.app.services.live.store.get(rcu.id))?.sos).toBe(true);
    });

    it('sends a command and resolves with the RCU’s ack; a refusal is an error', async () => {
      const answer = (ok: boolean) => {
        nextMessage(device, `rcu/${rcu.rcu_id}/down/cmd`, (cmd) => cmd.op === 'set').then((cmd) =>
          device.publishAsync(
            `rcu/${rcu.rcu_id}/up/ack`,
            JSON.stringify({ id: cmd.id, ok, error: ok ? null : 'AC1 is locked', result: { applied: ok } }),
            { qos: 1 },
          ),
        );
      };
      answer(true);
      await expect(
        t.app.services.control.sendCommand(rcu.id, 'set', { devices: { AC1: { set: 22 } } }, { hotelId }),
      ).resolves.toEqual({ applied: true });
      answer(false);
      const refused = t.app.services.control.sendCommand(rcu.id, 'set', { devices: { AC1: { set: 23 } } });
      await expect(refused).rejects.toMatchObject({ failure: 'refused', detail: 'AC1 is locked' });
      await expect(refused).rejects.toBeInstanceOf(DeviceCommandError);
    });

    it('counts and drops malformed payloads, and keeps working', async () => {
      const before = t.app.gateway?.stats().dropped ?? { json: 0, schema: 0 };
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/state`, '{"card":', { qos: 1 });
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/event`, '{"id":"e","ts":1,"type":"party"}', { qos: 1 });
      const changed = await roomChange((change) => change.dnd === true);
      await device.publishAsync(`rcu/${rcu.rcu_id}/up/state`, '{"dnd":true}', { qos: 1 });
      await changed.seen;
      const after = t.app.gateway?.stats().dropped;
      expect(after?.json).toBe(before.json + 1);
      expect(after?.schema).toBe(before.schema + 1);
    });

    it('marks the room offline on the last will, and refuses commands to it at once', async () => {
      const offline = await roomChange((change) => change.online === false);
      device.stream.destroy();
      await offline.seen;
      await expect(t.app.services.control.sendCommand(rcu.id, 'reboot', {})).rejects.toMatchObject({
        failure: 'offline',
      });
    });
  });
}

describe('broker security', () => {
  let t: TestApp;
  let url: string;
  let own: Rcu;
  let other: Rcu;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } });
    url = `mqtt://127.0.0.1:${t.app.gateway?.port}`;
    [own, other] = (await rooms(t, 2)) as [Rcu, Rcu];
  });
  afterAll(async () => {
    await t?.close();
  });

  const refusal = (connecting: Promise<MqttClient>) =>
    connecting.then(
      async (client) => {
        await client.endAsync(true);
        return 'connected';
      },
      (error: { code?: number }) => error.code,
    );

  it('refuses an unknown id, a wrong key and a client id that is not the user name', async () => {
    expect(await refusal(connectRcu(url, { rcu_id: 'NOSUCHRCU', device_key: own.device_key }))).toBe(4);
    expect(await refusal(connectRcu(url, { rcu_id: own.rcu_id, device_key: `${own.device_key}x` }))).toBe(4);
    expect(await refusal(connectRcu(url, { rcu_id: own.rcu_id, device_key: other.device_key }))).toBe(4);
    expect(await refusal(connectRcu(url, own, other.rcu_id))).toBe(4);
    expect(await refusal(connectRcu(url, own))).toBe('connected');
  });

  it('refuses subscriptions to another RCU’s commands or to everything', async () => {
    const client = await connectRcu(url, own);
    const grantOf = (filter: string) =>
      client.subscribeAsync(filter, { qos: 1 }).then(
        ([grant]) => grant?.qos,
        () => 'refused',
      );
    expect(await grantOf(`rcu/${own.rcu_id}/down/cmd`)).toBe(1);
    for (const filter of [`rcu/${other.rcu_id}/down/cmd`, 'rcu/+/down/cmd', '#', `rcu/${other.rcu_id}/up/#`]) {
      expect(await grantOf(filter), filter).toBe('refused');
    }
    await client.endAsync(true);
  });

  it('disconnects an RCU publishing under another RCU’s topic, and drops the message', async () => {
    const client = await connectRcu(url, own);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`rcu/${other.rcu_id}/up/state`, '{"sos":true}', { qos: 1 });
    await closed;
    client.end(true);
    expect(await t.app.services.live.store.get(other.id)).toBeNull();
  });

  it('disconnects a connected RCU when its room’s key changes', async () => {
    const client = await connectRcu(url, other);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await t.db
      .updateTable('rooms')
      .set({ device_key: t.app.deviceKeys.seal('regenerated-key') })
      .where('id', '=', other.id)
      .execute();
    await t.app.gateway?.invalidateRoom(other.rcu_id);
    await closed;
    client.end(true);
    expect(await refusal(connectRcu(url, other))).toBe(4);
    expect(await refusal(connectRcu(url, { ...other, device_key: 'regenerated-key' }))).toBe('connected');
  });
});

describe('commands without an answer', () => {
  it('reject after the configured time-out with a clear error, not retried', async () => {
    const t = await createTestApp('sqlite');
    const gateway = await createGateway({
      directory: createDeviceDirectory(t.db, t.app.deviceKeys),
      mqttUrl: null,
      port: 0,
      host: '127.0.0.1',
      commandTimeoutMs: 300,
    });
    const control = new ControlService({ db: t.db, store: createMemoryStore(), clock: t.clock });
    control.attach(gateway);
    const [silent] = (await rooms(t, 1)) as [Rcu];
    const client = await connectRcu(`mqtt://127.0.0.1:${gateway.port}`, silent);
    try {
      const commands: unknown[] = [];
      client.on('message', (_, payload) => commands.push(JSON.parse(payload.toString())));
      await client.subscribeAsync(`rcu/${silent.rcu_id}/down/cmd`, { qos: 1 });
      const started = Date.now();
      const sent = control.sendCommand(silent.id, 'get_params', {});
      await expect(sent).rejects.toBeInstanceOf(DeviceCommandError);
      await expect(sent).rejects.toMatchObject({ failure: 'timeout', cause: expect.any(DeviceTimeoutError) });
      await expect(sent).rejects.toThrow(/did not answer the get_params command within 0.3 s/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(commands).toEqual([expect.objectContaining({ op: 'get_params' })]);
      expect(gateway.stats().commands).toMatchObject({ sent: 1, acked: 0, timedOut: 1 });
    } finally {
      await client.endAsync(true);
      await gateway.close();
      await t.close();
    }
  });
});
