import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely, KyselyConfig } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { seed } from '../db/seed.js';
import { createDeviceKeys, loadDeviceKeySecret } from '../device-keys.js';
import { describeNeeding } from './scope.js';

export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const ADMIN_PASSWORD = 'Admin#secret1';

/** A clock the tests move by hand. */
export interface TestClock {
  (): Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

export interface Answer {
  status: number;
  code: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read any answer's data
  data: any;
  headers: Record<string, unknown>;
  raw: string;
}

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  clock: TestClock;
  /** Calls the API; `token` becomes the bearer header. */
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<Answer>;
  login(userName: string, password?: string, headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

export const DEMO_PASSWORDS: Record<string, string> = {
  manager: 'manager123',
  waiter: 'waiter123',
  visitor: 'visitor123',
  Administrator: ADMIN_PASSWORD,
};

/** A fresh, empty database of the given kind: a SQLite file in a temp folder, or a new PostgreSQL database. */
export async function freshDatabase(kind: DatabaseKind, dataDir: string) {
  if (kind === 'sqlite') {
    return { database: { kind, file: path.join(dataDir, 'roompilot.db') } as const, drop: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'TEST_DATABASE_URL is not set: the PostgreSQL suites need a server URL such as postgres://postgres@127.0.0.1:55432/postgres (they never skip).',
    );
  }
  const name = `rp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind, url: url.toString() } as const,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed the demo hotel (default true). */
  demo?: boolean;
  build?: Omit<BuildOptions, 'db' | 'clock'>;
  /** Runs on the data folder before the app is built (e.g. to lay out a built console). */
  prepare?: (dataDir: string) => void;
  /** Kysely's log hook and plugins on the app's database (to count its statements, to fail some). */
  kysely?: Pick<KyselyConfig, 'log' | 'plugins'>;
}

/** A built app on a fresh, migrated and seeded database. */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-server-test-'));
  options.prepare?.(dataDir);
  const { database, drop } = await freshDatabase(kind, dataDir);
  const config: Config = {
    ...loadConfig(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD,
        WEB_DIST: path.join(dataDir, 'web'),
        LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
        // A busy test machine delays the event loop: no test is refused for it unless it asks.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        ...options.env,
      },
      dataDir,
    ),
    database,
  };
  const clock = testClock();
  const db = createDatabase(database, undefined, options.kysely);
  await migrateToLatest(db);
  // The app reads the same secret (the data folder's file, or DEVICE_KEY_SECRET) when it is built.
  const deviceKeys = createDeviceKeys((await loadDeviceKeySecret(dataDir, config.deviceKeySecret, db)).secret);
  await seed(db, {
    adminPassword: ADMIN_PASSWORD,
    demo: options.demo ?? true,
    demoLanguage: config.demoLanguage,
    dataDir,
    clock,
    deviceKeys,
  });
  const app = await buildApp(config, { ...options.build, db, clock });
  try {
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const call: TestApp['call'] = async (method, url, callOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    const response = await app.inject({
      method,
      url,
      headers,
      ...(callOptions.payload !== undefined
        ? { payload: callOptions.payload }
        : callOptions.body !== undefined
          ? { payload: callOptions.body as object }
          : {}),
    });
    let parsed: { code?: number; message?: string; data?: unknown } = {};
    try {
      parsed = response.json();
    } catch {
      parsed = {};
    }
    return {
      status: response.statusCode,
      code: parsed.code ?? -1,
      message: parsed.message ?? '',
      data: parsed.data,
      headers: response.headers,
      raw: response.body,
    };
  };

  const login: TestApp['login'] = async (userName, password, headers) => {
    const answer = await call('POST', '/apis/login', {
      body: { user_name: userName, password: password ?? DEMO_PASSWORDS[userName] },
      headers,
    });
    if (answer.code !== 0) throw new Error(`login ${userName} failed: ${answer.code} ${answer.message}`);
    return answer.data.token as string;
  };

  return {
    kind,
    app,
    db,
    config,
    clock,
    call,
    login,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `describe` for a suite on one database: TEST_SCOPE=unit leaves the PostgreSQL ones out. */
export function describeOn(kind: DatabaseKind): (name: string, suite: () => void) => void {
  return kind === 'postgres' ? describeNeeding('postgres') : describe;
}

/**
 * Runs a suite once per database (SQLite and PostgreSQL), each on a fresh database and app.
 * `t` is filled before the suite's tests run. TEST_SCOPE=unit leaves the PostgreSQL run out.
 */
export function describeEachDatabase(name: string, suite: (t: TestApp) => void, options: TestAppOptions = {}): void {
  for (const kind of DATABASE_KINDS) {
    describeOn(kind)(`${name} [${kind}]`, () => {
      const t = {} as TestApp;
      beforeAll(async () => {
        Object.assign(t, await createTestApp(kind, options));
      });
      afterAll(async () => {
        await t.close?.();
      });
      suite(t);
    });
  }
}
