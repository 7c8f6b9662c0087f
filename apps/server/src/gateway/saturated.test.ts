import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/databases.js';
import { connectRcu, withOpenKeys } from '../test-support/fixtures.js';

// Issue 16: the server falls behind (its event loop kept busy), a fleet keeps reporting, and some
// rooms call SOS in the middle. The latest state of each room wins, nothing of a room is reordered
// (an SOS after the room's older state leaves the room in SOS), and every SOS is stored once,
// acknowledged and pushed. The RCUs are plain mqtt.js clients speaking the protocol sheet.

const ROOMS = 12;
const STATES = 150;
const SOS_ROOMS = 4;

describe('a saturated server', () => {
  let t: TestApp;
  let rcus: { id: number; rcu_id: string; device_key: string; client: MqttClient; acks: string[] }[];
  let busy: NodeJS.Timeout;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      // The budget lifted: this is about a busy server, not a flooding RCU.
      env: {
        MQTT_PORT: '0',
        HOST: '127.0.0.1',
        RCU_MAX_STATES_PER_SECOND: '100000',
        RCU_MAX_EVENTS_PER_SECOND: '1000',
      },
      build: { gateway: true },
    });
    const url = `mqtt://127.0.0.1:${t.app.gateway?.port}`;
    const rows = withOpenKeys(
      t,
      await t.db.selectFrom('rooms').select(['id', 'rcu_id', 'device_key']).orderBy('id').limit(ROOMS).execute(),
    );
    rcus = await Promise.all(rows.map(async (row) => ({ ...row, ...(await connectRcu(url, row)) })));
  });

  afterAll(async () => {
    clearInterval(busy);
    await Promise.all(rcus.map((rcu) => rcu.client.endAsync(true)));
    await t?.close();
  });

  it('keeps the latest state of each room, in order, and stores, acknowledges and pushes every SOS', async () => {
    const pushed: string[] = [];
    const stop = await t.app.services.alerts.onAlert((message) => {
      if (message.type === 'alert' && message.data.type === 1) pushed.push(String(message.data.room_id));
    });
    const foldedBefore = t.app.gateway?.stats().statesFolded ?? 0;
    // The loop is kept busy 40 ms in every 50: messages pile up between its turns.
    busy = setInterval(() => {
      const end = performance.now() + 40;
      while (performance.now() < end) {
        // busy
      }
    }, 50);

    const sosIds = new Map<number, string>();
    await Promise.all(
      rcus.map(async (rcu, index) => {
        for (let n = 1; n <= STATES; n += 1) {
          const state = {
            ts: Date.now(),
            sos: false,
            devices: { D1: { on: true, level: n % 101 }, L1: { on: n % 2 === 0 } },
            energy: { kwh: 100 + n, w: n },
          };
          rcu.client.publish(`rcu/${rcu.rcu_id}/up/state`, JSON.stringify(state));
          // Some rooms call SOS after their last state: the room ends in SOS, not behind its older state.
          if (index < SOS_ROOMS && n === STATES) {
            const id = `e-busy-${rcu.rcu_id}`;
            sosIds.set(rcu.id, id);
            rcu.client.publish(`rcu/${rcu.rcu_id}/up/event`, JSON.stringify({ id, ts: Date.now(), type: 'sos' }), {
              qos: 1,
            });
          }
        }
      }),
    );

    for (const rcu of rcus) {
      await expect
        .poll(() => t.app.services.live.store.get(rcu.id), { timeout: 30_000 })
        .toMatchObject({
          energy: { kwh: 100 + STATES, w: STATES },
          devices: { D1: { level: STATES % 101 }, L1: { on: true } },
        });
    }
    clearInterval(busy);
    for (const [roomId, eventId] of sosIds) {
      const rcu = rcus.find((candidate) => candidate.id === roomId);
      await expect.poll(() => rcu?.acks.includes(eventId), { timeout: 30_000 }).toBe(true);
      expect((await t.app.services.live.store.get(roomId))?.sos).toBe(true);
      const stored = await t.db.selectFrom('room_events').select('id').where('event_id', '=', eventId).execute();
      expect(stored).toHaveLength(1);
    }
    await expect.poll(() => pushed.sort(), { timeout: 30_000 }).toEqual([...sosIds.keys()].map(String).sort());
    stop();
    // The server fell behind and folded messages instead of queueing them all.
    expect((t.app.gateway?.stats().statesFolded ?? 0) - foldedBefore).toBeGreaterThan(0);
  }, 90_000);

  it('keeps what an event set when a state sent before it comes after it, and takes a newer state', async () => {
    const rcu = rcus[ROOMS - 1] as (typeof rcus)[number];
    const sent = Date.now();
    rcu.client.publish(
      `rcu/${rcu.rcu_id}/up/event`,
      JSON.stringify({ id: 'e-door-late', ts: sent, type: 'door_open' }),
      { qos: 1 },
    );
    await expect.poll(async () => (await t.app.services.live.store.get(rcu.id))?.door).toBe(true);
    // Sent a second before the event (an outside broker may bring it later, on the busier connection).
    rcu.client.publish(
      `rcu/${rcu.rcu_id}/up/state`,
      JSON.stringify({ ts: sent - 1_000, door: false, energy: { kwh: 1, w: 777 } }),
    );
    await expect.poll(async () => (await t.app.services.live.store.get(rcu.id))?.energy.w).toBe(777);
    expect((await t.app.services.live.store.get(rcu.id))?.door).toBe(true);
    // Sent after it: the door closed since.
    rcu.client.publish(`rcu/${rcu.rcu_id}/up/state`, JSON.stringify({ ts: sent + 1_000, door: false }));
    await expect.poll(async () => (await t.app.services.live.store.get(rcu.id))?.door).toBe(false);
  });
});
