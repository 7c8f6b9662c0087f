import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase, migrateToLatest } from './db/database.js';
import type { SealedDeviceKey } from './db/schema.js';
import { seed } from './db/seed.js';
import { createDeviceKeys, DEVICE_KEY_SECRET_FILE } from './device-keys.js';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from './test-support/databases.js';

const GATEWAY = { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } } as const;

function modeOf(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

/** Log lines of an app built with `logger: { stream }`. */
function logLines(): { stream: Writable; lines: { msg: string; path?: string; rooms?: number }[] } {
  const lines: { msg: string; path?: string; rooms?: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

/** Logs an RCU in to the app's embedded broker: 'connected', or the CONNACK refusal code. */
async function mqttLogin(app: FastifyInstance, rcuId: string, password: string): Promise<'connected' | number> {
  try {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${app.gateway?.port}`, {
      clientId: rcuId,
      username: rcuId,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    await client.endAsync(true);
    return 'connected';
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

describe('the data folder at a fresh start', () => {
  const parents: string[] = [];
  afterAll(() => {
    for (const parent of parents) fs.rmSync(parent, { recursive: true, force: true });
  });

  it('is made 0700 and every file the server writes in it 0600, whatever the umask', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-at-rest-'));
    parents.push(parent);
    const dataDir = path.join(parent, 'data');
    // The process's umask as it is (022 on this box): the server does not rely on it.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(parent, 'web') }, parent);
    const app = await buildApp(config);
    try {
      await migrateToLatest(app.db);
      const seeded = await seed(app.db, {
        adminPassword: null,
        demo: true,
        demoLanguage: config.demoLanguage,
        dataDir,
        clock: app.clock,
        deviceKeys: app.deviceKeys,
      });
      expect(seeded.generatedAdminPassword).toBeTruthy();
      await app.ready();
      expect(modeOf(dataDir)).toBe(0o700);
      const files = fs.readdirSync(dataDir).sort();
      expect(files).toEqual(
        expect.arrayContaining([
          'roompilot.db',
          'roompilot.db-shm',
          'roompilot.db-wal',
          DEVICE_KEY_SECRET_FILE,
          'initial-admin-password',
        ]),
      );
      for (const file of files) expect([file, modeOf(path.join(dataDir, file))]).toEqual([file, 0o600]);
    } finally {
      await app.close();
    }
  });

  it('an existing folder and files others could read are made private at start, with a log line each', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-at-rest-'));
    parents.push(parent);
    const dataDir = path.join(parent, 'data');
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(parent, 'web') }, parent);
    const first = await buildApp(config);
    await migrateToLatest(first.db);
    await first.ready();
    await first.close();
    // As left by an earlier version, or copied with loose modes.
    fs.chmodSync(dataDir, 0o755);
    for (const file of fs.readdirSync(dataDir)) fs.chmodSync(path.join(dataDir, file), 0o644);

    const { stream, lines } = logLines();
    const again = await buildApp(config, { logger: { level: 'info', stream } });
    try {
      await again.ready();
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of fs.readdirSync(dataDir))
        expect([file, modeOf(path.join(dataDir, file))]).toEqual([file, 0o600]);
      const told = lines
        .filter((line) => line.msg.startsWith('data folder: others could read this'))
        .map((l) => l.path);
      expect(told).toEqual(
        expect.arrayContaining([
          dataDir,
          path.join(dataDir, 'roompilot.db'),
          path.join(dataDir, DEVICE_KEY_SECRET_FILE),
        ]),
      );
    } finally {
      await again.close();
    }
  });
});

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`device keys at rest [${kind}]`, () => {
    let t: TestApp;
    let manager: string;
    beforeAll(async () => {
      t = await createTestApp(kind, GATEWAY);
      manager = await t.login('manager');
    });
    afterAll(async () => {
      await t?.close();
    });

    async function listedKeys(): Promise<{ id: number; rcu_id: string; device_key: string }[]> {
      const answer = await t.call('POST', '/apis/roomlist', { token: manager, body: { size: 500 } });
      expect(answer.code).toBe(0);
      return answer.data.records;
    }

    it('a copy of the database without the secret reveals no device key', async () => {
      const added = await t.call('POST', '/apis/roomadd', {
        token: manager,
        body: { building_id: 1, room_type_id: 1, room_num: '0701', floor_num: 7, rcu_id: 'ATREST0701' },
      });
      expect(added.code).toBe(0);
      const listed = await listedKeys();
      expect(listed.length).toBeGreaterThan(100);
      const raw = await t.db.selectFrom('rooms').select(['id', 'device_key']).execute();
      expect(raw).toHaveLength(listed.length);
      const keys = listed.map((room) => room.device_key);
      for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = raw.map((room) => room.device_key);
      for (const value of stored) expect(value).toMatch(/^v1:/);
      const all = stored.join('\n');
      for (const key of keys) expect(all).not.toContain(key);
      // With any other secret (the copy's finder has none), nothing opens.
      const guess = createDeviceKeys('a secret that is not the server one, 32+');
      expect(stored.map((value) => guess.open(value)).filter((opened) => opened !== null)).toEqual([]);
      if (t.config.database.kind === 'sqlite') {
        // The files themselves, as a copy would take them.
        const base = t.config.database.file;
        const bytes = ['', '-wal']
          .filter((suffix) => fs.existsSync(base + suffix))
          .map((suffix) => fs.readFileSync(base + suffix).toString('latin1'))
          .join('');
        for (const key of keys) expect(bytes).not.toContain(key);
      }
    });

    it('the API answers the keys and an RCU logs in over MQTT with its key; a regenerated key too', async () => {
      const [room] = await listedKeys();
      if (!room) throw new Error('no room');
      expect(await mqttLogin(t.app, room.rcu_id, room.device_key)).toBe('connected');
      expect(await mqttLogin(t.app, room.rcu_id, `${room.device_key}x`)).toBe(4);
      const fresh = await t.call('POST', '/apis/roomkey', { token: manager, body: { id: room.id } });
      expect(fresh.code).toBe(0);
      expect(await mqttLogin(t.app, room.rcu_id, fresh.data.device_key)).toBe('connected');
      expect(await mqttLogin(t.app, room.rcu_id, room.device_key)).toBe(4);
    });

    it('keys stored before sealing (plaintext) are sealed at the next start and still work', async () => {
      const [one, two] = await t.db.selectFrom('rooms').select(['id', 'rcu_id']).orderBy('id').limit(2).execute();
      if (!one || !two) throw new Error('no rooms');
      const oldKeys = {
        [one.id]: 'a-key-from-before-sealing-000000000000000001',
        [two.id]: 'a-key-from-before-sealing-2',
      };
      for (const room of [one, two]) {
        await t.db
          .updateTable('rooms')
          .set({ device_key: oldKeys[room.id] as SealedDeviceKey })
          .where('id', '=', room.id)
          .execute();
      }
      // A restart: the same database and data folder.
      const { stream, lines } = logLines();
      const restarted = await buildApp(t.config, {
        db: createDatabase(t.config.database),
        gateway: true,
        logger: { level: 'info', stream },
      });
      try {
        await restarted.ready();
        expect(lines.find((line) => line.msg.startsWith('device keys: stored keys sealed'))?.rooms).toBe(2);
        const stored = await t.db
          .selectFrom('rooms')
          .select(['id', 'device_key'])
          .where('id', 'in', [one.id, two.id])
          .orderBy('id')
          .execute();
        for (const room of stored) {
          expect(room.device_key).toMatch(/^v1:/);
          expect(room.device_key).not.toContain(oldKeys[room.id]);
          expect(restarted.deviceKeys.open(room.device_key)).toBe(oldKeys[room.id]);
        }
        const answer = await restarted.inject({
          method: 'POST',
          url: '/apis/roomlist',
          headers: { authorization: `Bearer ${manager}` },
          payload: { size: 2 },
        });
        expect(answer.json().data.records.map((room: { device_key: string }) => room.device_key)).toEqual([
          oldKeys[one.id],
          oldKeys[two.id],
        ]);
        expect(await mqttLogin(restarted, one.rcu_id, oldKeys[one.id] as string)).toBe('connected');
        // Idempotent: nothing left to seal.
        expect(await restarted.services.rooms.sealStoredKeys()).toEqual({ sealed: 0, unreadable: 0 });
      } finally {
        await restarted.close();
      }
    });

    it('a server started with another secret says so, answers no key and lets no RCU in', async () => {
      const [room] = await listedKeys();
      if (!room) throw new Error('no room');
      const { stream, lines } = logLines();
      const config = { ...t.config, deviceKeySecret: 'not the secret these keys were sealed with' };
      const other = await buildApp(config, {
        db: createDatabase(t.config.database),
        gateway: true,
        logger: { level: 'info', stream },
      });
      try {
        await other.ready();
        const told = lines.find((line) => line.msg.startsWith("device keys: these rooms' keys do not open"));
        expect(told?.rooms).toBeGreaterThan(100);
        const answer = await other.inject({
          method: 'POST',
          url: '/apis/roomlist',
          headers: { authorization: `Bearer ${manager}` },
          payload: { size: 1 },
        });
        expect(answer.json().data.records[0].device_key).toBe('');
        expect(await mqttLogin(other, room.rcu_id, room.device_key)).toBe(4);
        expect(await mqttLogin(other, room.rcu_id, '')).toBe(4);
      } finally {
        await other.close();
      }
    });

    it('a server on this database with no secret at all (restored into a new data folder) refuses to start and makes none', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-no-secret-'));
      const db = createDatabase(t.config.database);
      try {
        const start = buildApp({ ...t.config, dataDir, deviceKeySecret: null }, { db });
        const file = path.join(dataDir, DEVICE_KEY_SECRET_FILE);
        await expect(start).rejects.toThrow(
          `rooms' keys sealed with a device-key secret, and there is no secret here (no ${file}, DEVICE_KEY_SECRET not set): put the secret back from its backup as ${file} (mode 0600), or set DEVICE_KEY_SECRET, then start again. A new secret would open none of them, so none was made (docs/operations.md "Device-key secret")`,
        );
        await expect(start).rejects.toThrow(/^device keys: the database holds \d{3} rooms' keys sealed/);
        expect(fs.existsSync(file)).toBe(false);
      } finally {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

describe('an SOS is durable before its RCU is acknowledged', () => {
  for (const kind of DATABASE_KINDS) {
    describeOn(kind)(`[${kind}]`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp(kind, GATEWAY);
      });
      afterAll(async () => {
        await t?.close();
      });

      /** Raises an event from a plain MQTT client and waits for the server's acknowledgement. */
      async function raise(type: string): Promise<string> {
        const [room] = await t.db.selectFrom('rooms').select(['rcu_id', 'device_key']).orderBy('id').limit(1).execute();
        if (!room) throw new Error('no room');
        const rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
          clientId: room.rcu_id,
          username: room.rcu_id,
          password: t.app.deviceKeys.open(room.device_key) ?? '',
          reconnectPeriod: 0,
        });
        const id = `e-durable-${type}-${Date.now()}`;
        await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
        const acked = new Promise<void>((resolve) =>
          rcu.on('message', (_topic, payload) => {
            if (String(payload).includes(id)) resolve();
          }),
        );
        await rcu.publishAsync(`rcu/${room.rcu_id}/up/event`, JSON.stringify({ id, ts: Date.now(), type }), { qos: 1 });
        await acked;
        await rcu.endAsync(true);
        return id;
      }

      if (kind === 'sqlite') {
        it('commits the SOS with synchronous=FULL (the WAL synced) before the ack; other writes stay NORMAL', async () => {
          // What SQLite's `synchronous` was when each event row was written, seen from inside the commit.
          await sql`create table sync_seen (event_id text, level integer)`.execute(t.db);
          await sql`create trigger sync_seen_event after insert on room_events begin
            insert into sync_seen select new.event_id, synchronous from pragma_synchronous; end`.execute(t.db);
          const sos = await raise('sos');
          const door = await raise('door_open');
          const seen = await sql<{ event_id: string; level: number }>`select event_id, level from sync_seen`.execute(
            t.db,
          );
          // 2 = FULL, 1 = NORMAL. The SOS's alert is written to the event log in the same commit.
          expect(seen.rows).toEqual([
            { event_id: sos, level: 2 },
            { event_id: expect.stringMatching(/^alert-\d+-raised$/), level: 2 },
            { event_id: door, level: 1 },
          ]);
          const now = await sql<{ synchronous: number }>`pragma synchronous`.execute(t.db);
          expect(now.rows[0]?.synchronous).toBe(1);
        });
      } else {
        it('commits on a server whose commits wait for the WAL flush (synchronous_commit on)', async () => {
          const sos = await raise('sos');
          const stored = await t.db.selectFrom('room_events').select('type').where('event_id', '=', sos).execute();
          expect(stored).toEqual([{ type: 'sos' }]);
          const setting = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(t.db);
          expect(setting.rows[0]?.synchronous_commit).toBe('on');
        });
      }
    });
  }
});
