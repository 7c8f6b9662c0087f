// The live store's merges in Redis, alone: what an instance and Redis spend per room merged, without
// the broker, the gateway or the consoles' sockets around it (bench/cluster-scale.mjs measures all
// of it together, on a machine it keeps busy).
//
//   npm run build && node bench/live-merge.mjs
//   BENCH_ROOMS=10000 BENCH_TURN=500 BENCH_SECONDS=20 node bench/live-merge.mjs
//
// The BUILT store (apps/server/dist/modules/live/redis-store.js) on a Redis of its own (started from
// scripts/services.sh, stopped at the end), one hotel of BENCH_ROOMS rooms. Each turn of the event
// loop merges BENCH_TURN rooms at once, round robin, as the gateway hands a slice of states on: a
// light switched and the meter moved, so each merge changes two fields and publishes the room's
// change; a subscriber of the hotel (an instance's consoles) takes every change. Printed: merges a
// second, this process's CPU and Redis's (% of a core, and µs per merge), the changes heard.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRedisStore } from '../apps/server/dist/modules/live/redis-store.js';
import { cpuPercent, machineLine, sleep } from './lib/harness.mjs';
import { startServices, stopServices } from './lib/services.mjs';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 10_000);
const TURN = Number(process.env.BENCH_TURN ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's CPU time in seconds, from /proc. */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

const rooms = Array.from({ length: ROOMS }, (_, i) => ({
  room_id: i + 1,
  hotel_id: 1,
  building_id: 1,
  room_num: String(1000 + i),
  floor_num: 1 + Math.floor(i / 100),
}));

console.log(machineLine());
console.log(`live merge: ${ROOMS} rooms, ${TURN} merges a turn, ${SECONDS} s, in ${path.basename(process.cwd())}`);
const services = startServices();
const store = await createRedisStore({ url: services.redisUrl, prefix: 'rp:bench:' });
try {
  let heard = 0;
  await store.subscribe(1, () => {
    heard += 1;
  });
  let next = 0;
  let round = 0;
  const turn = () => {
    const merges = [];
    for (let i = 0; i < TURN; i++) {
      const room = rooms[next];
      next = (next + 1) % ROOMS;
      if (next === 0) round += 1;
      merges.push(
        store.merge(
          room,
          { online: true, devices: { L1: { on: round % 2 === 0 } }, energy: { kwh: round + i / 1000 } },
          new Date(),
        ),
      );
    }
    return Promise.all(merges);
  };
  // Every room has a record before the measure: the first merge of a room writes all it is told.
  const warmEnd = Date.now() + 3_000;
  while (Date.now() < warmEnd || round < 1) await turn();

  const start = { t: performance.now(), cpu: process.cpuUsage(), redis: cpuSeconds(services.pids.redis), heard };
  let merged = 0;
  const end = start.t + SECONDS * 1000;
  while (performance.now() < end) {
    await turn();
    merged += TURN;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await sleep(200);
  const ms = performance.now() - start.t;
  const node = cpuPercent(start.cpu, process.cpuUsage(), ms);
  const redis = ((cpuSeconds(services.pids.redis) - start.redis) / (ms / 1000)) * 100;
  const perSecond = (merged / ms) * 1000;
  const micros = (percent) => ((percent / 100) * 1e6) / perSecond;
  console.log(
    '| merges/s | this process: % of a core | µs a merge | Redis: % of a core | µs a merge | changes heard |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${perSecond.toFixed(0)} | ${node.toFixed(0)} | ${micros(node).toFixed(1)} | ${redis.toFixed(0)} | ` +
      `${micros(redis).toFixed(1)} | ${heard - start.heard} |`,
  );
} finally {
  await store.close();
  stopServices(services.dir);
}
