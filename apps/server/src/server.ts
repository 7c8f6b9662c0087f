import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest } from './db/database.js';
import { seed } from './db/seed.js';

/** How often old log rows are looked for. */
const LOG_RETENTION_SWEEP_MS = 3_600_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const pretty = process.stdout.isTTY
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
    : {};
  const app = await buildApp(config, { logger: { level: config.logLevel, ...pretty }, gateway: true });

  await migrateToLatest(app.db);
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
  // The alert rules look at every room this often (each instance: SQL keeps one open alert per room and type).
  const sweeper = setInterval(() => {
    app.services.alerts.sweepRules().catch((error: unknown) => app.log.error({ err: error }, 'alert rules failed'));
  }, config.alertSweepMs);
  // Rows past their hotel's retention go a batch at a time (the job pauses between batches).
  const pruner = setInterval(() => {
    app.services.logs.pruneOldRows().catch((error: unknown) => app.log.error({ err: error }, 'log retention failed'));
  }, LOG_RETENTION_SWEEP_MS);
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(sweeper);
    clearInterval(pruner);
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
  void app.services.logs
    .pruneOldRows()
    .catch((error: unknown) => app.log.error({ err: error }, 'log retention failed'));
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `RoomPilot is up: console http://${shownHost}:${config.port}/  API docs http://${shownHost}:${config.port}/apis/docs  (${config.database.kind})  RCUs ${app.gateway?.where}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
