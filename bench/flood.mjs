// One RCU flooding the server (issue 10): one RCU publishes events and partial states as fast as the
// broker takes them, while other rooms raise an SOS now and then and a console pages through the
// room list. Prints the SOS latency (RCU publish → the console's WebSocket `alert`), the room list's
// p50/p99 (`POST /apis/roomlist`, pages of BENCH_PAGE rooms over HTTP), how many flood messages the
// RCU budget dropped, and whether the room's "RCU flooding" alert was raised.
//
//   npm run build && node bench/flood.mjs
//   BENCH_ROOMS=1000 BENCH_SOS=30 BENCH_SOS_EVERY_MS=500 BENCH_SETTLE_S=5 node bench/flood.mjs
//   BENCH_NO_BUDGET=1 node bench/flood.mjs     # the same with the budget lifted, for comparison
//
// The server runs in its own process (bench/lib/server-child.mjs, the BUILT server on SQLite with its
// default RCU budget); the flooding RCU in another (this file forked as its child: a raw MQTT
// connection writing pre-encoded packets, each ring of them followed by a PINGREQ so that the
// backlog stays bounded: "full speed" is as fast as the broker answers); the SOS RCUs are the
// project's simulator (apps/rcu-sim) in this process, next to the console, so that the publish time
// and the arrival time come from one clock.
// Targets (issue 10): another room's SOS on the console within 1 s (every one of them), the room list
// p99 ≤ 200 ms, while one RCU floods.
import { ALERT_TYPES, API_BASE, CALLS } from '@roompilot/contract';
import { cpuPercent, load1, machineLine, mb, percentile, serve, sleep, spawnChild } from './lib/harness.mjs';
import { connect, PINGREQ, publishPacket } from './lib/mqtt-raw.mjs';

const here = (file) => new URL(file, import.meta.url).pathname;

if (process.env.BENCH_FLOOD_CHILD === '1') floodingRcu();
else await main();

/** The child: one RCU that floods events and states. */
function floodingRcu() {
  const RING = 64;
  let client = null;
  let flooding = false;
  let sent = 0;
  let rings = 0;
  serve({
    async connect({ port, room }) {
      const topic = (kind) => `rcu/${room.rcu_id}/up/${kind}`;
      client = await connect({
        port,
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        will: { topic: topic('status'), payload: '{"online":false}', qos: 1, retain: true },
      });
      client.socket.on('error', () => {});
      client.publish(topic('status'), '{"online":true}', { qos: 1, retain: true });
      // Events (QoS 1, each its own id within a ring) and states (QoS 0), interleaved.
      const packets = [];
      for (let i = 0; i < RING; i++) {
        const id = `e-flood-${i}`;
        packets.push(
          publishPacket(
            topic('event'),
            JSON.stringify({ id, ts: Date.now(), type: i % 2 ? 'door_open' : 'door_close' }),
            {
              qos: 1,
              packetId: i + 1,
            },
          ),
          publishPacket(
            topic('state'),
            JSON.stringify({
              ts: Date.now(),
              door: i % 2 === 1,
              devices: { L1: { on: i % 2 === 0 }, D1: { on: true, level: i } },
            }),
          ),
        );
      }
      const chunk = Buffer.concat([...packets, PINGREQ]);
      client.onPingResponse = () => {
        if (!flooding || client.socket.destroyed) return;
        rings++;
        sent += 2 * RING;
        client.write(chunk);
      };
      client.chunk = chunk;
      return { ok: true };
    },
    flood() {
      flooding = true;
      sent += 2 * RING;
      client.write(client.chunk);
    },
    halt() {
      flooding = false;
      return { sent, rings };
    },
    stats: () => ({ sent }),
    exit() {
      flooding = false;
      client?.socket.destroy();
    },
  });
}

async function main() {
  const ROOMS = Number(process.env.BENCH_ROOMS ?? 1000);
  const SOS = Number(process.env.BENCH_SOS ?? 30);
  const EVERY_MS = Number(process.env.BENCH_SOS_EVERY_MS ?? 500);
  const SETTLE_MS = Number(process.env.BENCH_SETTLE_S ?? 5) * 1000;
  const PAGE = Number(process.env.BENCH_PAGE ?? 100);
  const NO_BUDGET = process.env.BENCH_NO_BUDGET === '1';
  const WAIT_MS = 10_000;
  const TARGET_SOS_MS = 1_000;
  const TARGET_LIST_P99_MS = 200;
  const wallNow = () => performance.timeOrigin + performance.now();
  const { runFleet } = await import('../apps/rcu-sim/dist/index.js');
  const { default: WebSocket } = await import('ws');

  console.log(machineLine());
  console.log(
    `Flood: one RCU floods events and states at full speed; ${SOS} SOS from other rooms, one every ${EVERY_MS} ms; ` +
      `room list pages of ${PAGE} of ${ROOMS} rooms in a loop; ` +
      `${NO_BUDGET ? 'RCU budget LIFTED (comparison run)' : 'default RCU budget'}\n`,
  );

  const server = spawnChild(here('./lib/server-child.mjs'));
  const flooder = spawnChild(here('./flood.mjs'), { env: { BENCH_FLOOD_CHILD: '1' } });
  let fleet = null;
  let socket = null;
  try {
    const env = NO_BUDGET ? { RCU_MAX_EVENTS_PER_SECOND: '100000', RCU_MAX_STATES_PER_SECOND: '100000' } : {};
    const started = await server.request('start', { kind: 'server', rooms: ROOMS, env });
    const base = `http://127.0.0.1:${started.httpPort}`;
    const [floodRoom, ...others] = started.rooms;
    const sosRooms = others.slice(0, SOS);

    await flooder.request('connect', { port: started.mqttPort, room: floodRoom });
    fleet = await runFleet({
      url: `mqtt://127.0.0.1:${started.mqttPort}`,
      rooms: sosRooms.map((room) => ({ rcu_id: room.rcu_id, device_key: room.device_key })),
      behave: false,
      sosRepeatMs: 5_000,
    });
    if (fleet.failed.length > 0) throw new Error(`SOS RCUs refused: ${fleet.failed[0].error.message}`);
    const roomOf = new Map(sosRooms.map((room) => [room.rcu_id, room.room_num]));

    // The console: a manager's session, on the live WebSocket and paging through the room list.
    let login = null;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await fetch(`${base}${API_BASE}${CALLS.auth.calls.login.path}`, {
        method: CALLS.auth.calls.login.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(started.manager),
      });
      login = await response.json();
      if (login.code !== 4429) break;
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000); // the server is busy: as told
    }
    if (login.code !== 0) throw new Error(`login: ${login.code} ${login.message}`);
    const token = login.data.token;
    const raisedAt = new Map();
    const arrivedAt = new Map();
    let floodAlertOnConsole = false;
    socket = new WebSocket(`ws://127.0.0.1:${started.httpPort}${API_BASE}${CALLS.live.calls.socket.path}`);
    await new Promise((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ token, lang: 'en' })));
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`the live WebSocket closed (${code})`)));
      socket.on('message', (data) => {
        const at = wallNow();
        const text = data.toString();
        if (text.startsWith('{"type":"room"')) return;
        const message = JSON.parse(text);
        if (message.type === 'ready') resolve();
        else if (message.type === 'alert' && message.data.type === ALERT_TYPES.rcu_flooding) floodAlertOnConsole = true;
        else if (
          message.type === 'alert' &&
          message.data.type === ALERT_TYPES.sos &&
          !arrivedAt.has(message.data.room_num)
        )
          arrivedAt.set(message.data.room_num, at);
      });
    });

    let listing = true;
    const listTimes = [];
    const listFailures = [];
    const listRefused = [];
    const pages = Math.max(1, Math.ceil(ROOMS / PAGE));
    const listLoop = (async () => {
      for (let i = 0; listing; i++) {
        const t0 = performance.now();
        const answer = await fetch(`${base}${API_BASE}${CALLS.rooms.calls.list.path}`, {
          method: CALLS.rooms.calls.list.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ current: 1 + (i % pages), size: PAGE }),
        }).then((response) => response.json());
        const ms = performance.now() - t0;
        if (answer.code === 0) listTimes.push(ms);
        else if (answer.code === 4429)
          listRefused.push(ms); // the overload protection: refused at once
        else listFailures.push(`${answer.code} ${answer.message}`);
        await sleep(20);
      }
    })();

    const loadBefore = load1();
    const before = await server.request('stats');
    await flooder.request('flood');
    await sleep(SETTLE_MS); // the flood is on, and over the budget
    listTimes.length = 0; // the room list while the flood runs, not before
    listRefused.length = 0;
    for (const rcu of fleet.rcus.slice(0, SOS)) {
      raisedAt.set(roomOf.get(rcu.rcuId), wallNow());
      rcu.raiseSos('bench');
      await sleep(EVERY_MS);
    }
    const deadline = Date.now() + WAIT_MS;
    while (arrivedAt.size < raisedAt.size && Date.now() < deadline) await sleep(100);
    const loadDuring = load1();
    const { sent } = await flooder.request('halt');
    listing = false;
    await listLoop;
    const after = await server.request('stats');
    const floodAlertStored = (await server.request('alerts')).some(
      (a) => a.type === ALERT_TYPES.rcu_flooding && a.room_num === floodRoom.room_num,
    );

    const sosTimes = [];
    for (const [room, t0] of raisedAt) {
      const t1 = arrivedAt.get(room);
      if (t1 !== undefined) sosTimes.push(t1 - t0);
    }
    sosTimes.sort((a, b) => a - b);
    listTimes.sort((a, b) => a - b);
    const ms = after.t - before.t;
    const row = (name, list) =>
      `| ${name} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 99).toFixed(1)} | ${list[list.length - 1].toFixed(1)} |`;
    console.log('| while one RCU floods | n | p50 ms | p99 ms | max ms |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    if (sosTimes.length > 0) console.log(row("another room's SOS: RCU publish → console WebSocket `alert`", sosTimes));
    if (listTimes.length > 0) console.log(row(`room list page (\`/apis/roomlist\`, ${PAGE} rooms)`, listTimes));
    const dropped = after.overBudget - before.overBudget;
    console.log(
      `\nflood: ${sent} messages written in ${(ms / 1000).toFixed(1)} s (${((sent / ms) * 1000).toFixed(0)}/s), ` +
        `${after.received - before.received} received by the gateway, ${dropped} dropped over the budget; ` +
        `flooding alert ${floodAlertStored ? 'raised' : 'NOT raised'}${floodAlertOnConsole ? ' (and on the console)' : ''}; ` +
        `server CPU ${cpuPercent(before.cpu, after.cpu, ms).toFixed(0)} % of a core, RSS ${mb(after.memory.rss)} MB; ` +
        `load (1 min) ${loadBefore} → ${loadDuring}` +
        `; room list: ${listTimes.length} answered, ${listRefused.length} refused as busy (4429)` +
        (listFailures.length > 0 ? `, ${listFailures.length} failed (${listFailures[0]})` : ''),
    );
    const lost = raisedAt.size - sosTimes.length;
    const sosMax = sosTimes.length > 0 ? sosTimes[sosTimes.length - 1] : Number.POSITIVE_INFINITY;
    const listP99 = listTimes.length > 0 ? percentile(listTimes, 99) : Number.POSITIVE_INFINITY;
    const met =
      lost === 0 && sosMax <= TARGET_SOS_MS && listP99 <= TARGET_LIST_P99_MS && (NO_BUDGET || floodAlertStored);
    console.log(
      `${lost} SOS without an alert within ${WAIT_MS / 1000} s; slowest SOS ${sosMax.toFixed(0)} ms (target ≤ ${TARGET_SOS_MS} ms), ` +
        `room list p99 ${listP99.toFixed(0)} ms (target ≤ ${TARGET_LIST_P99_MS} ms): ${met ? 'met' : 'MISSED'}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    socket?.terminate();
    await fleet?.stop().catch(() => {});
    await flooder.stop();
    await server.stop();
  }
}
