// Hello storm (issue 15): BENCH_RCUS (10,000) RCUs connect at once, as after a server or broker
// restart, each saying online, hello (fw 2.1.0) and its full state; every BENCH_RENT_EVERY-th room
// (3) is checked in, so its RCU is told its rent again. The BUILT server in a child process, as one
// instance of a cluster: PostgreSQL (its pool as configured: DATABASE_POOL_MAX, 10 by default),
// Redis and an outside Mosquitto, started here from scripts/services.sh on ports of their own and
// stopped at the end; BENCH_DB=sqlite: SQLite and the embedded broker instead. Printed: the
// connect time, the time until every room's versions were in the rooms table (or BENCH_WAIT_S
// passed), the rooms whose versions were never written (failed hello writes), the rent commands
// sent against the rooms checked in, the hellos the instance's gateway took in (an outside broker
// drops what queues past its `max_queued_messages` for a slow subscriber) and its handler errors.
//
//   npm run build && node bench/hello-storm.mjs
//   BENCH_RCUS=10000 BENCH_PUBLISHERS=4 BENCH_WAIT_S=120 BENCH_DB=postgres node bench/hello-storm.mjs
//
// `ulimit -n` must exceed BENCH_RCUS plus a few hundred (see rcu-scale.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cpuPercent, fileLimit, load1, machineLine, sleep, spawnChild, split } from './lib/harness.mjs';
import { startServices, stopServices } from './lib/services.mjs';

const here = (file) => new URL(file, import.meta.url).pathname;
const RCUS = Number(process.env.BENCH_RCUS ?? 10_000);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 4);
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 120) * 1000;
const RENT_EVERY = Number(process.env.BENCH_RENT_EVERY ?? 3);
const KIND = process.env.BENCH_DB ?? 'postgres';
/** What the publishers' RCUs say in their hello (bench/lib/publisher.mjs). */
const HELLO_FW = '2.1.0';

console.log(machineLine());
const limit = fileLimit();
if (limit !== null && limit < RCUS + 500) {
  console.error(`ulimit -n is ${limit}: raise it above ${RCUS + 500} first (e.g. \`ulimit -n 65536\`).`);
  process.exit(2);
}

const services = KIND === 'postgres' ? startServices() : null;
// Mosquitto queues 1,000 messages at most for a subscriber that is behind (`max_queued_messages`)
// and drops the rest: in a storm, hellos the instance never sees. BENCH_MAX_QUEUED (100000; 1000:
// Mosquitto's default) is set before the RCUs come: Mosquitto is started again with it (a reload
// does not change it).
const MAX_QUEUED = Number(process.env.BENCH_MAX_QUEUED ?? 100_000);
if (services) {
  const conf = path.join(services.dir, 'mosquitto/mosquitto.conf');
  fs.appendFileSync(conf, `max_queued_messages ${MAX_QUEUED}\n`);
  process.kill(services.pids.mosquitto, 'SIGTERM');
  while (fs.existsSync(`/proc/${services.pids.mosquitto}`)) await sleep(100);
  execFileSync(fs.existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto', ['-c', conf, '-d']);
  await sleep(500);
}
console.log(
  `hello storm: ${RCUS} RCUs from ${PUBLISHERS} processes at once, ` +
    (services
      ? `one instance on PostgreSQL, Redis and an outside Mosquitto (max_queued_messages ${MAX_QUEUED})`
      : 'one instance on SQLite with its embedded broker') +
    `${process.env.DATABASE_POOL_MAX ? ` (DATABASE_POOL_MAX ${process.env.DATABASE_POOL_MAX})` : ''}, ` +
    `every ${RENT_EVERY}rd room checked in; load ${load1()}\n`,
);

const logFile = path.join(services?.dir ?? fs.mkdtempSync('/tmp/rp-hello-storm-'), 'instance.log');
const server = spawnChild(here('./lib/server-child.mjs'));
const publishers = [];
try {
  const env = services
    ? { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, MQTT_URL: services.mqttUrl }
    : {};
  if (process.env.DATABASE_POOL_MAX) env.DATABASE_POOL_MAX = process.env.DATABASE_POOL_MAX;
  const started = await server.request('start', { kind: 'server', rooms: RCUS, env, logFile });
  const checkedIn = started.rooms.filter((_, index) => index % RENT_EVERY === 0).map((room) => room.room_id);
  const rent = await server.request('setRent', { rent: 'checked_in', roomIds: checkedIn });
  const idle = await server.request('stats');
  console.log(`server up with ${started.rooms.length} rooms in ${(started.setupMs / 1000).toFixed(1)} s`);

  for (const slice of split(started.rooms, PUBLISHERS)) {
    publishers.push({ child: spawnChild(here('./lib/publisher.mjs')), rooms: slice });
  }
  const connectStart = performance.now();
  const connected = await Promise.all(
    publishers.map(({ child, rooms }) =>
      child.request('connect', {
        port: services?.mqttPort ?? started.mqttPort,
        rooms,
        concurrency: 50,
        heartbeat: { minMs: 30_000, maxMs: 60_000 },
      }),
    ),
  );
  const connectMs = performance.now() - connectStart;
  const total = connected.reduce((sum, c) => sum + c.connected, 0);
  const refused = connected.reduce((sum, c) => sum + c.failed, 0);

  // Asked through the instance's pool, which a storm may hold past its time-out: asked again.
  const versionsRecorded = async (last) => {
    try {
      return await server.request('versionsRecorded', { fw: HELLO_FW });
    } catch {
      return last;
    }
  };
  // Every room's versions written, and every checked-in room's rent sent (or the wait is over).
  let recorded = 0;
  let now = idle;
  for (const deadline = connectStart + WAIT_MS; performance.now() < deadline; await sleep(500)) {
    recorded = await versionsRecorded(recorded);
    now = await server.request('stats');
    if (recorded >= RCUS && (now.sentByOp.rent ?? 0) >= rent.rooms) break;
  }
  const settledMs = performance.now() - connectStart;
  const settled = recorded >= RCUS && (now.sentByOp.rent ?? 0) >= rent.rooms;
  // Anything still on its way (a batch waiting to be tried again) has a few seconds more.
  await sleep(5_000);
  recorded = await versionsRecorded(recorded);
  now = await server.request('stats');
  const live = await server.request('online');
  const rents = now.sentByOp.rent ?? 0;

  console.log(
    `${total} RCUs connected in ${(connectMs / 1000).toFixed(1)} s (${refused} refused); hellos settled ` +
      `${settled ? 'in' : 'NOT within'} ${(settledMs / 1000).toFixed(1)} s from the first connect`,
  );
  console.log(
    '| RCUs | DB | connect s | all hellos written, rents sent s | hellos the instance got | versions not written | rent sent / checked in | handler errors | online | server CPU % | load |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${RCUS} | ${KIND} | ${(connectMs / 1000).toFixed(1)} | ${settled ? (settledMs / 1000).toFixed(1) : `> ${(WAIT_MS / 1000).toFixed(0)}`} | ` +
      `${(now.receivedByKind?.hello ?? 0) - (idle.receivedByKind?.hello ?? 0)} | ${RCUS - recorded} | ${rents} / ${rent.rooms} | ${now.handlerErrors - idle.handlerErrors} | ${live.online} | ` +
      `${cpuPercent(idle.cpu, now.cpu, now.t - idle.t).toFixed(0)} | ${load1()} |`,
  );
  process.exitCode = recorded >= RCUS && rents >= rent.rooms ? 0 : 1;
} finally {
  await Promise.all(publishers.map(({ child }) => child.stop()));
  await server.stop(30_000);
  // The instance's warnings and errors, by message.
  const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
  const byMessage = new Map();
  for (const line of lines) {
    const { msg, event } = JSON.parse(line);
    const key = event ? `${msg} (${event})` : msg;
    byMessage.set(key, (byMessage.get(key) ?? 0) + 1);
  }
  for (const [msg, count] of byMessage) console.log(`instance log: ${count} × ${msg}`);
  if (services) {
    // Mosquitto says when it starts dropping a subscriber's messages (a notice per episode).
    const log = fs.readFileSync(path.join(services.dir, 'mosquitto/mosquitto.log'), 'utf8');
    const drops = log.split('\n').filter((line) => line.includes('dropped'));
    if (drops.length > 0) console.log(`Mosquitto dropped messages: ${drops.length} notice(s), e.g. ${drops[0]}`);
    stopServices(services.dir);
  }
}
