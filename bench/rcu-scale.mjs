// Scale: BENCH_RCUS (10,000) RCUs connected at once to the BUILT server's embedded broker, mostly
// idle: each connects as PROTOCOL.md says (id and key, last will, subscribe to its commands, online
// retained, hello, full state), then sends its full state as a heartbeat every 30–60 s. The figure
// is the server's resident memory (RSS) while they are all connected; targets: 10,000 under 400 MB
// (issue 4), 20,000 at most 600 MB (issue 16).
//
//   npm run build && node bench/rcu-scale.mjs
//   BENCH_RCUS=10000 BENCH_PUBLISHERS=4 BENCH_HOLD_S=75 node bench/rcu-scale.mjs
//
// File descriptors: the server holds one socket per RCU and each publisher process one per RCU of
// its share, so `ulimit -n` must exceed BENCH_RCUS plus about 30 (raise it first, e.g.
// `ulimit -n 65536`, as root or within the hard limit). Loopback ports: 10,000 client ports fit in
// the default ephemeral range (32768–60999). BENCH_NODE_ARGS passes options to the server's node
// (`--heapsnapshot-signal=SIGUSR2` to take heap snapshots, `--max-old-space-size=…`).
import { cpuPercent, fileLimit, load1, machineLine, mb, sleep, spawnChild, split } from './lib/harness.mjs';

const here = (file) => new URL(file, import.meta.url).pathname;
const RCUS = Number(process.env.BENCH_RCUS ?? 10_000);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 4);
const HOLD_MS = Number(process.env.BENCH_HOLD_S ?? 75) * 1000;
const SAMPLE_MS = 5_000;
// Issue 4: 10,000 RCUs under 400 MB; issue 16: 20,000 RCUs at most 600 MB.
const TARGET_RSS_MB = RCUS > 10_000 ? 600 : 400;

console.log(machineLine());
const limit = fileLimit();
console.log(`scale: ${RCUS} RCUs from ${PUBLISHERS} processes, held ${HOLD_MS / 1000} s; ulimit -n ${limit ?? '?'}\n`);
// The server's own files besides the RCUs' sockets: 25 with 19,500 RCUs connected (2026-11-27).
const SERVER_FILES = 30;
if (limit !== null && limit < RCUS + SERVER_FILES) {
  console.error(`ulimit -n is ${limit}: raise it above ${RCUS + SERVER_FILES} first (e.g. \`ulimit -n 65536\`).`);
  process.exit(2);
}

const server = spawnChild(here('./lib/server-child.mjs'), {
  execArgv: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
});
const publishers = [];
try {
  const started = await server.request('start', { kind: 'server', rooms: RCUS });
  const idle = await server.request('stats');
  console.log(
    `server up with ${started.rooms.length} rooms in ${(started.setupMs / 1000).toFixed(1)} s; before any RCU: RSS ${mb(idle.memory.rss)} MB, heap ${mb(idle.memory.heapUsed)} MB`,
  );

  for (const slice of split(started.rooms, PUBLISHERS)) {
    publishers.push({ child: spawnChild(here('./lib/publisher.mjs')), rooms: slice });
  }
  // The connect storm (authentication, hello written to SQL, the rent pushed down) is sampled too.
  let connectPeak = idle.memory.rss;
  const sampler = setInterval(() => {
    server.request('stats').then(
      (now) => {
        connectPeak = Math.max(connectPeak, now.memory.rss);
      },
      () => {},
    );
  }, 1_000);
  const connectStart = performance.now();
  const connected = await Promise.all(
    publishers.map(({ child, rooms }) =>
      child.request('connect', {
        port: started.mqttPort,
        rooms,
        concurrency: 50,
        heartbeat: { minMs: 30_000, maxMs: 60_000 },
      }),
    ),
  );
  const connectMs = performance.now() - connectStart;
  clearInterval(sampler);
  const afterConnect = await server.request('stats');
  const total = connected.reduce((sum, c) => sum + c.connected, 0);
  const failed = connected.reduce((sum, c) => sum + c.failed, 0);
  console.log(
    `${total} RCUs connected in ${(connectMs / 1000).toFixed(1)} s (${failed} failed${failed ? `: ${connected.find((c) => c.failed)?.firstError}` : ''}); ` +
      `server CPU meanwhile ${cpuPercent(idle.cpu, afterConnect.cpu, afterConnect.t - idle.t).toFixed(0)} % of a core`,
  );

  const samples = [];
  let previous = await server.request('stats');
  const holdStart = performance.now();
  while (performance.now() - holdStart < HOLD_MS) {
    await sleep(SAMPLE_MS);
    const now = await server.request('stats');
    const pubs = await Promise.all(publishers.map(({ child }) => child.request('stats')));
    const ms = now.t - previous.t;
    samples.push({
      s: (performance.now() - holdStart) / 1000,
      rss: now.memory.rss,
      heap: now.memory.heapUsed,
      rate: ((now.merged - previous.merged) / ms) * 1000,
      cpu: cpuPercent(previous.cpu, now.cpu, ms),
      open: pubs.reduce((sum, p) => sum + p.open, 0),
      pubRss: pubs.reduce((sum, p) => sum + p.rss, 0),
      load: load1(),
    });
    previous = now;
  }
  const live = await server.request('online');

  console.log(
    '| s | server RSS MB | heap MB | state msg/s | server CPU % | RCU sockets open | publishers RSS MB | load (1 min) |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of samples) {
    console.log(
      `| ${row.s.toFixed(0)} | ${mb(row.rss)} | ${mb(row.heap)} | ${row.rate.toFixed(0)} | ${row.cpu.toFixed(0)} | ${row.open} | ${mb(row.pubRss)} | ${row.load} |`,
    );
  }
  const peak = Math.max(connectPeak, ...samples.map((row) => row.rss));
  console.log(`\nserver RSS peak while the RCUs connected: ${mb(connectPeak)} MB`);
  const met = peak < TARGET_RSS_MB * 1024 ** 2 && total === RCUS && live.online === RCUS;
  console.log(
    `live store: ${live.online} of ${RCUS} rooms online. Server RSS peak ${mb(peak)} MB with ${total} RCUs connected, ` +
      `target < ${TARGET_RSS_MB} MB: ${met ? 'met' : peak >= TARGET_RSS_MB * 1024 ** 2 ? `MISSED by ${mb(peak - TARGET_RSS_MB * 1024 ** 2)} MB` : 'MISSED (not every RCU was online)'}`,
  );
  // With BENCH_NODE_ARGS=--expose-gc: what a full collection leaves, i.e. what is held, not garbage.
  const collected = await server.request('gc');
  if (process.env.BENCH_NODE_ARGS?.includes('--expose-gc')) {
    console.log(`after a full collection: RSS ${mb(collected.rss)} MB, heap ${mb(collected.heapUsed)} MB`);
  }
  process.exitCode = met ? 0 : 1;
} finally {
  await Promise.all(publishers.map(({ child }) => child.stop()));
  await server.stop(30_000);
}
