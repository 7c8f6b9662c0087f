import { ALERT_TYPES, ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../test-support/databases.js';
import { watchRoomChanges } from '../test-support/live-console.js';

// What faulty RCUs send: impossible time stamps, SOS payloads outside the protocol, a clean
// DISCONNECT, silence. The RCU side is a plain mqtt.js client written from docs/rcu-protocol.md.

interface Room {
  id: number;
  rcu_id: string;
  room_num: string;
  hotel_id: number;
  device_key: string;
}

/** The first rooms of the demo hotel, each with a fresh device key (the call answers it in clear). */
async function roomsWithKeys(t: TestApp, token: string, count: number): Promise<Room[]> {
  const rows = await t.db
    .selectFrom('rooms')
    .select(['id', 'rcu_id', 'room_num', 'hotel_id'])
    .orderBy('id')
    .limit(count)
    .execute();
  const rooms: Room[] = [];
  for (const row of rows) {
    const answer = await t.call('POST', '/apis/roomkey', { token, body: { id: row.id } });
    if (answer.code !== 0) throw new Error(`roomkey: ${answer.code} ${answer.message}`);
    rooms.push({ ...row, device_key: answer.data.device_key as string });
  }
  return rooms;
}

function connect(t: TestApp, room: Room, will = true): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
    clientId: room.rcu_id,
    username: room.rcu_id,
    password: room.device_key,
    reconnectPeriod: 0,
    ...(will && {
      will: { topic: `rcu/${room.rcu_id}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    }),
  });
}

/** The next `ack` command the RCU receives (the server's acknowledgement of one of its events). */
function nextAck(client: MqttClient, rcuId: string): Promise<{ event: string }> {
  return new Promise((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== `rcu/${rcuId}/down/cmd`) return;
      const command = JSON.parse(payload.toString()) as { op: string; event: string };
      if (command.op !== 'ack') return;
      client.off('message', onMessage);
      resolve(command);
    };
    client.on('message', onMessage);
  });
}

/** Resolves with the first live change of the room that passes the test. */
async function roomChange(t: TestApp, room: Room, test: (change: Record<string, unknown>) => boolean) {
  let stop: () => Promise<void> = async () => {};
  let resolveSeen: (change: Record<string, unknown>) => void = () => {};
  const seen = new Promise<Record<string, unknown>>((resolve) => {
    resolveSeen = resolve;
  });
  stop = await watchRoomChanges(t.app.services.live, room.hotel_id, (change) => {
    if (change.room_id === room.id && test(change as Record<string, unknown>)) resolveSeen(change);
  });
  return seen.finally(() => stop());
}

describeEachDatabase(
  'what faulty RCUs send',
  (t) => {
    let manager: string;
    let room: Room;
    let other: Room;
    let rcu: MqttClient;

    /** Publishes an event payload as it is (any text) and waits for the server's ack. */
    async function sendEvent(payload: string) {
      const acked = nextAck(rcu, room.rcu_id);
      const before = new Date().toISOString();
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/event`, payload, { qos: 1 });
      const ack = await acked;
      return { ack, before, after: new Date().toISOString() };
    }

    const eventRow = (eventId: string) =>
      t.db
        .selectFrom('room_events')
        .selectAll()
        .where('room_id', '=', room.id)
        .where('event_id', '=', eventId)
        .execute();

    async function shownAlerts() {
      const answer = await t.call('POST', '/apis/redisroomspecialstate', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: {},
      });
      expect(answer.code).toBe(0);
      const { data } = answer.data as {
        data: { room_id: number; type: number; event_time: string; event_content: string }[];
      };
      return data.filter((alert) => alert.room_id === room.id);
    }

    beforeAll(async () => {
      manager = await t.login('manager');
      [room, other] = (await roomsWithKeys(t, manager, 2)) as [Room, Room];
      rcu = await connect(t, room);
      await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
    });
    afterAll(async () => {
      await rcu?.endAsync(true);
    });

    it.each([
      ['1e20', 'e-ts-huge', 1e20, '100000000000000000000'],
      ['in seconds', 'e-ts-seconds', 1_763_700_000, '1763700000'],
      ['missing', 'e-ts-missing', undefined, null],
      ['a string', 'e-ts-string', '2026-11-23 10:00', '"2026-11-23 10:00"'],
      ['before 2020', 'e-ts-old', Date.UTC(2019, 11, 31), String(Date.UTC(2019, 11, 31))],
      ['two days ahead', 'e-ts-ahead', Date.now() + 2 * 86_400_000, 'ahead'],
    ])(
      'stores an SOS stamped %s with the receive time, keeps the device’s value, acks and shows it',
      async (_, id, ts, kept) => {
        const sos = { id, ts, type: 'sos', detail: 'bathroom' };
        const { ack, before, after } = await sendEvent(JSON.stringify(sos));
        expect(ack.event).toBe(id);
        const [row] = await eventRow(id);
        if (!row) throw new Error(`event ${id} was not stored`);
        expect(row.event_time).toBe(row.received_at);
        expect(row.event_time >= before && row.event_time <= after).toBe(true);
        expect(row.device_ts).toBe(kept === 'ahead' ? String(ts) : kept);
        const shown = (await shownAlerts()).filter((alert) => alert.event_time === row.event_time);
        expect(shown).toEqual([
          expect.objectContaining({ type: ALERT_TYPES.sos, event_content: 'SOS emergency call: bathroom' }),
        ]);
      },
    );

    it('keeps a plausible device time as the event’s time, and the device’s value beside it', async () => {
      const ts = Date.now() - 60_000;
      await sendEvent(JSON.stringify({ id: 'e-ts-good', ts, type: 'door_open' }));
      const [row] = await eventRow('e-ts-good');
      expect(row).toMatchObject({
        event_time: new Date(ts).toISOString(),
        device_ts: String(ts),
        device_payload: null,
      });
    });

    it('stores any other event stamped in seconds at its receive time, not in January 1970', async () => {
      const { before } = await sendEvent(
        JSON.stringify({ id: 'e-door-seconds', ts: 1_763_700_000, type: 'door_open' }),
      );
      const [row] = await eventRow('e-door-seconds');
      if (!row) throw new Error('the door event was not stored');
      expect(row.event_time.startsWith('1970')).toBe(false);
      expect(row.event_time >= before).toBe(true);
      expect(await t.app.services.live.store.get(room.id)).toMatchObject({ door: true });
    });

    it('takes an SOS outside the protocol as an SOS: a number id, an upper-case type, an object detail', async () => {
      const payload = JSON.stringify({ id: 4711, ts: 'soon', type: 'SOS', detail: { zone: 'bath' } });
      const { ack } = await sendEvent(payload);
      expect(ack.event).toBe('4711');
      const [row] = await eventRow('4711');
      expect(row).toMatchObject({ type: 'sos', device_ts: '"soon"', device_payload: payload });
      expect(await shownAlerts()).toContainEqual(
        expect.objectContaining({ type: ALERT_TYPES.sos, event_content: 'SOS emergency call: {"zone":"bath"}' }),
      );
    });

    it('takes an SOS cut short (not JSON) as an SOS, with its id when it can be read', async () => {
      const payload = '{"id":"e-cut","ts":1763700000000,"type":"sos","detail":"bedr';
      const { ack } = await sendEvent(payload);
      expect(ack.event).toBe('e-cut');
      const [row] = await eventRow('e-cut');
      expect(row).toMatchObject({ type: 'sos', device_payload: payload, device_ts: '1763700000000' });
      expect(row?.event_time).toBe(new Date(1_763_700_000_000).toISOString());
    });

    it('takes an SOS without an id as an SOS, acked under an id made from it, its repeats stored once', async () => {
      const payload = JSON.stringify({ type: 'sos', ts: 12, detail: 'no id' });
      const salvaged = t.app.gateway?.stats().salvagedSos ?? 0;
      const first = await sendEvent(payload);
      const again = await sendEvent(payload);
      expect(t.app.gateway?.stats().salvagedSos).toBe(salvaged + 2);
      expect(first.ack.event).toMatch(/^x-[0-9a-f]{32}$/);
      expect(again.ack.event).toBe(first.ack.event);
      expect(await eventRow(first.ack.event)).toHaveLength(1);
      expect(await shownAlerts()).toContainEqual(
        expect.objectContaining({ type: ALERT_TYPES.sos, event_content: 'SOS emergency call: no id' }),
      );
    });

    it('still drops an event that is not an SOS and breaks the protocol', async () => {
      const before = t.app.gateway?.stats().dropped.schema ?? 0;
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/event`, '{"id":"e-x","ts":1,"type":"party"}', { qos: 1 });
      await expect.poll(() => t.app.gateway?.stats().dropped.schema).toBe(before + 1);
      expect(await eventRow('e-x')).toEqual([]);
    });

    it('merges a state message whose time stamp is not a number', async () => {
      const changed = roomChange(t, room, (change) => change.mur === true);
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ ts: 'now', mur: true }), { qos: 1 });
      await changed;
    });

    it('takes a room offline at a clean DISCONNECT (no last will), and a command to it is 4408', async () => {
      const client = await connect(t, other, false);
      const online = roomChange(t, other, (change) => change.online === true);
      await client.publishAsync(`rcu/${other.rcu_id}/up/status`, '{"online":true}', { qos: 1 });
      await online;
      const offline = roomChange(t, other, (change) => change.online === false);
      await client.endAsync();
      await offline;
      const answer = await t.call('POST', '/apis/paramsget', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_id: other.id },
      });
      expect(answer.code).toBe(ErrorCode.device);
      expect(answer.message).toContain('offline');
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);

describe('an RCU that falls silent (embedded broker)', () => {
  let t: TestApp;
  let manager: string;
  let room: Room;
  let rcu: MqttClient;

  beforeAll(async () => {
    // Three heartbeats in a fraction of a second: the window is a setting.
    t = await createTestApp('sqlite', {
      env: { MQTT_PORT: '0', HOST: '127.0.0.1', HEARTBEAT_TIMEOUT_SECONDS: '0.3' },
      build: { gateway: true },
    });
    manager = await t.login('manager');
    [room] = (await roomsWithKeys(t, manager, 1)) as [Room];
  });
  afterAll(async () => {
    await rcu?.endAsync(true);
    await t?.close();
  });

  it('goes offline after the heartbeat window, and the hotel’s offline alert follows its setting', async () => {
    const settings = await t.call('PUT', '/apis/hotelsettingsupdate', {
      token: manager,
      body: { offline_alert_minutes: 0 },
    });
    expect(settings.code).toBe(0);
    rcu = await connect(t, room);
    const online = roomChange(t, room, (change) => change.online === true);
    await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ ts: Date.now(), card: true }));
    await online;
    const offline = roomChange(t, room, (change) => change.online === false);
    await offline;
    expect(rcu.connected).toBe(true);
    await t.app.services.alerts.sweepRules();
    const answer = await t.call('POST', '/apis/redisroomspecialstate', { token: manager, body: {} });
    expect(answer.data.data).toContainEqual(
      expect.objectContaining({ room_id: room.id, type: ALERT_TYPES.rcu_offline }),
    );
    const back = roomChange(t, room, (change) => change.online === true);
    await rcu.publishAsync(`rcu/${room.rcu_id}/up/state`, JSON.stringify({ card: false }));
    await back;
  });
});
