// Ingest: N RCUs flood partial `state` messages (QoS 0, about 200 bytes, each different from the one
// before) into the BUILT server's embedded broker; the figure is state messages per second ABSORBED,
// i.e. merged into the live-state store, with the server's CPU and RSS, next to a bare Aedes broker
// (no policy, no gateway: one in-process subscriber counting) fed by the same publishers in the same run.
//
//   npm run build && node bench/ingest.mjs
//   BENCH_RCUS=1000,2000 BENCH_PUBLISHERS=2 BENCH_WARMUP_S=3 BENCH_WINDOW_S=10 node bench/ingest.mjs
//
// The server (or the bare broker) runs in its own process (bench/lib/server-child.mjs), the RCUs in
// BENCH_PUBLISHERS other processes (bench/lib/publisher.mjs, raw MQTT 3.1.1 connections writing
// pre-encoded packets), so each process's CPU is its own. Each RCU connects as PROTOCOL.md says
// (its id and key, last will, subscribe, online, hello, full state) before the flood starts.
// Targets (issue 4): ≥ 10,000 state messages/s absorbed, and ≥ half the bare broker's rate.
import { cpuPercent, load1, machineLine, mb, sleep, spawnChild, split } from './lib/harness.mjs';

const here = (file) => new URL(file, import.meta.url).pathname;
const SIZES = (process.env.BENCH_RCUS ?? '1000,2000').split(',').map(Number);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 2);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_S ?? 3) * 1000;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_S ?? 10) * 1000;
const TARGET_RATE = 10_000;
const TARGET_SHARE = 0.5;

/** One target (the server, or the bare broker) under N flooding RCUs: its figures over the window. */
async function measure(kind, rooms) {
  const profile =
    process.env.BENCH_PROFILE && kind === 'server' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // BENCH_NODE_ARGS: options for the server's node (not the bare broker's), e.g. `--optimize-for-size`.
  const nodeArgs = kind === 'server' && process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const target = spawnChild(here('./lib/server-child.mjs'), { execArgv: [...profile, ...nodeArgs] });
  const publishers = [];
  try {
    // The server's absorbing rate, not the RCU budget (RCU_MAX_STATES_PER_SECOND): the budget is lifted.
    const started = await target.request('start', { kind, rooms, env: { RCU_MAX_STATES_PER_SECOND: '100000' } });
    const roomList = started.rooms ?? rooms;
    for (const slice of split(roomList, PUBLISHERS)) {
      publishers.push({ child: spawnChild(here('./lib/publisher.mjs')), rooms: slice });
    }
    const connected = await Promise.all(
      publishers.map(({ child, rooms: slice }) => child.request('connect', { port: started.mqttPort, rooms: slice })),
    );
    const refused = connected.reduce((sum, c) => sum + c.failed, 0);
    if (refused > 0)
      throw new Error(`${kind}: ${refused} RCUs could not connect (${connected.find((c) => c.failed)?.firstError})`);
    await sleep(1_000); // the connect messages (hello, online, full state) settle

    await Promise.all(publishers.map(({ child }) => child.request('flood')));
    await sleep(WARMUP_MS);
    const loadBefore = load1();
    const [before, ...pubBefore] = await Promise.all([
      target.request('stats'),
      ...publishers.map(({ child }) => child.request('stats')),
    ]);
    await sleep(WINDOW_MS);
    const [after, ...pubAfter] = await Promise.all([
      target.request('stats'),
      ...publishers.map(({ child }) => child.request('stats')),
    ]);
    await Promise.all(publishers.map(({ child }) => child.request('halt')));
    const ms = after.t - before.t;
    const eluBusy =
      (after.elu.active - before.elu.active) /
      (after.elu.active - before.elu.active + after.elu.idle - before.elu.idle);
    return {
      rooms: roomList,
      kind,
      rcus: roomList.length,
      rate: ((after.merged - before.merged) / ms) * 1000,
      received: ((after.received - before.received) / ms) * 1000,
      dropped: after.dropped - before.dropped,
      handlerErrors: after.handlerErrors,
      commands: after.commands && before.commands ? after.commands.sent - before.commands.sent : 0,
      cpu: cpuPercent(before.cpu, after.cpu, ms),
      elu: eluBusy * 100,
      rss: after.memory.rss,
      heap: after.memory.heapUsed,
      sent: (pubAfter.reduce((s, p) => s + p.sent, 0) - pubBefore.reduce((s, p) => s + p.sent, 0)) / (ms / 1000),
      pubCpu: pubAfter.reduce((s, p, i) => s + cpuPercent(pubBefore[i].cpu, p.cpu, p.t - pubBefore[i].t), 0),
      connectMs: Math.max(...connected.map((c) => c.ms)),
      load: `${loadBefore} → ${load1()}`,
    };
  } finally {
    await Promise.all(publishers.map(({ child }) => child.stop()));
    await target.stop();
  }
}

console.log(machineLine());
console.log(
  `ingest: ${PUBLISHERS} publisher processes, ${WARMUP_MS / 1000} s warm-up, ${WINDOW_MS / 1000} s measured, RCUs ${SIZES.join(', ')}\n`,
);
const results = [];
for (const size of SIZES) {
  const server = await measure('server', size);
  // The bare broker gets the very same RCUs (ids and topics; it checks no key).
  const bare = await measure('bare', server.rooms);
  results.push({ size, server, bare });
}

console.log(
  '| broker | RCUs | state msg/s absorbed | msg/s written by RCUs | CPU % of a core | event loop busy % | RSS MB | heap MB | publishers CPU % | load (1 min) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const { server, bare } of results) {
  for (const row of [server, bare]) {
    console.log(
      `| ${row.kind === 'server' ? 'RoomPilot server' : 'bare Aedes'} | ${row.rcus} | ${row.rate.toFixed(0)} | ${row.sent.toFixed(0)} | ${row.cpu.toFixed(0)} | ${row.elu.toFixed(0)} | ${mb(row.rss)} | ${mb(row.heap)} | ${row.pubCpu.toFixed(0)} | ${row.load} |`,
    );
  }
}
let missed = false;
console.log('');
for (const { size, server, bare } of results) {
  const share = server.rate / bare.rate;
  const rateMet = server.rate >= TARGET_RATE;
  const shareMet = share >= TARGET_SHARE;
  missed ||= !rateMet || !shareMet;
  console.log(
    `${size} RCUs: server ${server.rate.toFixed(0)} msg/s (target ≥ ${TARGET_RATE}: ${rateMet ? 'met' : `MISSED by ${(100 - (server.rate / TARGET_RATE) * 100).toFixed(0)} %`}), ` +
      `${(share * 100).toFixed(0)} % of the bare broker's ${bare.rate.toFixed(0)} msg/s (target ≥ 50 %: ${shareMet ? 'met' : 'MISSED'}); ` +
      `dropped ${server.dropped}, handler errors ${server.handlerErrors}, commands sent to the RCUs ${server.commands}`,
  );
}
process.exitCode = missed ? 1 : 0;
