import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AIR_POLICY_DEFAULT, type CommandPayload, downTopic } from '@roompilot/contract';
import { type Fleet, runFleet } from '@roompilot/rcu-sim';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, freshDatabase } from './test-support/databases.js';
import { openLiveConsole } from './test-support/live-console.js';
import { startTcpGate, type TcpGate } from './test-support/tcp-gate.js';
import { freePort, until } from './test-support/waiting.js';

// Issue 15's SIGKILL fault, with real processes: two server instances (the built server, as
// `npm start` runs it) on one PostgreSQL, one Redis and one Mosquitto, behind a small proxy that
// sends each request to the first instance that answers (as nginx's upstream does). One instance
// is killed with SIGKILL in the middle of an upgrade rollout: the other goes on with the job (its
// timer claimed by the dead instance runs out and fires there), an SOS raised right after the
// kill reaches a console on the survivor and is stored once, and commands go through it. Then a
// third instance is killed in the middle of an energy-policy timer's handler (the card-out
// setback): the survivor fires it once, when the dead one's claim runs out, and loses nothing.

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const ROOMS = 12;
/** TIMER_CLAIM_SECONDS of the instances: how long a dead instance's claim on a timer holds. */
const CLAIM_SECONDS = 4;

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: this suite needs PostgreSQL, Redis and Mosquitto (it never skips; \`npm test\` starts them).`,
    );
  }
  return value;
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

/** A proxy to the first instance that takes the connection, as a load balancer with two upstreams. */
function startProxy(ports: () => number[]): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: number[]) => {
        const [port, ...rest] = left;
        if (port === undefined) {
          response.writeHead(502).end();
          return;
        }
        const upstream = http.request(
          { host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            answer.on('error', () => response.destroy());
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !response.headersSent) attempt(rest);
          else response.destroy();
        });
        upstream.end(body);
      };
      attempt(ports());
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('an instance killed with SIGKILL in the middle of a rollout', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let proxy: http.Server;
  let proxyUrl: string;
  const instances: Instance[] = [];
  const alive = () => instances.filter((instance) => instance.child.exitCode === null && !instance.child.killed);
  let fleet: Fleet;
  let rooms: { id: number; rcu_id: string; room_num: string }[];
  const dataDirs: string[] = [];
  let env: Record<string, string>;
  let gate: TcpGate | undefined;

  async function start(name: string, env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rp-kill-${name}-`));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const instance = { name, port, child, output };
    await until(
      `instance ${name} to be ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`instance ${name} ended: ${output.join('')}`);
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
      },
      (status) => status === 200,
      60_000,
    );
    instances.push(instance);
    return instance;
  }

  /** A call through the proxy (or to one instance), answering the envelope. */
  async function call(pathName: string, body: unknown, token?: string, port?: number) {
    const base = port ? `http://127.0.0.1:${port}` : proxyUrl;
    const response = await fetch(`${base}/apis${pathName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read any answer's data
    return (await response.json()) as { code: number; message: string; data: any };
  }

  async function login(port?: number): Promise<string> {
    const answer = await call('/login', { user_name: 'manager', password: DEMO_PASSWORDS.manager }, undefined, port);
    expect(answer.code, answer.message).toBe(0);
    return answer.data.token as string;
  }

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-kill-'));
    dataDirs.push(dataDir);
    const fresh = await freshDatabase('postgres', dataDir);
    if (fresh.database.kind !== 'postgres') throw new Error('a PostgreSQL database was asked for');
    databaseUrl = fresh.database.url;
    drop = fresh.drop;
    proxy = await startProxy(() => alive().map((instance) => instance.port));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: required('TEST_REDIS_URL'),
      REDIS_PREFIX: `rp:kill:${randomBytes(4).toString('hex')}:`,
      MQTT_URL: required('TEST_MQTT_URL'),
      HOST: '127.0.0.1',
      DEMO: '1',
      DEMO_LANGUAGE: 'en',
      ADMIN_PASSWORD: DEMO_PASSWORDS.Administrator as string,
      DEVICE_KEY_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: proxyUrl,
      LOG_LEVEL: 'warn',
      TIMER_POLL_SECONDS: '1',
      TIMER_CLAIM_SECONDS: String(CLAIM_SECONDS),
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    // The first one migrates and seeds the demo hotel; the second joins the same database.
    await start('A', env);
    // RCU ids of this run alone: other suites may share the Mosquitto.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const tag = randomBytes(3).toString('hex');
    const picked = await db.query<{ id: number; room_num: string }>(
      "SELECT r.id, r.room_num FROM rooms r JOIN hotels h ON h.hotel_id = r.hotel_id JOIN users u ON u.hotel_id = h.hotel_id WHERE u.user_name = 'manager' ORDER BY r.room_num LIMIT $1",
      [ROOMS],
    );
    rooms = [];
    for (const room of picked.rows) {
      const rcuId = `kill${tag}${room.id}`;
      await db.query('UPDATE rooms SET rcu_id = $1 WHERE id = $2', [rcuId, room.id]);
      rooms.push({ id: room.id, rcu_id: rcuId, room_num: room.room_num });
    }
    await db.end();
    await start('B', env);
    // The outside broker here lets anyone in (the device sync is another suite's): any key does.
    fleet = await runFleet({
      url: required('TEST_MQTT_URL'),
      rooms: rooms.map((room) => ({ rcu_id: room.rcu_id, device_key: 'unused' })),
      behave: false,
      reconnectMs: 200,
      sosRepeatMs: 1_000,
      upgradeStepMs: 150,
      firmware: { fw: '1.0.0', hw: 'RCU-8', cfg: 'cfg-1', ir: 'ir-1' },
    });
    expect(fleet.failed).toEqual([]);
  }, 180_000);

  afterAll(async () => {
    await fleet?.stop();
    for (const instance of instances) instance.child.kill('SIGKILL');
    proxy?.close();
    await gate?.close();
    await drop?.().catch(() => {});
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('goes on with the job on the other instance, keeps the SOS raised meanwhile and takes commands', async () => {
    const [a, b] = instances as [Instance, Instance];
    const token = await login(a.port);
    const online = await until(
      'the RCUs to be online',
      async () => (await call('/upgraderoomlist', { current: 1, size: 200 }, token, a.port)).data,
      (page) =>
        rooms.every((room) =>
          page?.records?.some((row: { id: number; online: boolean }) => row.id === room.id && row.online),
        ),
    );
    expect(online.records.length).toBeGreaterThan(0);

    // A firmware for every room, one at a time after the canary: the rollout spans several ticks.
    const form = new FormData();
    form.set('kind', 'bin');
    form.set('version', '2.0.0');
    form.set('file', new Blob([randomBytes(200_000)]), 'fw.bin');
    const uploaded = (await (
      await fetch(`http://127.0.0.1:${a.port}/apis/upgradefileadd`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { code: number; message: string; data: { id: number } };
    expect(uploaded.code, uploaded.message).toBe(0);
    const added = await call(
      '/upgradejobadd',
      {
        file_id: uploaded.data.id,
        room_ids: rooms.map((room) => room.id),
        canary: 1,
        batch_size: 2,
        room_timeout_s: 60,
      },
      token,
      a.port,
    );
    expect(added.code, added.message).toBe(0);
    const jobId = added.data.id as number;
    await until(
      'a few rooms to finish',
      async () => (await call('/upgradejobdetail', { id: jobId }, token, a.port)).data,
      (job) => job?.counts?.finished >= 3,
    );

    // A console on B, then A goes without a word.
    const survivor = await login(b.port);
    const { socket, pushed } = await openLiveConsole(b.port, survivor);
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));

    const sosRoom = rooms[ROOMS - 1] as (typeof rooms)[number];
    const sos = fleet.get(sosRoom.rcu_id)?.raiseSos('after the kill') as string;
    const pushedSos = await until(
      'the SOS to reach the console on B',
      async () => pushed.filter((m) => m.type === 'alert'),
      (alerts) => alerts.some((m) => m.data.room_id === sosRoom.id),
      30_000,
    );
    expect(pushedSos.find((m) => m.data.room_id === sosRoom.id)?.data).toMatchObject({ room_num: sosRoom.room_num });
    await until(
      'the RCU to be told its SOS is stored',
      async () => fleet.get(sosRoom.rcu_id)?.pendingSos ?? [],
      (pending) => pending.length === 0,
      30_000,
    );

    // The job ends on B: every room on 2.0.0, none failed, downloads resumed through the proxy.
    const job = await until(
      'the job to finish on B',
      async () => (await call('/upgradejobdetail', { id: jobId }, survivor, b.port)).data,
      (detail) => detail?.state === 'finished',
      120_000,
    );
    expect(job.counts).toMatchObject({ finished: ROOMS, failed: 0 });
    for (const room of rooms) expect(fleet.get(room.rcu_id)?.firmware.fw).toBe('2.0.0');

    // A command through the proxy reaches the RCU through B.
    const sent = await call('/roomctrl', { room_id: rooms[0]?.id, devices: { L1: { on: true } } }, survivor);
    expect(sent.code, sent.message).toBe(0);
    expect(fleet.get(rooms[0]?.rcu_id as string)?.room.devices.L1).toMatchObject({ on: true });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const stored = await db.query(
      'SELECT e.event_id FROM alerts a JOIN room_events e ON e.id = a.room_event_id WHERE a.room_id = $1 AND a.type = 1',
      [sosRoom.id],
    );
    await db.end();
    expect(stored.rows.map((row) => row.event_id)).toEqual([sos]);
    socket.close();
  }, 240_000);

  it('fires a policy timer whose instance died in the middle of its handler once, on the survivor', async () => {
    // B survives. A is gone (killed above; here too if that test stopped before its kill). A third
    // instance C reaches Redis through a gate: held, C's timer handler stops at its first read of
    // the room's live state, after C claimed the timer and before any command went out.
    const b = instances[1] as Instance;
    for (const instance of alive()) {
      if (instance === b) continue;
      instance.child.kill('SIGKILL');
      await new Promise((resolve) => instance.child.once('exit', resolve));
    }
    const redis = new URL(required('TEST_REDIS_URL'));
    gate = await startTcpGate({ host: redis.hostname, port: Number(redis.port || 6379) });
    const gated = new URL(redis);
    gated.host = `127.0.0.1:${gate.port}`;
    const c = await start('C', { ...env, REDIS_URL: gated.toString() });
    const token = await login(b.port);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const observer = await mqtt.connectAsync(required('TEST_MQTT_URL'), {
      clientId: `kill-observer-${randomBytes(4).toString('hex')}`,
      reconnectPeriod: 0,
    });
    try {
      const room = rooms[1] as (typeof rooms)[number];
      const rcu = fleet.get(room.rcu_id);
      if (!rcu) throw new Error(`no simulated RCU ${room.rcu_id}`);
      const setbackKey = `policy_setback:${room.id}`;
      const timer = async (key: string) =>
        (
          await db.query<{ due_at: string; claimed_until: string | null }>(
            'SELECT due_at, claimed_until FROM timers WHERE key = $1',
            [key],
          )
        ).rows[0];
      const policyRules = async () =>
        (
          await db.query<{ detail: string }>(
            "SELECT detail FROM room_events WHERE room_id = $1 AND type = 'policy' ORDER BY id",
            [room.id],
          )
        ).rows.map((row) => JSON.parse(row.detail) as { rule: string; ok: boolean; changes: unknown });

      // A guest checks in (the default policy starts the AC) and leaves: the setback's timer is set.
      rcu.setFlags({ rent: 'checked_in', card: true, occupied: true });
      const ac = await until(
        'the server to see the AC started at check-in',
        async () => (await call('/redisdevicestate', { room_id: room.id }, token, b.port)).data?.devices?.AC1,
        (device) => device?.on === true,
        20_000,
      );
      rcu.setFlags({ card: false, occupied: false });
      await until(
        'the setback timer to be set',
        () => timer(setbackKey),
        (row) => row?.claimed_until === null,
        20_000,
      );
      const rulesBefore = (await policyRules()).length;
      const commands: CommandPayload[] = [];
      const heardAt: number[] = [];
      observer.on('message', (_, payload) => {
        commands.push(JSON.parse(String(payload)) as CommandPayload);
        heardAt.push(Date.now());
      });
      await observer.subscribeAsync(downTopic(room.rcu_id), { qos: 1 });

      // B pauses (SIGSTOP) so that C is the one to claim; C's Redis stalls; the card has been out
      // for the policy's minutes (the row's due time moved, as the clock would have).
      b.child.kill('SIGSTOP');
      try {
        await until(
          'B to be stopped',
          async () => fs.readFileSync(`/proc/${b.child.pid}/stat`, 'utf8').split(') ')[1]?.[0],
          (state) => state === 'T',
          5_000,
        );
        gate.hold();
        await db.query('UPDATE timers SET due_at = $2 WHERE key = $1', [setbackKey, new Date().toISOString()]);
        await until(
          'C to claim the timer',
          () => timer(setbackKey),
          (row) => !!row?.claimed_until,
          10_000,
        );
        // In C's handler now, waiting on Redis: C goes without a word.
        c.child.kill('SIGKILL');
        await new Promise((resolve) => c.child.once('exit', resolve));
      } finally {
        b.child.kill('SIGCONT');
      }
      expect(commands).toEqual([]);
      const claimed = await timer(setbackKey);
      expect(claimed?.claimed_until).toBeTruthy();

      // B fires it once C's claim has run out: one command, the setback, on the RCU.
      const setback = ac.mode === 'heat' ? AIR_POLICY_DEFAULT.setback_heat : AIR_POLICY_DEFAULT.setback_cool;
      await until(
        'the RCU to be set back through B',
        async () => rcu.room.devices.AC1,
        (device) => device?.set === setback,
        (CLAIM_SECONDS + 10) * 1000,
      );
      // Not before C's claim ran out (the poll skips a claimed timer).
      expect(heardAt[0]).toBeGreaterThanOrEqual(Date.parse(claimed?.claimed_until as string));
      // No second firing later (another claim's length and a poll), nor a command undoing it.
      await new Promise((resolve) => setTimeout(resolve, (CLAIM_SECONDS + 2) * 1000));
      expect(commands.map((command) => command.op === 'set' && command.devices)).toEqual([{ AC1: { set: setback } }]);
      expect(await timer(setbackKey)).toBeUndefined();
      const rules = (await policyRules()).slice(rulesBefore);
      expect(rules).toEqual([
        expect.objectContaining({
          rule: 'card_out_setback',
          ok: true,
          changes: { AC1: { to: { set: setback }, from: { set: ac.set } } },
        }),
      ]);
      // Nothing lost: the room's other timer (the longest run with nobody in) waits for its time.
      expect(await timer(`policy_max_run:${room.id}`)).toMatchObject({ claimed_until: null });
      expect(rcu.room.devices.AC1).toMatchObject({ on: true, set: setback });
    } finally {
      await observer.endAsync(true);
      await db.end();
    }
  }, 90_000);
});
