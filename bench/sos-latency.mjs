// SOS latency: from an RCU publishing an `sos` event to the `alert` message on a console's
// WebSocket (`GET /apis/live`, a manager's session), p50 and p99 over BENCH_SOS events, one per room,
// while BENCH_BACKGROUND partial states per second flow from other RCUs into the BUILT server.
//
//   npm run build && node bench/sos-latency.mjs
//   BENCH_SOS=200 BENCH_SOS_EVERY_MS=150 BENCH_BACKGROUND=2000 BENCH_BACKGROUND_RCUS=1000 node bench/sos-latency.mjs
//
// The server runs in its own process (bench/lib/server-child.mjs); the background RCUs in another
// (bench/lib/publisher.mjs, raw MQTT at a fixed rate); the SOS RCUs are the project's simulator
// (apps/rcu-sim: createRcu via runFleet, one per room) in this process, next to the console, so the
// publish time and the arrival time come from one clock. The server also notes when its alert hook
// (app.services.alerts.onAlert: stored, acknowledged, announced) saw each SOS, which splits the time.
// Target (issue 4): p99 ≤ 300 ms with 2,000 state messages per second in the background.
import { ALERT_TYPES, API_BASE, CALLS } from '@roompilot/contract';
import WebSocket from 'ws';
import { runFleet } from '../apps/rcu-sim/dist/index.js';
import { cpuPercent, load1, machineLine, mb, percentile, sleep, spawnChild } from './lib/harness.mjs';

const here = (file) => new URL(file, import.meta.url).pathname;
const SOS = Number(process.env.BENCH_SOS ?? 200);
const EVERY_MS = Number(process.env.BENCH_SOS_EVERY_MS ?? 150);
const BACKGROUND = Number(process.env.BENCH_BACKGROUND ?? 2000);
const BACKGROUND_RCUS = Number(process.env.BENCH_BACKGROUND_RCUS ?? 1000);
const WAIT_MS = 10_000;
const TARGET_P99_MS = 300;
const wallNow = () => performance.timeOrigin + performance.now();

console.log(machineLine());
console.log(
  `SOS latency: ${SOS} SOS events, one every ${EVERY_MS} ms, ${BACKGROUND} state msg/s in the background from ${BACKGROUND_RCUS} RCUs\n`,
);

// BENCH_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
const server = spawnChild(here('./lib/server-child.mjs'), {
  execArgv: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
});
const background = spawnChild(here('./lib/publisher.mjs'));
let fleet = null;
let socket = null;
try {
  const started = await server.request('start', { kind: 'server', rooms: BACKGROUND_RCUS + SOS });
  const base = `http://127.0.0.1:${started.httpPort}`;
  const backgroundRooms = started.rooms.slice(0, BACKGROUND_RCUS);
  const sosRooms = started.rooms.slice(BACKGROUND_RCUS);

  const connected = await background.request('connect', { port: started.mqttPort, rooms: backgroundRooms });
  if (connected.failed > 0) throw new Error(`background RCUs refused: ${connected.firstError}`);
  fleet = await runFleet({
    url: `mqtt://127.0.0.1:${started.mqttPort}`,
    rooms: sosRooms.map((room) => ({ rcu_id: room.rcu_id, device_key: room.device_key })),
    behave: false,
    sosRepeatMs: 5_000,
  });
  if (fleet.failed.length > 0) throw new Error(`SOS RCUs refused: ${fleet.failed[0].error.message}`);
  const roomOf = new Map(sosRooms.map((room) => [room.rcu_id, room.room_num]));

  // The console: a manager's session on the live WebSocket.
  const login = await fetch(`${base}${API_BASE}${CALLS.auth.calls.login.path}`, {
    method: CALLS.auth.calls.login.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(started.manager),
  }).then((response) => response.json());
  if (login.code !== 0) throw new Error(`login: ${login.code} ${login.message}`);
  const raisedAt = new Map();
  const arrivedAt = new Map();
  let roomMessages = 0;
  socket = new WebSocket(`ws://127.0.0.1:${started.httpPort}${API_BASE}${CALLS.live.calls.socket.path}`);
  await new Promise((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ token: login.data.token, lang: 'en' })));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the live WebSocket closed (${code})`)));
    socket.on('message', (data) => {
      const at = wallNow();
      const text = data.toString();
      if (text.startsWith('{"type":"room"')) {
        roomMessages++;
        return;
      }
      const message = JSON.parse(text);
      if (message.type === 'ready') resolve();
      else if (
        message.type === 'alert' &&
        message.data.type === ALERT_TYPES.sos &&
        !arrivedAt.has(message.data.room_num)
      )
        arrivedAt.set(message.data.room_num, at);
    });
  });

  // Every RCU's connect work (hello: versions recorded in SQL, the rent pushed down) is done first.
  for (let tries = 0; tries < 100; tries++) {
    if ((await server.request('online')).online >= BACKGROUND_RCUS + SOS) break;
    await sleep(200);
  }
  await background.request('rate', { perSecond: BACKGROUND });
  await sleep(3_000); // the background rate settles
  const loadBefore = load1();
  const before = await server.request('stats');

  for (const rcu of fleet.rcus.slice(0, SOS)) {
    raisedAt.set(roomOf.get(rcu.rcuId), wallNow());
    rcu.raiseSos('bench');
    await sleep(EVERY_MS);
  }
  const after = await server.request('stats');
  const deadline = Date.now() + WAIT_MS;
  while (arrivedAt.size < raisedAt.size && Date.now() < deadline) await sleep(100);
  const { sent } = await background.request('halt');
  const hook = new Map(
    (await server.request('alerts')).filter((a) => a.type === ALERT_TYPES.sos).map((a) => [a.room_num, a.at]),
  );

  const gatewayAt = new Map();
  for (const { room_num, at } of await server.request('events'))
    if (!gatewayAt.has(room_num)) gatewayAt.set(room_num, at);

  const total = [];
  const toGateway = [];
  const gatewayToHook = [];
  const toHook = [];
  const hookToConsole = [];
  for (const [room, t0] of raisedAt) {
    const t2 = arrivedAt.get(room);
    if (t2 === undefined) continue;
    total.push(t2 - t0);
    const tg = gatewayAt.get(room);
    if (tg !== undefined) toGateway.push(tg - t0);
    const t1 = hook.get(room);
    if (t1 !== undefined && tg !== undefined) gatewayToHook.push(t1 - tg);
    if (t1 !== undefined) {
      toHook.push(t1 - t0);
      hookToConsole.push(t2 - t1);
    }
  }
  for (const list of [total, toGateway, gatewayToHook, toHook, hookToConsole]) list.sort((a, b) => a - b);
  const ms = after.t - before.t;
  const line = (name, list) =>
    `| ${name} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 90).toFixed(1)} | ${percentile(list, 99).toFixed(1)} | ${list[list.length - 1].toFixed(1)} |`;
  console.log('| from → to | SOS | p50 ms | p90 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(line('RCU publish → console WebSocket `alert`', total));
  if (toHook.length > 0) {
    console.log(line('RCU publish → gateway hands the event to the live service', toGateway));
    console.log(line('live service: stored in SQL, acked, announced', gatewayToHook));
    console.log(line('RCU publish → server alert hook', toHook));
    console.log(line('alert hook → console WebSocket', hookToConsole));
  }
  console.log(
    `\nbackground: ${(((after.merged - before.merged) / ms) * 1000).toFixed(0)} state msg/s absorbed during the SOS run ` +
      `(${sent} written in all); ${roomMessages} room changes reached the console; server CPU ${cpuPercent(before.cpu, after.cpu, ms).toFixed(0)} % of a core, ` +
      `RSS ${mb(after.memory.rss)} MB; load (1 min) ${loadBefore} → ${load1()}`,
  );
  const lost = raisedAt.size - total.length;
  const p99 = total.length > 0 ? percentile(total, 99) : Number.POSITIVE_INFINITY;
  const met = lost === 0 && p99 <= TARGET_P99_MS;
  console.log(
    `${lost} SOS without an alert within ${WAIT_MS / 1000} s. p99 ${p99.toFixed(1)} ms, target ≤ ${TARGET_P99_MS} ms: ` +
      `${met ? 'met' : `MISSED${p99 > TARGET_P99_MS ? ` by ${(p99 - TARGET_P99_MS).toFixed(0)} ms` : ''}`}`,
  );
  process.exitCode = met ? 0 : 1;
} finally {
  socket?.terminate();
  await fleet?.stop().catch(() => {});
  await background.stop();
  await server.stop();
}
