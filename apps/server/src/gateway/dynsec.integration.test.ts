import { randomBytes } from 'node:crypto';
import { createRcu, type VirtualRcu } from '@roompilot/rcu-sim';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { createTestApp, type TestApp } from '../test-support/databases.js';
import { withOpenKeys } from '../test-support/fixtures.js';
import { type OwnMosquitto, startOwnMosquitto } from '../test-support/own-mosquitto.js';
import { until } from '../test-support/waiting.js';
import { DYNSEC_RESPONSE_TOPIC, DYNSEC_TOPIC, describeKey, MANAGED_MARK, startDynsecSync } from './dynsec.js';

// Issue 15's must-show: two RoomPilot instances on one PostgreSQL and one Redis, joined to a real
// Mosquitto with the dynamic-security plugin that RoomPilot keeps in step with the rooms
// (MQTT_DEVICE_SYNC=mosquitto-dynsec). The RCUs are plain MQTT clients and the simulator's RCU;
// the consoles are live WebSockets. Nothing is faked: the broker itself refuses or lets in.

function needed(name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: this suite needs it (it never skips; \`npm test\` starts one).`);
  return value;
}

/** Connects as an RCU once, without retrying: the client, or the broker's refusal. */
async function connectOnce(address: string, rcuId: string, key: string, clientId = rcuId) {
  try {
    const client = await mqtt.connectAsync(address, {
      clientId,
      username: rcuId,
      password: key,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    return { client, refused: null };
  } catch (error) {
    return { client: null, refused: (error as Error).message };
  }
}

/** A console's live socket: collects what the server pushes. */
async function liveSocket(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/apis/live`);
  const received: { type: string; data: Record<string, unknown> }[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ token, lang: 'en' }));
  return { socket, received };
}

/** The broker's clients as its control topic lists them (the test's own admin connection). */
/** One dynamic-security command sent as the broker's admin; answers its response's data. */
async function brokerCommand<T>(broker: OwnMosquitto, command: Record<string, unknown>): Promise<T> {
  const admin = await mqtt.connectAsync(broker.address, {
    protocolVersion: 5,
    username: broker.user,
    password: broker.password,
    clientId: `test-admin-${randomBytes(3).toString('hex')}`,
  });
  try {
    await admin.subscribeAsync(DYNSEC_RESPONSE_TOPIC);
    const id = `test-${randomBytes(4).toString('hex')}`;
    const answer = new Promise<T>((resolve) => {
      admin.on('message', (_, payload) => {
        const { responses } = JSON.parse(String(payload)) as {
          responses: { correlationData?: string; data: T }[];
        };
        const mine = responses.find((response) => response.correlationData === id);
        if (mine) resolve(mine.data);
      });
    });
    await admin.publishAsync(DYNSEC_TOPIC, JSON.stringify({ commands: [{ ...command, correlationData: id }] }));
    return await answer;
  } finally {
    await admin.endAsync(true);
  }
}

async function brokerClients(broker: OwnMosquitto) {
  const data = await brokerCommand<{ clients: { username: string; textdescription?: string }[] }>(broker, {
    command: 'listClients',
    verbose: true,
  });
  return data.clients;
}

describe('an outside Mosquitto kept in step with the rooms (MQTT_DEVICE_SYNC=mosquitto-dynsec), two instances', () => {
  let broker: OwnMosquitto;
  let a: TestApp;
  let b: FastifyInstance;
  let bUrl: string;
  let aUrl: string;
  let manager: string;
  let hotelId: number;
  const opened: MqttClient[] = [];
  const rcus: VirtualRcu[] = [];

  beforeAll(async () => {
    needed('TEST_DATABASE_URL');
    const redisUrl = needed('TEST_REDIS_URL');
    broker = await startOwnMosquitto();
    const env = {
      MQTT_URL: broker.url,
      MQTT_DEVICE_SYNC: 'mosquitto-dynsec',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `rp:dynsec:${process.pid}:${Date.now()}:`,
      HOST: '127.0.0.1',
    };
    a = await createTestApp('postgres', { env, build: { gateway: true } });
    // The second instance: the same settings, database, Redis and data folder (device-key secret).
    b = await buildApp(a.config, { db: createDatabase(a.config.database), clock: a.clock, gateway: true });
    aUrl = await a.app.listen({ port: 0, host: '127.0.0.1' });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
    manager = await a.login('manager');
    hotelId = (await a.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id as number;
  }, 120_000);

  afterAll(async () => {
    for (const client of opened) await client.endAsync(true).catch(() => {});
    for (const rcu of rcus) await rcu.stop().catch(() => {});
    await b?.close();
    await a?.close();
    await broker?.remove();
  });

  it('lets in at start the RCUs of the rooms that were there before (the reconcile, run once in the cluster)', async () => {
    const [room] = withOpenKeys(
      a,
      await a.db.selectFrom('rooms').select(['rcu_id', 'device_key']).orderBy('id').limit(1).execute(),
    );
    if (!room) throw new Error('no demo room');
    const { client } = await until(
      'the demo room to be let in',
      () => connectOnce(broker.address, room.rcu_id, room.device_key),
      (attempt) => attempt.client !== null,
    );
    opened.push(client as MqttClient);
    const rooms = await a.db.selectFrom('rooms').select(['rcu_id']).execute();
    const managedOf = (clients: { textdescription?: string }[]) =>
      clients.filter((client) => client.textdescription?.startsWith(MANAGED_MARK));
    const clients = await until(
      "every room's client",
      () => brokerClients(broker),
      (found) => Array.isArray(found) && managedOf(found).length >= rooms.length,
    );
    const managed = managedOf(clients) as { username: string }[];
    expect(managed.map((client) => client.username).sort()).toEqual(rooms.map((room) => room.rcu_id).sort());
    // The servers' own login is not RoomPilot's to manage: it is still there, untouched.
    expect(clients.map((client) => client.username)).toContain(broker.user);
    // One instance did it: the lease's holder.
    const lease = await a.db
      .selectFrom('cluster_leases')
      .selectAll()
      .where('name', '=', 'devices:broker-sync')
      .execute();
    expect(lease).toHaveLength(1);
  });

  it('a room added on A connects at once; a key regenerated on B disconnects it and refuses the old key; a deleted room is refused; another client id is refused; an SOS shows on the other instance', async () => {
    const roomType = await a.db
      .selectFrom('room_types')
      .select('id')
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const building = await a.db
      .selectFrom('buildings')
      .select(['id', 'floor_from'])
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const rcuId = `DS${randomBytes(4).toString('hex').toUpperCase()}`;
    const added = await a.call('POST', '/apis/roomadd', {
      token: manager,
      body: {
        room_num: `9${randomBytes(2).readUInt16BE() % 900}`,
        floor_num: building.floor_from,
        room_type_id: roomType.id,
        building_id: building.id,
        rcu_id: rcuId,
      },
    });
    expect(added.code, added.message).toBe(0);
    const roomId = added.data.id as number;
    const key = added.data.device_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // At once: the first try, no waiting.
    const first = await connectOnce(broker.address, rcuId, key);
    expect(first.refused).toBeNull();
    const rcu = first.client as MqttClient;
    opened.push(rcu);
    // Its own topics only: its down topics are granted, another RCU's are not.
    const granted = await rcu.subscribeAsync([`rcu/${rcuId}/down/cmd`], { qos: 1 });
    expect(granted.map((grant) => grant.qos)).toEqual([1]);
    await expect(rcu.subscribeAsync(['rcu/SOMEONEELSE/down/cmd'], { qos: 1 })).rejects.toThrow();

    // A client id other than its rcu_id is refused, even with the right key.
    expect((await connectOnce(broker.address, rcuId, key, `${rcuId}X`)).refused).toMatch(/Not authorized|Bad user/i);
    // A wrong key is refused.
    expect((await connectOnce(broker.address, rcuId, `${key}x`)).refused).toMatch(/Not authorized|Bad user/i);

    // An SOS through the broker: stored once, and pushed to consoles on both instances.
    const onA = await liveSocket(aUrl, manager);
    const onB = await liveSocket(bUrl, await a.login('waiter'));
    const sosRcu = createRcu({ url: broker.address, rcuId, deviceKey: key, behave: false, sosRepeatMs: 1_000 });
    rcus.push(sosRcu);
    await sosRcu.start();
    const sos = sosRcu.raiseSos('dynsec test');
    for (const console of [onA, onB]) {
      await until(
        'the SOS on a console',
        async () => console.received,
        (received) => received.some((message) => message.type === 'alert' && message.data.room_id === roomId),
      );
    }
    await until(
      'the SOS to be acknowledged',
      async () => sosRcu.pendingSos,
      (pending) => !pending.includes(sos),
    );
    const stored = await a.db
      .selectFrom('alerts')
      .innerJoin('room_events', 'room_events.id', 'alerts.room_event_id')
      .select('room_events.event_id')
      .where('alerts.room_id', '=', roomId)
      .where('alerts.type', '=', 1)
      .execute();
    expect(stored.map((row) => row.event_id)).toEqual([sos]);
    onA.socket.close();
    onB.socket.close();
    await sosRcu.stop();

    // A new key through instance B: the connected RCU is dropped at once, the old key refused.
    // (The simulator's RCU took the client id over from the first connection: connected again.)
    const reconnected = await connectOnce(broker.address, rcuId, key);
    expect(reconnected.refused).toBeNull();
    const connected = reconnected.client as MqttClient;
    opened.push(connected);
    const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
    const viaB = await b.inject({
      method: 'POST',
      url: '/apis/roomkey',
      headers: { authorization: `Bearer ${manager}` },
      payload: { id: roomId },
    });
    expect(viaB.json().code).toBe(0);
    const newKey = viaB.json().data.device_key as string;
    await closed;
    expect(connected.connected).toBe(false);
    expect((await connectOnce(broker.address, rcuId, key)).refused).toMatch(/Not authorized|Bad user/i);
    const again = await connectOnce(broker.address, rcuId, newKey);
    expect(again.refused).toBeNull();
    const current = again.client as MqttClient;
    opened.push(current);

    // The room deleted (through B): dropped, and refused from then on.
    const gone = new Promise<void>((resolve) => current.once('close', () => resolve()));
    const deleted = await b.inject({
      method: 'POST',
      url: '/apis/roomdel',
      headers: { authorization: `Bearer ${manager}` },
      payload: { ids: [roomId] },
    });
    expect(deleted.json().code).toBe(0);
    await gone;
    expect((await connectOnce(broker.address, rcuId, newKey)).refused).toMatch(/Not authorized|Bad user/i);
    const clients = await brokerClients(broker);
    expect(clients.map((client) => client.username)).not.toContain(rcuId);
  }, 60_000);

  it('a key regenerated while the broker is away is told when it is back; rooms added after its restart connect at once', async () => {
    const [room] = withOpenKeys(
      a,
      await a.db.selectFrom('rooms').select(['id', 'rcu_id', 'device_key']).orderBy('id').offset(2).limit(1).execute(),
    );
    if (!room) throw new Error('no room');
    await broker.stop();
    // The call does not wait for a broker that is not there: the room's new key is stored at once.
    const started = Date.now();
    const regenerated = await a.call('POST', '/apis/roomkey', { token: manager, body: { id: room.id } });
    expect(regenerated.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(4_000);
    const newKey = regenerated.data.device_key as string;
    await broker.start();
    // Told again once the instance's connection is back (and the lease holder reconciles).
    const back = await until(
      'the new key to be let in',
      () => connectOnce(broker.address, room.rcu_id, newKey),
      (attempt) => attempt.client !== null,
    );
    opened.push(back.client as MqttClient);
    expect((await connectOnce(broker.address, room.rcu_id, room.device_key)).refused).toMatch(
      /Not authorized|Bad user/i,
    );
    // A room added now connects at its first try.
    const roomType = await a.db
      .selectFrom('room_types')
      .select('id')
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const building = await a.db
      .selectFrom('buildings')
      .select(['id', 'floor_from'])
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    const rcuId = `DR${randomBytes(4).toString('hex').toUpperCase()}`;
    const added = await a.call('POST', '/apis/roomadd', {
      token: manager,
      body: {
        room_num: `7${randomBytes(2).readUInt16BE() % 900}`,
        floor_num: building.floor_from,
        room_type_id: roomType.id,
        building_id: building.id,
        rcu_id: rcuId,
      },
    });
    expect(added.code, added.message).toBe(0);
    const first = await connectOnce(broker.address, rcuId, added.data.device_key);
    expect(first.refused).toBeNull();
    opened.push(first.client as MqttClient);
  }, 90_000);

  it('the reconcile repairs what the broker missed: a client removed by hand comes back, a key changed behind its back is taken', async () => {
    const [room] = withOpenKeys(
      a,
      await a.db.selectFrom('rooms').select(['id', 'rcu_id', 'device_key']).orderBy('id', 'desc').limit(2).execute(),
    );
    const [, other] = await a.db.selectFrom('rooms').select(['id', 'rcu_id']).orderBy('id', 'desc').limit(2).execute();
    if (!room || !other) throw new Error('no rooms');
    // Drift: the broker loses a client (an operator's mistake, an old broker file put back), and
    // another room's key changes in the database without the broker being told.
    const admin = await mqtt.connectAsync(broker.address, {
      protocolVersion: 5,
      username: broker.user,
      password: broker.password,
      clientId: 'test-drift',
    });
    await admin.publishAsync(
      DYNSEC_TOPIC,
      JSON.stringify({ commands: [{ command: 'deleteClient', username: room.rcu_id }] }),
      { qos: 1 },
    );
    await admin.endAsync();
    await until(
      'the client to be gone',
      () => connectOnce(broker.address, room.rcu_id, room.device_key),
      (attempt) => attempt.refused !== null,
    );
    const otherKey = `K${randomBytes(24).toString('base64url')}`;
    await a.db
      .updateTable('rooms')
      .set({ device_key: a.app.deviceKeys.seal(otherKey) })
      .where('id', '=', other.id)
      .execute();
    expect((await connectOnce(broker.address, other.rcu_id, otherKey)).refused).not.toBeNull();

    // The periodic round runs on the instance holding the lease: A took it at start, B may not.
    expect(await b.deviceSync?.reconcile()).toBe(false);
    expect(await a.app.deviceSync?.reconcile()).toBe(true);
    const back = await connectOnce(broker.address, room.rcu_id, room.device_key);
    expect(back.refused).toBeNull();
    opened.push(back.client as MqttClient);
    const taken = await connectOnce(broker.address, other.rcu_id, otherKey);
    expect(taken.refused).toBeNull();
    opened.push(taken.client as MqttClient);
    const clients = await brokerClients(broker);
    expect(clients.find((client) => client.username === room.rcu_id)?.textdescription).toBe(
      describeKey(room.rcu_id, room.device_key),
    );
  }, 60_000);
  it('a broker login without the dynamic-security admin role stops the start with what to give it', async () => {
    const user = `rponly-${randomBytes(3).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    await brokerCommand(broker, { command: 'createClient', username: user, password });
    const url = broker.address.replace('mqtt://', `mqtt://${user}:${password}@`);
    await expect(startDynsecSync({ url, db: a.db, keys: a.app.deviceKeys })).rejects.toThrow(
      /the broker refused the subscription to \$CONTROL\/dynamic-security\/v1\/response; give the MQTT_URL user the dynamic-security admin role/,
    );
  }, 30_000);
});

describe('MQTT_DEVICE_SYNC=mosquitto-dynsec on a broker without the plugin', () => {
  it('stops the start with words that say what is missing', async () => {
    const url = process.env.TEST_MQTT_URL;
    if (!url) throw new Error('TEST_MQTT_URL is not set: this suite needs a plain Mosquitto (it never skips).');
    const t = await createTestApp('sqlite', { demo: false });
    try {
      await expect(startDynsecSync({ url, db: t.db, keys: t.app.deviceKeys })).rejects.toThrow(
        /dynamic-security plugin did not answer .*admin role/,
      );
    } finally {
      await t.close();
    }
  }, 30_000);
});
