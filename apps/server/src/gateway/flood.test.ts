import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from '../test-support/databases.js';
import { withOpenKeys } from '../test-support/fixtures.js';

// One RCU flooding the server (issue 10): the RCU side is a plain mqtt.js client speaking
// docs/rcu-protocol.md, nothing imported from the project.

interface Rcu {
  id: number;
  rcu_id: string;
  device_key: string;
  hotel_id: number;
}

const FLOOD = 200;
/** Five events at once, then one every 100 s: the flood is over budget from its sixth event on. */
const BUDGET = { RCU_MAX_EVENTS_PER_SECOND: '0.01', RCU_MAX_STATES_PER_SECOND: '0.01', RCU_BURST_SECONDS: '500' };

function connectRcu(url: string, rcu: Rcu) {
  return mqtt.connectAsync(url, {
    clientId: rcu.rcu_id,
    username: rcu.rcu_id,
    password: rcu.device_key,
    reconnectPeriod: 0,
    will: { topic: `rcu/${rcu.rcu_id}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
}

/** The server's ack of one event, on the RCU's command topic. */
function ackOf(client: MqttClient, rcu: Rcu, eventId: string) {
  return new Promise<Record<string, unknown>>((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== `rcu/${rcu.rcu_id}/down/cmd`) return;
      const command = JSON.parse(payload.toString()) as Record<string, unknown>;
      if (command.op !== 'ack' || command.event !== eventId) return;
      client.off('message', onMessage);
      resolve(command);
    };
    client.on('message', onMessage);
  });
}

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`one RCU flooding the server [${kind}]`, () => {
    let t: TestApp;
    let url: string;
    let flooder: Rcu;
    let neighbour: Rcu;
    let flooderClient: MqttClient;
    let neighbourClient: MqttClient;
    const logLines: Record<string, unknown>[] = [];

    const storedEvents = async (room: Rcu) =>
      (await t.db.selectFrom('room_events').select('event_id').where('room_id', '=', room.id).execute()).map(
        (row) => row.event_id,
      );
    const openAlerts = async (room: Rcu) =>
      (await t.app.services.alerts.openAlerts(room.hotel_id, 'en')).filter((alert) => alert.room_id === room.id);

    beforeAll(async () => {
      t = await createTestApp(kind, {
        env: { MQTT_PORT: '0', HOST: '127.0.0.1', ...BUDGET },
        build: {
          gateway: true,
          logger: { level: 'warn', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } },
        },
      });
      url = `mqtt://127.0.0.1:${t.app.gateway?.port}`;
      [flooder, neighbour] = withOpenKeys(
        t,
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key', 'hotel_id'])
          .orderBy('id')
          .limit(2)
          .execute(),
      ) as [Rcu, Rcu];
      flooderClient = await connectRcu(url, flooder);
      neighbourClient = await connectRcu(url, neighbour);
      for (const [client, rcu] of [
        [flooderClient, flooder],
        [neighbourClient, neighbour],
      ] as const) {
        await client.subscribeAsync(`rcu/${rcu.rcu_id}/down/cmd`, { qos: 1 });
      }
    });
    afterAll(async () => {
      await flooderClient?.endAsync(true);
      await neighbourClient?.endAsync(true);
      await t?.close();
    });

    it('stores what is within the budget, drops the rest, raises one flooding alert, and never drops an SOS', async () => {
      const floodIds = Array.from({ length: FLOOD }, (_, i) => `e-flood-${kind}-${i}`);
      await Promise.all(
        floodIds.map((id) =>
          flooderClient.publishAsync(
            `rcu/${flooder.rcu_id}/up/event`,
            JSON.stringify({ id, ts: Date.now(), type: 'door_open' }),
            { qos: 1 },
          ),
        ),
      );
      // Far over the budget now: the flooder's own SOS is stored and acknowledged all the same.
      const sos = { id: `e-flood-sos-${kind}`, ts: Date.now(), type: 'sos', detail: 'bathroom' };
      const sosAck = ackOf(flooderClient, flooder, sos.id);
      await flooderClient.publishAsync(`rcu/${flooder.rcu_id}/up/event`, JSON.stringify(sos), { qos: 1 });
      expect(await sosAck).toMatchObject({ op: 'ack', event: sos.id });

      // Every flood event is either stored or counted as dropped; the budget let five through.
      await expect
        .poll(async () => (await storedEvents(flooder)).filter((id) => id.startsWith('e-flood-')).length)
        .toBe(6);
      const stored = await storedEvents(flooder);
      expect(stored).toEqual(expect.arrayContaining([...floodIds.slice(0, 5), sos.id]));
      expect(t.app.gateway?.rcuCounters()[flooder.rcu_id]).toEqual({
        dropped_events: FLOOD - 5,
        dropped_states: 0,
        malformed: 0,
      });
      expect(t.app.gateway?.stats().dropped.over_budget).toBe(FLOOD - 5);

      // The room shows one flooding alert beside its SOS.
      await expect.poll(async () => (await openAlerts(flooder)).map((alert) => alert.type).sort()).toEqual([1, 6]);
      expect((await openAlerts(flooder)).find((alert) => alert.type === 6)).toMatchObject({
        event_content: 'RCU flooding: messages over its budget are dropped (SOS always gets through)',
      });
      // The operator's log says so too (once: at most one line per RCU and minute).
      expect(
        logLines.filter((line) => line.rcu_id === flooder.rcu_id && String(line.msg).includes('message budget')),
      ).toHaveLength(1);

      // States go over their own budget; the same flood raises no second alert.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          flooderClient.publishAsync(
            `rcu/${flooder.rcu_id}/up/state`,
            JSON.stringify({ ts: Date.now(), dnd: i % 2 === 0 }),
            {
              qos: 1,
            },
          ),
        ),
      );
      await expect.poll(() => t.app.gateway?.rcuCounters()[flooder.rcu_id]?.dropped_states).toBe(15);
      expect((await openAlerts(flooder)).filter((alert) => alert.type === 6)).toHaveLength(1);
    });

    it('stores another room’s SOS while one RCU floods', async () => {
      const sos = { id: `e-neighbour-sos-${kind}`, ts: Date.now(), type: 'sos', detail: 'bed' };
      const ack = ackOf(neighbourClient, neighbour, sos.id);
      await neighbourClient.publishAsync(`rcu/${neighbour.rcu_id}/up/event`, JSON.stringify(sos), { qos: 1 });
      expect(await ack).toMatchObject({ op: 'ack', event: sos.id });
      expect(await storedEvents(neighbour)).toContain(sos.id);
      expect(await openAlerts(neighbour)).toEqual([expect.objectContaining({ type: 1 })]);
    });

    it('counts malformed payloads per RCU and logs them with the rcu_id, at most once a minute', async () => {
      await neighbourClient.publishAsync(`rcu/${neighbour.rcu_id}/up/state`, '{"card":', { qos: 1 });
      await neighbourClient.publishAsync(`rcu/${neighbour.rcu_id}/up/event`, '{"id":"e","ts":1,"type":"party"}', {
        qos: 1,
      });
      await neighbourClient.publishAsync(`rcu/${neighbour.rcu_id}/up/state`, '[1,2,3]', { qos: 1 });
      await expect.poll(() => t.app.gateway?.rcuCounters()[neighbour.rcu_id]?.malformed).toBe(3);
      const lines = logLines.filter(
        (line) => line.rcu_id === neighbour.rcu_id && String(line.msg).includes('malformed'),
      );
      expect(lines).toEqual([expect.objectContaining({ level: 40, malformed: 1, total: 1 })]);
    });
  });
}
