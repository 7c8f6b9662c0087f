import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from './config.js';
import { DATA_DIR_MODE, DATA_FILE_MODE, markDataDirInUse } from './data-dir.js';
import { APPLICATION_NAME } from './db/database.js';
import { migrations } from './db/migrations/index.js';
import { DEVICE_KEY_SECRET_FILE } from './device-keys.js';
import { splitLogin } from './secrets.js';

/**
 * Backup and restore of RoomPilot's database (docs/operations.md "Data and backup"): a folder
 * with the database (SQLite's online backup, or `pg_dump`'s custom format) and a manifest naming
 * what it is and the last migration it holds. The device-key secret is not in it, on purpose:
 * it is backed up apart (a backup of both in one place is a backup of the keys in the clear).
 */
export interface BackupManifest {
  format: 1;
  database: 'sqlite' | 'postgres';
  /** The database's file in the backup folder. */
  file: string;
  created_at: string;
  /** The last migration the database had: a backup restores only into a server that knows it. */
  migration: string | null;
}

const run = promisify(execFile);
const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'roompilot.db';
const PG_FILE = 'roompilot.pgdump';

export class BackupError extends Error {}

type Database = Config['database'];

/** The last migration of this server: a backup newer than it is refused. */
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? null;

async function lastMigrationSqlite(file: string): Promise<string | null> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!row) return null;
    const last = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      | { name: string }
      | undefined;
    return last?.name ?? null;
  } finally {
    db.close();
  }
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function lastMigrationPg(url: string): Promise<string | null> {
  return withPg(url, async (client) => {
    const exists = await client.query("select to_regclass('public.kysely_migration') as name");
    if (!exists.rows[0]?.name) return null;
    const last = await client.query<{ name: string }>('select name from kysely_migration order by name desc limit 1');
    return last.rows[0]?.name ?? null;
  });
}

function sqliteIntact(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`the copy of the database is damaged: ${String(result)}`);
  } finally {
    db.close();
  }
}

/**
 * Backs the database up into `folder` (made, or one without a backup); answers the manifest
 * written there. A backup that fails leaves nothing: the folders it made go, and in a folder that
 * was there, the files it wrote.
 */
export async function backup(database: Database, folder: string, now = new Date()): Promise<BackupManifest> {
  if (existsSync(path.join(folder, MANIFEST))) {
    throw new BackupError(`${folder} holds a backup already: choose a new folder`);
  }
  const file = database.kind === 'sqlite' ? SQLITE_FILE : PG_FILE;
  if (existsSync(path.join(folder, file))) {
    throw new BackupError(`${folder} holds a ${file} already: choose a new folder`);
  }
  if (database.kind === 'sqlite' && !existsSync(database.file)) {
    throw new BackupError(`there is no database at ${database.file}`);
  }
  const made = await mkdir(folder, { recursive: true, mode: DATA_DIR_MODE });
  try {
    return await writeBackup(database, folder, now);
  } catch (error) {
    if (made) await rm(made, { recursive: true, force: true });
    else await Promise.all([file, MANIFEST].map((name) => rm(path.join(folder, name), { force: true })));
    throw error;
  }
}

/** The database and the manifest into `folder`, which holds neither. */
async function writeBackup(database: Database, folder: string, now: Date): Promise<BackupManifest> {
  let manifest: BackupManifest;
  if (database.kind === 'sqlite') {
    const target = path.join(folder, SQLITE_FILE);
    // SQLite's online backup: consistent while the server writes (WAL included).
    const source = new SQLite(database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(target);
    } finally {
      source.close();
    }
    // One self-contained file: the copy leaves WAL mode (the server puts it back when it opens it).
    const copy = new SQLite(target);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    await chmod(target, DATA_FILE_MODE);
    sqliteIntact(target);
    manifest = {
      format: 1,
      database: 'sqlite',
      file: SQLITE_FILE,
      created_at: now.toISOString(),
      migration: await lastMigrationSqlite(target),
    };
  } else {
    const target = path.join(folder, PG_FILE);
    const connection = pgConnection(database.url);
    await pgTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, connection.url],
      connection.env,
    );
    await chmod(target, DATA_FILE_MODE);
    // The dump reads back: its table of contents lists the data.
    await pgTool('pg_restore', ['--list', target]);
    manifest = {
      format: 1,
      database: 'postgres',
      file: PG_FILE,
      created_at: now.toISOString(),
      migration: await lastMigrationPg(database.url),
    };
  }
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: DATA_FILE_MODE });
  return manifest;
}

/**
 * DATABASE_URL as pg_dump and pg_restore are given it: the URL without its login, which goes in
 * their environment (PGUSER, PGPASSWORD), where `ps` does not show it to every user of the machine.
 */
function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const login = splitLogin(url);
  return {
    url: login.url,
    env: {
      ...process.env,
      ...(login.username !== null && { PGUSER: login.username }),
      ...(login.password !== null && { PGPASSWORD: login.password }),
    },
  };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(tool, args, { maxBuffer: 64 * 1024 * 1024, ...(env && { env }) });
    return stdout;
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new BackupError(`${tool} failed: ${detail}`);
  }
}

async function replaceSqlite(file: string, source: string, force = false): Promise<void> {
  if (existsSync(file) && !force) {
    throw new BackupError(`a database is at ${file}: stop the server, then restore with --force to replace it`);
  }
  // Copied beside the target, then renamed over it: the target is the old database or the whole
  // new one, never half of it. The old WAL must not be replayed over the restored file.
  const staging = `${file}.restoring`;
  const copy = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await copy.backup(staging);
  } finally {
    copy.close();
  }
  await chmod(staging, DATA_FILE_MODE);
  await rm(`${file}-wal`, { force: true });
  await rm(`${file}-shm`, { force: true });
  await rename(staging, file);
}

/** How long a restore waits for sessions that are ending (servers just stopped) before it refuses. */
const SESSIONS_END_MS = 3_000;

interface Sessions {
  /** application_name, '' when the client set none. */
  name: string;
  sessions: number;
}

/**
 * The sessions on the database other than `client`'s, by application_name (a RoomPilot server's
 * are `roompilot`). Background processes (autovacuum) have no user; to a role without
 * pg_read_all_stats another role's sessions show no backend_type.
 */
async function otherSessions(client: pg.Client): Promise<Sessions[]> {
  const deadline = Date.now() + SESSIONS_END_MS;
  for (;;) {
    const { rows } = await client.query<Sessions>(
      `select coalesce(application_name, '') as name, count(*)::int as sessions from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and usesysid is not null
          and coalesce(backend_type, 'client backend') = 'client backend'
        group by 1 order by 2 desc, 1`,
    );
    if (rows.length === 0 || Date.now() >= deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function sessionsMessage(rows: Sessions[]): string {
  const total = rows.reduce((sum, row) => sum + row.sessions, 0);
  const named = rows.map(({ name, sessions }) =>
    name === APPLICATION_NAME
      ? `${name} (a RoomPilot server): ${sessions}`
      : `${name || 'no application_name'}: ${sessions}`,
  );
  return `the database is in use by ${total} other ${total === 1 ? 'session' : 'sessions'} (application_name ${named.join('; ')}); stop ${total === 1 ? 'it' : 'them'} first`;
}

/**
 * What `npm run restore` ends with: what to do before starting a server on the restored database.
 * A data folder without the device-key secret (a restore into a new one) needs it put back: the
 * server makes none over a database with sealed keys.
 */
export function restoreNextSteps(config: Pick<Config, 'dataDir' | 'deviceKeySecret'>): string[] {
  const file = path.join(config.dataDir, DEVICE_KEY_SECRET_FILE);
  const secret =
    config.deviceKeySecret !== null || existsSync(file)
      ? []
      : [
          `there is no device-key secret here (no ${file}, DEVICE_KEY_SECRET not set): before starting the server, put the secret back from its backup as ${file} (mode 0600), or set DEVICE_KEY_SECRET; the server makes no new one over the database's sealed keys (docs/operations.md "Device-key secret")`,
        ];
  return [...secret, 'start the server: it brings the database up to its own migrations'];
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${folder} holds no RoomPilot backup (${MANIFEST} missing or unreadable)`);
  }
  if (manifest.format !== 1 || (manifest.database !== 'sqlite' && manifest.database !== 'postgres')) {
    throw new BackupError(`${folder}/${MANIFEST} is not a backup this version knows`);
  }
  if (manifest.migration && LATEST_MIGRATION && manifest.migration > LATEST_MIGRATION) {
    throw new BackupError(
      `the backup was made by a newer RoomPilot (its database is at ${manifest.migration}, this one knows up to ${LATEST_MIGRATION}): restore it with that version`,
    );
  }
  return manifest;
}

/**
 * Restores a backup over the configured database, whole or not at all. Refused while a server uses
 * the database (SQLite: a running process marks the data folder in use; PostgreSQL: other sessions
 * are connected to it), unless `ignoreInUse`. A database already there is replaced only with `force`.
 */
export async function restore(
  database: Database,
  folder: string,
  options: { force?: boolean; ignoreInUse?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  if (manifest.database !== database.kind) {
    throw new BackupError(`the backup is of ${manifest.database} and this server is set up for ${database.kind}`);
  }
  const source = path.join(folder, path.basename(manifest.file));
  if (!existsSync(source)) throw new BackupError(`the backup's database file ${source} is missing`);
  if (database.kind === 'sqlite') {
    sqliteIntact(source);
    // The folder is marked in use meanwhile: no server starts on the database being replaced.
    const release = markDataDirInUse(path.dirname(database.file), 'restore', { ignoreOthers: options.ignoreInUse });
    try {
      await replaceSqlite(database.file, source, options.force);
    } finally {
      release();
    }
    return manifest;
  }
  if (!options.ignoreInUse) {
    const sessions = await withPg(database.url, otherSessions);
    if (sessions.length > 0) throw new BackupError(sessionsMessage(sessions));
  }
  const present = await withPg(database.url, async (client) => {
    const result = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    );
    return result.rows.map((row) => row.name);
  });
  if (present.length > 0 && !options.force) {
    throw new BackupError('the database holds tables: stop the servers, then restore with --force to replace them');
  }
  // Tables the backup does not have (made by a later migration) would outlive a restore over
  // them and break the next start's migrations: such a database is left alone.
  const listed = await pgTool('pg_restore', ['--list', source]);
  const inBackup = new Set([...listed.matchAll(/ TABLE public (\S+) /g)].map((match) => match[1]));
  const extra = present.filter((name) => !inBackup.has(name));
  if (extra.length > 0) {
    throw new BackupError(
      `the database has tables the backup does not (${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', …' : ''}): restore into an empty database (createdb) and point DATABASE_URL at it`,
    );
  }
  const tables = present.length;
  const connection = pgConnection(database.url);
  // One transaction: on any error nothing of the restore stays.
  await pgTool(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${connection.url}`,
      source,
    ],
    connection.env,
  );
  return manifest;
}
