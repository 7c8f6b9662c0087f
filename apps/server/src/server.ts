import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { markDataDirInUse } from './data-dir.js';
import { createDatabase, type MigrationReport, migrateToLatest, pingDatabase } from './db/database.js';
import { seed } from './db/seed.js';
import { limitHeapGrowth } from './heap.js';
import { redactUrl, urlHost } from './secrets.js';

/** This server's version, as its package says. */
const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** How often old log rows are looked for. */
const LOG_RETENTION_SWEEP_MS = 3_600_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    startFailed(error.message);
  }
  // A restore must not replace the SQLite database under a running server: the data folder is
  // marked in use (its pid) until this process ends (docs/operations.md "Data and backup").
  if (config.database.kind === 'sqlite') process.on('exit', markDataDirInUse(config.dataDir, 'server'));
  limitHeapGrowth(config.heapGrowingPercent);
  const pretty = process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
    : {};
  // A port already taken fails the start before anything is migrated, seeded or printed.
  await portFree(config.host, config.port);
  // The database first, on a connection of its own: no RCU message (an SOS among them) is handled
  // before the schema is this version's, whichever broker the gateway joins.
  const migrated = await prepareDatabase(config.database);
  const app = await buildApp(config, { logger: { level: config.logLevel, ...pretty }, gateway: true });
  if (migrated.applied.length > 0) {
    app.log.info({ applied: migrated.applied, latest: migrated.latest }, 'database: migrations applied');
  } else {
    app.log.info({ latest: migrated.latest }, 'database: up to date');
  }
  const seeded = await seed(app.db, {
    adminPassword: config.adminPassword,
    demo: config.demo,
    demoLanguage: config.demoLanguage,
    dataDir: config.dataDir,
    clock: app.clock,
    deviceKeys: app.deviceKeys,
  });
  if (seeded.seeded) app.log.info({ demo: config.demo }, 'first start: database seeded');
  if (seeded.generatedAdminPassword) {
    app.log.warn(
      `Administrator password (shown once, also in ${path.join(config.dataDir, 'initial-admin-password')}): ${seeded.generatedAdminPassword}`,
    );
  }

  // A promise nobody awaited that failed (a library's reconnect at shutdown, say) is logged, and
  // the server goes on: ending it would take every hotel's SOS down with it. An exception thrown
  // out of the event loop leaves the state unknown: logged, then the process ends (its supervisor
  // starts it again; the RCUs reconnect and resend what they were not acknowledged).
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'a failed promise was not handled'));
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: exiting');
    process.exit(1);
  });

  let closing = false;
  // Once in the cluster, on the instance holding each job's lease: the alert rules look at every
  // room, and rows past their hotel's retention go a batch at a time.
  app.services.leases.every({
    name: 'alerts:sweep',
    everyMs: config.alertSweepMs,
    work: () => app.services.alerts.sweepRules(),
  });
  const retention = {
    name: 'logs:retention',
    everyMs: LOG_RETENTION_SWEEP_MS,
    work: () => app.services.logs.pruneOldRows(),
  };
  app.services.leases.every(retention);
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  void app.services.leases
    .round(retention)
    .catch((error: unknown) => app.log.error({ err: error }, 'log retention failed'));
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    {
      version: VERSION,
      dataDir: config.dataDir,
      database: config.database.kind === 'sqlite' ? config.database.file : redactUrl(config.database.url),
      liveState: config.redisUrl ? redactUrl(config.redisUrl) : 'memory (this instance alone)',
      deviceSync: config.mqttUrl ? config.deviceSync.kind : 'embedded broker',
    },
    `RoomPilot ${VERSION} is up: console http://${shownHost}:${config.port}/  API docs http://${shownHost}:${config.port}/apis/docs  (${config.database.kind})  RCUs ${app.gateway?.where}`,
  );
}

/**
 * Opens the database, checks it answers and runs this version's migrations; an unreachable one is
 * said as such, naming the setting (a migration bug it is not).
 */
async function prepareDatabase(database: ReturnType<typeof loadConfig>['database']): Promise<MigrationReport> {
  const where =
    database.kind === 'postgres'
      ? `DATABASE_URL: the PostgreSQL server at ${urlHost(database.url)}`
      : `the SQLite database ${database.file}`;
  let db: ReturnType<typeof createDatabase>;
  try {
    db = createDatabase(database);
  } catch (error) {
    throw new Error(`${where} cannot be opened: ${messageOf(error)}`, { cause: error });
  }
  try {
    try {
      await pingDatabase(db);
    } catch (error) {
      throw new Error(`${where} cannot be reached: ${messageOf(error)}`, { cause: error });
    }
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Resolves when `port` can be listened on at `host`; else says which setting to change. */
function portFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `PORT ${port} on ${host} is already in use (another RoomPilot?): stop it, or set PORT to another port`
            : `PORT ${port} on HOST ${host} cannot be listened on: ${error.message}`,
        ),
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A start that cannot go on: the reason on stderr for whoever runs it by hand and, where the log is
 * JSON lines (stdout not a terminal), as a fatal line of that log too, so that a log collector has
 * it; exit code 1.
 */
function startFailed(message: string): never {
  console.error(message);
  if (!process.stdout.isTTY) {
    process.stdout.write(
      `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: `start failed: ${message}` })}\n`,
    );
  }
  process.exit(1);
}

main().catch((error: unknown) => startFailed(error instanceof Error ? error.message : String(error)));
