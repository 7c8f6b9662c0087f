// The process under test, forked by the live benchmarks: either the BUILT RoomPilot server
// (apps/server/dist: buildApp with its gateway, an embedded Aedes broker, on a fresh SQLite data
// folder; no RCUs of its own) or a bare Aedes broker with no gateway logic and one in-process
// subscriber.
// It answers the benchmark's requests over IPC; its own CPU and memory are what is measured.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_BASE, CALLS } from '@roompilot/contract';
import { serve } from './harness.mjs';

const ADMIN_PASSWORD = 'Bench#admin1';
export const MANAGER = { user_name: 'bench', password: 'bench-pass1' };
/** The room type's devices: the simulator's default template. */
const DEVICES = [
  { key: 'L1', kind: 'light', name: 'Light 1' },
  { key: 'L2', kind: 'light', name: 'Light 2' },
  { key: 'D1', kind: 'dimmer', name: 'Dimmer' },
  { key: 'C1', kind: 'curtain', name: 'Curtain' },
  { key: 'AC1', kind: 'ac', name: 'Air conditioner' },
  { key: 'V1', kind: 'ventilation', name: 'Ventilation' },
];
const ROOMS_PER_FLOOR = 200;

let app = null;
let bare = null;
let dataDir = null;
let hotelId = null;
let merged = 0;
const sentByOp = {};
const alertsSeen = [];
const eventsSeen = [];

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes. */
const wallNow = () => performance.timeOrigin + performance.now();

/** `env`: more settings for the server (e.g. the RCU budgets), over the benchmark's own. */
async function startServer({ rooms, env = {}, logFile }) {
  const dist = new URL('../../apps/server/dist/', import.meta.url);
  const { buildApp } = await import(new URL('app.js', dist));
  const { loadConfig } = await import(new URL('config.js', dist));
  const { migrateToLatest } = await import(new URL('db/database.js', dist));
  const { seed } = await import(new URL('db/seed.js', dist));
  const { limitHeapGrowth } = await import(new URL('heap.js', dist));

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-live-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      DEMO: '0',
      ...(process.env.HEAP_GROWING_PERCENT && { HEAP_GROWING_PERCENT: process.env.HEAP_GROWING_PERCENT }),
      ...env,
    },
    dataDir,
  );
  // As the server's entry (server.ts) does.
  limitHeapGrowth(config.heapGrowingPercent);
  const started = performance.now();
  // `logFile`: the server's warnings and errors go there (JSON lines).
  app = await buildApp(config, { gateway: true, ...(logFile && { logger: { level: 'warn', file: logFile } }) });
  await migrateToLatest(app.db);
  await seed(app.db, { adminPassword: ADMIN_PASSWORD, demo: false, dataDir, clock: app.clock });
  await app.listen({ port: 0, host: '127.0.0.1' });

  // "Absorbed": a state message handed to the live service, which merges it into the live-state
  // store in the same turn. The gateway hands each room's state on once a turn of the event loop,
  // several messages folded into one when they came faster than that (`messages` says how many).
  app.gateway.on('state', ({ messages }) => {
    merged += messages;
  });
  // When the alert hook fires (before the WebSocket): the SOS benchmark's breakdown.
  await app.services.alerts.onAlert((message) => {
    if (message.type === 'alert')
      alertsSeen.push({ room_num: message.data.room_num, type: message.data.type, at: wallNow() });
  });

  // Commands sent without waiting for an ack, by op (the rent an RCU is told again on hello).
  const send = app.gateway.send.bind(app.gateway);
  app.gateway.send = (rcuId, op, fields) => {
    sentByOp[op] = (sentByOp[op] ?? 0) + 1;
    return send(rcuId, op, fields);
  };

  // When the gateway handed each SOS event to the live service (after the broker, before SQL).
  app.gateway.on('event', ({ device, event }) => {
    if (event.type === 'sos') eventsSeen.push({ room_num: device.room_num, at: wallNow() });
  });

  /**
   * A call of the table, as an outside tool makes it; one refused as the server is busy (4429 with
   * Retry-After: the setup itself, on a loaded machine, can trip the overload protection) is made again.
   */
  const call = async ({ method, path: url }, body, token) => {
    for (let attempt = 1; ; attempt++) {
      const response = await app.inject({
        method,
        url: `${API_BASE}${url}`,
        payload: body,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const answer = response.json();
      const retryAfter = Number(response.headers['retry-after']);
      if (answer.code === 4429 && retryAfter > 0 && attempt < 10) {
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        continue;
      }
      if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
      return answer.data;
    }
  };
  const admin = (await call(CALLS.auth.calls.login, { user_name: 'Administrator', password: ADMIN_PASSWORD })).token;
  await call(CALLS.hotels.calls.add, { hotel_name: 'Bench Hotel', validdate: null, manager: MANAGER }, admin);
  const token = (await call(CALLS.auth.calls.login, MANAGER)).token;
  const floors = Math.ceil(rooms / ROOMS_PER_FLOOR);
  const building = await call(CALLS.buildings.calls.add, { name: 'Tower', floor_from: 1, floor_to: floors }, token);
  const type = await call(CALLS.roomTypes.calls.add, { name: 'Standard', devices: DEVICES }, token);
  // A bulk add takes at most 10,000 rooms: floors in slices.
  const perFloor = Math.min(rooms, ROOMS_PER_FLOOR);
  const floorsPerCall = Math.max(1, Math.floor(10_000 / perFloor));
  for (let first = 1; first <= floors; first += floorsPerCall) {
    await call(
      CALLS.rooms.calls.bulkAdd,
      {
        building_id: building.id,
        floors: [first, Math.min(floors, first + floorsPerCall - 1)],
        rooms: [1, perFloor],
        room_type_id: type.id,
        pattern: 'T{floor:3}{room:3}',
      },
      token,
    );
  }
  const list = [];
  for (let current = 1; list.length < rooms; current++) {
    const page = await call(CALLS.rooms.calls.list, { current, size: 500 }, token);
    if (page.records.length === 0) break;
    for (const room of page.records) {
      if (!room.device_key) throw new Error('the bench manager does not see device keys');
      hotelId = room.hotel_id ?? hotelId;
      list.push({ rcu_id: room.rcu_id, device_key: room.device_key, room_id: room.id, room_num: room.room_num });
    }
  }
  await call(CALLS.auth.calls.logout, {}, token).catch(() => {});
  return {
    mqttPort: app.gateway.port,
    httpPort: app.server.address().port,
    manager: MANAGER,
    rooms: list.slice(0, rooms),
    setupMs: performance.now() - started,
  };
}

async function startBare() {
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker();
  await new Promise((resolve) =>
    broker.subscribe(
      'rcu/+/up/#',
      (packet, done) => {
        if (packet.topic.endsWith('/state')) merged++;
        done();
      },
      resolve,
    ),
  );
  const server = net.createServer(broker.handle);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  bare = { broker, server };
  return { mqttPort: server.address().port };
}

serve({
  start: (args) => (args.kind === 'bare' ? startBare() : startServer(args)),

  /** The counters and this process's resources, now (the caller takes differences). */
  stats() {
    const gateway = app?.gateway?.stats();
    return {
      t: performance.now(),
      merged,
      received: gateway?.received ?? merged,
      dropped: gateway ? Object.values(gateway.dropped).reduce((a, b) => a + b, 0) : 0,
      overBudget: gateway?.dropped.over_budget ?? 0,
      handlerErrors: gateway?.handlerErrors ?? 0,
      commands: gateway?.commands,
      sentByOp: { ...sentByOp },
      receivedByKind: gateway?.receivedByKind,
      cpu: process.cpuUsage(),
      memory: process.memoryUsage(),
      elu: performance.eventLoopUtilization(),
    };
  },

  /** Rooms the live store has online, and how many live records it holds. */
  async online() {
    const rooms = await app.services.live.store.list(hotelId);
    return { records: rooms.length, online: rooms.filter((room) => room.online).length };
  },

  /** Sets the rent state of these rooms (their RCUs are told it again on hello). */
  async setRent({ rent, roomIds }) {
    for (let start = 0; start < roomIds.length; start += 500) {
      await app.db
        .updateTable('rooms')
        .set({ rent })
        .where('id', 'in', roomIds.slice(start, start + 500))
        .execute();
    }
    return { rooms: roomIds.length };
  },

  /** The hotel's rooms whose firmware version is `fw` (their RCU's hello was written). */
  async versionsRecorded({ fw }) {
    const row = await app.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('hotel_id', '=', hotelId)
      .where('fw', '=', fw)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  alerts: () => alertsSeen,
  events: () => eventsSeen,

  gc() {
    globalThis.gc?.();
    return process.memoryUsage();
  },

  async exit() {
    if (app) await app.close().catch(() => {});
    if (bare) {
      bare.server.close();
      await new Promise((resolve) => bare.broker.close(resolve));
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  },
});
