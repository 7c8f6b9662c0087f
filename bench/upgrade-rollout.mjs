// Upgrade rollout: a 2 MB firmware to 1,000 simulated rooms, 50 at a time (issue 13). The BUILT
// server (apps/server/dist/server.js, SQLite, its embedded broker, no demo data) runs in a child
// process; the Administrator adds a hotel with its manager, the manager 1,000 rooms by bulk add, and
// 1,000 virtual RCUs of the simulator (@roompilot/rcu-sim, in a child process of their own, at the
// lowest CPU priority) connect. The
// manager uploads the file and starts one job over every room (batches of 50, at most 50 downloads
// at once, no canary, no pause). Each RCU fetches the signed link over HTTP, checks size and SHA-256,
// reports progress and says hello with the new version.
//
// Prints: the total time from the job's start to its end and the rooms finished, the server's CPU
// (a percentage of one core over the rollout, from /proc) and its RSS (peak sampled every 250 ms and
// the kernel's high-water mark), the console's room list (`/roomlist`, a page of 100) p50 / p99
// before the job (quiet) and during it, and the server's own event-loop delay (its /metrics) over
// each: on a 2-core machine the simulated RCUs' downloads and checks share the CPU with the server.
//
//   npm run build && node bench/upgrade-rollout.mjs
//   BENCH_ROOMS=200 BENCH_FILE_MB=2 BENCH_BATCH=50 node bench/upgrade-rollout.mjs
//   BENCH_SERVER_CPUS=0 taskset -c 1 node bench/upgrade-rollout.mjs   (the server on a core of its own)
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { API_BASE, CALLS } from '@roompilot/contract';
import { api, startBuiltServer } from './lib/built-server.mjs';
import { load1, machineLine, mb, percentile, sleep, spawnChild } from './lib/harness.mjs';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 1_000);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 2) * 1024 * 1024);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const PER_FLOOR = 50;
const ADMIN_PASSWORD = 'Bench#admin1';
const MANAGER = { user_name: 'benchmanager', password: 'bench-pass1' };
const LIST_SAMPLES = 600;
const CLOCK_TICKS = 100;

/** The server's CPU time so far (user + system), in ms, and its resident memory, from /proc. */
function serverUsage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { cpuMs, rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function seed(url) {
  const admin = (await api(url, CALLS.auth.calls.login, { user_name: 'Administrator', password: ADMIN_PASSWORD }))
    .token;
  await api(url, CALLS.hotels.calls.add, { hotel_name: 'Bench Hotel', validdate: null, manager: MANAGER }, admin);
  const token = (await api(url, CALLS.auth.calls.login, MANAGER)).token;
  const floors = Math.ceil(ROOMS / PER_FLOOR);
  const building = await api(url, CALLS.buildings.calls.add, { name: 'Tower', floor_from: 1, floor_to: floors }, token);
  const devices = [
    { key: 'L1', kind: 'light', name: 'Light' },
    { key: 'AC1', kind: 'ac', name: 'Air conditioner' },
  ];
  const type = await api(url, CALLS.roomTypes.calls.add, { name: 'Standard', devices }, token);
  await api(
    url,
    CALLS.rooms.calls.bulkAdd,
    { building_id: building.id, floors: [1, floors], rooms: [1, PER_FLOOR], room_type_id: type.id },
    token,
  );
  const rooms = [];
  for (let current = 1; ; current += 1) {
    const page = await api(url, CALLS.rooms.calls.list, { current, size: 500 }, token);
    rooms.push(...page.records);
    if (page.records.length === 0 || rooms.length >= page.total) break;
  }
  return { token, rooms: rooms.slice(0, ROOMS), keys: devices.map((device) => device.key) };
}

async function upload(url, token, content) {
  const form = new FormData();
  form.set('kind', 'bin');
  form.set('version', '9.9.9');
  form.set('notes', 'bench');
  form.set('file', new Blob([content]), 'firmware.bin');
  const { method, path } = CALLS.upgrades.calls.fileAdd;
  const response = await fetch(`${url}${API_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`upload: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** Timed room-list calls, one after the other, until `until()` says stop (or `count` were made). */
async function listLatencies(url, token, { count, until = () => false }) {
  const times = [];
  while (times.length < count && !until()) {
    const started = performance.now();
    await api(url, CALLS.rooms.calls.list, { current: 1 + (times.length % 5), size: 100 }, token);
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times.sort((a, b) => a - b);
}

const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * The server's own event-loop delay since the last scrape (prom-client resets it at each one), in
 * ms: whether the server held its loop, apart from the machine's other processes taking the CPU.
 */
async function loopDelay(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name) => Number(text.match(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm'))?.[1] ?? Number.NaN) * 1000;
  return { p99: read('nodejs_eventloop_lag_p99_seconds'), max: read('nodejs_eventloop_lag_max_seconds') };
}

async function main() {
  console.log(machineLine());
  // No demo hotel; the overload guard off (as bench/screen-load.mjs): this measures the rollout and
  // the room list beside it, not the guard's refusals on a shared 2-core machine.
  const server = await startBuiltServer({
    name: 'upgrade',
    env: { ADMIN_PASSWORD, DEMO: '0', OVERLOAD_MAX_IN_FLIGHT: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
  });
  let fleet;
  try {
    const { token, rooms, keys } = await seed(server.url);
    const started = performance.now();
    fleet = spawnChild(new URL('./lib/fleet-child.mjs', import.meta.url).pathname);
    // The RCUs' downloads and checks take the CPU last: real ones run on their own hardware, and on
    // a shared core they delayed this process's room-list timings, not the server's answers.
    setPriority(fleet.pid, 19);
    const { connected, failed } = await fleet.request('start', {
      url: `mqtt://127.0.0.1:${server.mqttPort}`,
      rooms: rooms.map((room) => ({ rcu_id: room.rcu_id, device_key: room.device_key, devices: keys })),
    });
    console.log(
      `${connected} RCUs connected (${failed} failed) in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load1()}`,
    );
    await sleep(2_000);

    const quiet = await listLatencies(server.url, token, { count: LIST_SAMPLES });
    const content = randomBytes(FILE_BYTES);
    const file = await upload(server.url, token, content);
    if (file.sha256 !== createHash('sha256').update(content).digest('hex')) throw new Error('sha256 differs');

    const quietLoop = await loopDelay(server.url);
    const before = serverUsage(server.pid);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, serverUsage(server.pid).rss);
    }, 250);
    const jobStarted = performance.now();
    const job = await api(
      server.url,
      CALLS.upgrades.calls.jobAdd,
      {
        file_id: file.id,
        room_ids: rooms.map((room) => room.id),
        batch_size: BATCH,
        max_downloads: BATCH,
        canary: 0,
        batch_pause_s: 0,
        room_timeout_s: 600,
        force: true,
      },
      token,
    );
    let detail;
    let ended = false;
    const busy = listLatencies(server.url, token, { count: Number.POSITIVE_INFINITY, until: () => ended });
    for (let seen = -1; ; await sleep(1_000)) {
      detail = await api(server.url, CALLS.upgrades.calls.jobDetail, { id: job.id }, token);
      const { finished, failed } = detail.counts;
      if (Math.floor((finished + failed) / 100) !== seen) {
        seen = Math.floor((finished + failed) / 100);
        console.log(
          `  ${((performance.now() - jobStarted) / 1000).toFixed(1).padStart(6)} s: ${finished} finished, ${failed} failed, load ${load1()}`,
        );
      }
      if (detail.state === 'finished' || detail.state === 'cancelled') break;
    }
    const seconds = (performance.now() - jobStarted) / 1000;
    ended = true;
    clearInterval(sampler);
    const after = serverUsage(server.pid);
    const rolloutLoop = await loopDelay(server.url);
    const during = await busy;
    const failedRooms = detail.rooms.filter((room) => room.state !== 'finished');

    console.log(`\n${ROOMS} rooms, ${mb(FILE_BYTES)} MB firmware, batches of ${BATCH}, ${BATCH} downloads at once`);
    console.log(
      `job ${detail.state} in ${seconds.toFixed(1)} s: ${detail.counts.finished} finished, ${failedRooms.length} not`,
    );
    for (const room of failedRooms.slice(0, 5)) console.log(`  ${room.room_num}: ${room.state} ${room.error ?? ''}`);
    console.log(
      `server CPU ${(((after.cpuMs - before.cpuMs) / (seconds * 1000)) * 100).toFixed(0)} % of one core over the rollout (${((after.cpuMs - before.cpuMs) / 1000).toFixed(1)} s CPU)`,
    );
    console.log(`server RSS before ${mb(before.rss)} MB, peak ${mb(peakRss)} MB (high-water ${mb(after.hwm)} MB)`);
    console.log(
      `room list (page of 100): quiet p50 ${ms(percentile(quiet, 50))} p99 ${ms(percentile(quiet, 99))} (${quiet.length}); during the rollout p50 ${ms(percentile(during, 50))} p99 ${ms(percentile(during, 99))} (${during.length})`,
    );
    console.log(
      `server event-loop delay: before the job p99 ${ms(quietLoop.p99)} max ${ms(quietLoop.max)}; during it p99 ${ms(rolloutLoop.p99)} max ${ms(rolloutLoop.max)}`,
    );
    console.log(`${machineLine()}`);
  } finally {
    await fleet?.stop();
    await server.stop();
  }
}

await main();
