// Power statistics at the scale of a year: 1,000 rooms × 8,760 hours of rollups (8.76 million
// room-hours, and the hotel's totals by hotel, floor, room type and rent state made from them),
// then p50/p99 of `POST /apis/powerstatistics` through the whole server (app.inject: session,
// access check, validation, queries, serialisation): a month by day and a year by month of the
// whole hotel (the targets), and the same by floor. Then the cost of counting meter readings:
// 10,000 rooms reporting once a minute through PowerService.record and its batched flushes.
//
//   npm run build && node bench/power-statistics.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node bench/power-statistics.mjs
//
// Targets (issue 12): month by day p99 ≤ 300 ms, year by month p99 ≤ 1 s, on SQLite and PostgreSQL;
// counting 10,000 RCUs' readings a minute under 10 % of one core. Results go to docs/benchmarks.md.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, CALLS } from '@roompilot/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createDatabase, migrateToLatest } from '../apps/server/dist/db/database.js';
import { seed } from '../apps/server/dist/db/seed.js';
import { PowerService } from '../apps/server/dist/modules/power/service.js';

const ADMIN_PASSWORD = 'Bench#admin1';
const WARMUP = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_P99_MS = { month: 300, year: 1000 };
const YEAR = 2025;
const HOURS = Number(process.env.BENCH_HOURS ?? 365 * 24);
/** Readings of the ingest part: 10,000 rooms, once a minute, for this many minutes. */
const INGEST_ROOMS = 10_000;
const INGEST_MINUTES = Number(process.env.BENCH_INGEST_MINUTES ?? 10);
/** Flushes per minute (the live state's default flush, 5 s). */
const FLUSHES_PER_MINUTE = 12;

async function freshDatabase(kind) {
  if (kind === 'sqlite') return { env: {}, drop: async () => {} };
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const name = `rp_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A year of hourly consumption for every room of the hotel, and the totals made from it, in SQL. */
async function fillYear(db, kind, hotelId) {
  const start = Date.UTC(YEAR, 0, 1);
  if (kind === 'sqlite') {
    await sql`
      with recursive h(n) as (select 0 union all select n + 1 from h where n < ${HOURS - 1})
      insert into power_room_hours (room_id, hour, hotel_id, kwh)
      select r.id, strftime('%Y-%m-%dT%H:00:00.000Z', ${start / 1000}, 'unixepoch', '+' || h.n || ' hours'),
             r.hotel_id, (abs(random()) % 1000) / 1000.0
      from rooms r, h where r.hotel_id = ${hotelId}`.execute(db);
  } else {
    await sql`
      insert into power_room_hours (room_id, hour, hotel_id, kwh)
      select r.id, to_char(to_timestamp(${start / 1000} + h.n * 3600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"'),
             r.hotel_id, random()
      from rooms r, generate_series(0, ${HOURS - 1}) h(n) where r.hotel_id = ${hotelId}`.execute(db);
  }
  // The rent state a room had: a fixed one per room here (the live rollups keep the state of each hour).
  const rent = sql`case r.id % 4 when 0 then 'checked_in' when 1 then 'sold' when 2 then 'empty' else 'for_sale' end`;
  for (const [dim, key, byKey] of [
    ['hotel', sql`''`, sql``],
    ['floor', sql`cast(r.floor_num as text)`, sql`, cast(r.floor_num as text)`],
    ['room_type', sql`cast(r.room_type_id as text)`, sql`, cast(r.room_type_id as text)`],
    ['rent', rent, sql`, ${rent}`],
  ]) {
    await sql`
      insert into power_totals (hotel_id, dim, key, hour, kwh)
      select p.hotel_id, cast(${dim} as text), ${key}, p.hour, sum(p.kwh)
      from power_room_hours p join rooms r on r.id = p.room_id
      where p.hotel_id = ${hotelId}
      group by p.hotel_id, p.hour ${byKey}`.execute(db);
  }
  if (kind === 'postgres') await sql`analyze`.execute(db);
}

async function run(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-'));
  const { env, drop } = await freshDatabase(kind);
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD,
      DEMO: '0',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    dataDir,
  );
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  await seed(db, { adminPassword: ADMIN_PASSWORD, demo: false, dataDir, clock: () => new Date() });
  const app = await buildApp(config, { db });
  await app.ready();
  const call = async ({ method, path: url }, body, token) => {
    const response = await app.inject({
      method,
      url: `${API_BASE}${url}`,
      payload: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const answer = response.json();
    if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
    return answer.data;
  };

  const results = { kind, cases: [] };
  try {
    const admin = (await call(CALLS.auth.calls.login, { user_name: 'Administrator', password: ADMIN_PASSWORD })).token;
    const hotel = async (name, floors, rooms) => {
      const { hotel_id } = await call(CALLS.hotels.calls.add, { hotel_name: name, validdate: null }, admin);
      await call(CALLS.buildings.calls.add, { hotel_id, name: 'Main', floor_from: 1, floor_to: floors }, admin);
      const types = [];
      for (const typeName of ['Standard', 'Twin', 'Suite']) {
        types.push(
          (
            await call(
              CALLS.roomTypes.calls.add,
              { hotel_id, name: typeName, devices: [{ key: 'AC1', kind: 'ac', name: 'Air' }] },
              admin,
            )
          ).id,
        );
      }
      const perType = Math.ceil(floors / types.length);
      for (const [i, room_type_id] of types.entries()) {
        const from = i * perType + 1;
        const to = Math.min(floors, (i + 1) * perType);
        if (from > to) continue;
        await call(
          CALLS.rooms.calls.bulkAdd,
          { hotel_id, floors: [from, to], rooms: [1, rooms], room_type_id, pattern: '{floor:2}{room:3}' },
          admin,
        );
      }
      return hotel_id;
    };

    // A year of a 1,000-room hotel.
    const hotelId = await hotel('year', 20, 50);
    const filling = performance.now();
    await fillYear(db, kind, hotelId);
    results.fillSeconds = (performance.now() - filling) / 1000;
    const count = await db
      .selectFrom('power_room_hours')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirst();
    results.roomHours = Number(count.n);

    const cases = [
      {
        name: 'month by day, whole hotel',
        target: TARGET_P99_MS.month,
        body: { from: `${YEAR}-07-01T00:00:00+08:00`, to: `${YEAR}-08-01T00:00:00+08:00`, interval: 'day' },
      },
      {
        name: 'year by month, whole hotel',
        target: TARGET_P99_MS.year,
        body: { from: `${YEAR}-01-01T00:00:00+08:00`, to: `${YEAR + 1}-01-01T00:00:00+08:00`, interval: 'month' },
      },
      {
        name: 'month by day, by floor',
        body: {
          from: `${YEAR}-07-01T00:00:00+08:00`,
          to: `${YEAR}-08-01T00:00:00+08:00`,
          interval: 'day',
          group: 'floor',
        },
      },
      {
        name: 'year by month, by floor',
        body: {
          from: `${YEAR}-01-01T00:00:00+08:00`,
          to: `${YEAR + 1}-01-01T00:00:00+08:00`,
          interval: 'month',
          group: 'floor',
        },
      },
      {
        name: 'day by hour, by room (top 20)',
        body: {
          from: `${YEAR}-07-01T00:00:00+08:00`,
          to: `${YEAR}-07-02T00:00:00+08:00`,
          interval: 'hour',
          group: 'room',
        },
      },
      {
        name: 'top 10 rooms of a month',
        call: CALLS.power.calls.top,
        body: { from: `${YEAR}-07-01T00:00:00+08:00`, to: `${YEAR}-08-01T00:00:00+08:00`, limit: 10 },
      },
    ];
    for (const one of cases) {
      const body = { ...one.body, hotel_id: hotelId };
      const target = one.call ?? CALLS.power.calls.statistics;
      const first = await call(target, body, admin);
      for (let i = 0; i < WARMUP; i++) await call(target, body, admin);
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await call(target, body, admin);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.cases.push({
        name: one.name,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        target: one.target,
        met: one.target === undefined ? null : percentile(times, 99) <= one.target,
        points: first.series?.[0]?.points.length ?? first.rooms?.length,
        total: first.total_kwh,
      });
    }

    // Counting readings: 10,000 rooms once a minute.
    const bigHotel = await hotel('ingest', 20, INGEST_ROOMS / 20);
    const rooms = await db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
      .where('hotel_id', '=', bigHotel)
      .execute();
    const power = new PowerService({ db, clock: () => new Date() });
    await power.restore();
    const refs = rooms.map((room) => ({
      room_id: room.id,
      hotel_id: room.hotel_id,
      building_id: room.building_id,
      room_num: room.room_num,
      floor_num: room.floor_num,
    }));
    const kwh = new Float64Array(refs.length).fill(100);
    const t0 = Date.UTC(YEAR + 1, 0, 1, 0, 50);
    const perFlush = Math.ceil(refs.length / FLUSHES_PER_MINUTE);
    // The first minute only sets each room's reading: not measured.
    for (const [i, room] of refs.entries()) power.record(room, { energy: { kwh: kwh[i] } }, new Date(t0));
    await power.flush();
    const cpu = process.cpuUsage();
    const wall = performance.now();
    let flushMs = 0;
    for (let minute = 1; minute <= INGEST_MINUTES; minute++) {
      for (let start = 0; start < refs.length; start += perFlush) {
        for (let i = start; i < Math.min(refs.length, start + perFlush); i++) {
          kwh[i] += Math.random() * 0.02;
          power.record(refs[i], { energy: { kwh: kwh[i], w: 500 } }, new Date(t0 + minute * 60_000 + (i % 60) * 1000));
        }
        const flushing = performance.now();
        await power.flush();
        flushMs += performance.now() - flushing;
      }
    }
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    results.ingest = {
      rooms: refs.length,
      minutes: INGEST_MINUTES,
      cpuMsPerMinute: cpuMs / INGEST_MINUTES,
      coreShare: cpuMs / INGEST_MINUTES / 60_000,
      wallMsPerMinute: (performance.now() - wall) / INGEST_MINUTES,
      flushMsEach: flushMs / (INGEST_MINUTES * FLUSHES_PER_MINUTE),
    };
  } finally {
    await app.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const kinds = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
let missed = false;
console.log(
  `power statistics benchmark, ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of kinds) {
  const result = await run(kind);
  console.log(
    `\n${kind}: ${result.roomHours.toLocaleString('en')} room-hours filled in ${result.fillSeconds.toFixed(1)} s`,
  );
  for (const one of result.cases) {
    const verdict =
      one.met === null ? '' : one.met ? `(target ${one.target} ms: met)` : `(target ${one.target} ms: MISSED)`;
    if (one.met === false) missed = true;
    console.log(
      `  ${one.name.padEnd(32)} p50 ${one.p50.toFixed(1)} ms  p99 ${one.p99.toFixed(1)} ms  ${one.points} points ${verdict}`,
    );
  }
  const ingest = result.ingest;
  const share = ingest.coreShare * 100;
  if (share >= 10) missed = true;
  console.log(
    `  counting readings: ${ingest.rooms.toLocaleString('en')} rooms a minute for ${ingest.minutes} min: ${ingest.cpuMsPerMinute.toFixed(0)} ms CPU a minute = ${share.toFixed(2)} % of one core (target < 10 %: ${share < 10 ? 'met' : 'MISSED'}); a flush of ${Math.ceil(ingest.rooms / FLUSHES_PER_MINUTE)} rooms ${ingest.flushMsEach.toFixed(1)} ms`,
  );
}
console.log(
  `\nload after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exit(missed ? 1 : 0);
