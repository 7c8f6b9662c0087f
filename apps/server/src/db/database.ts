import SQLite from 'better-sqlite3';
import {
  Kysely,
  type KyselyConfig,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { type Config, DATABASE_POOL_MAX_DEFAULT } from '../config.js';
import { privateFile } from '../data-dir.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

// PostgreSQL answers count(*) and other bigints as text; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Opens the configured database: a SQLite file (WAL, foreign keys on; the file made 0600 before
 * SQLite opens it, its -wal and -shm files then take its mode) or a PostgreSQL pool.
 * `onIdleError` hears of an idle pooled connection that the server ended (a restart, a failover,
 * an administrator): the pool drops that connection and opens another on the next query; without
 * a listener the pool's 'error' event would end the process. `options` (a log hook, plugins) go to
 * Kysely: the tests count statements with them.
 */
export function createDatabase(
  database: Config['database'],
  onIdleError: (error: Error) => void = () => undefined,
  options: Pick<KyselyConfig, 'log' | 'plugins'> = {},
): Kysely<Database> {
  if (database.kind === 'postgres') {
    // The pool holds DATABASE_POOL_MAX connections (10), each a PostgreSQL backend: its
    // `max_connections` must hold every instance's, and each one's URGENT_POOL_MAX.
    const pool = postgresPool(database.url, database.poolMax ?? DATABASE_POOL_MAX_DEFAULT, onIdleError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...options });
  }
  privateFile(database.file);
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // NORMAL in WAL mode: a commit survives the process ending, not the machine losing power (the
  // WAL is synced at checkpoints). What an RCU is told is stored goes through `durableTransaction`.
  sqlite.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), ...options });
}

/**
 * The server's sessions in PostgreSQL's `pg_stat_activity`, so that a restore can say that a
 * RoomPilot server is connected (an `application_name` in DATABASE_URL, or PGAPPNAME, wins).
 */
export const APPLICATION_NAME = 'roompilot';

/**
 * Fail fast when PostgreSQL is away: a connection that does not open within 5 s fails the call
 * (5000, "the database cannot be reached", HTTP 503) instead of holding it until the client gives
 * up; TCP keep-alive finds a connection whose server vanished. No query time-out: a migration on a
 * large database may rightly take minutes.
 */
function postgresPool(url: string, max: number, onIdleError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    fallback_application_name: APPLICATION_NAME,
  });
  pool.on('error', onIdleError);
  return pool;
}

/** The connections of the urgent pool (`createUrgentDatabase`), on top of DATABASE_POOL_MAX. */
export const URGENT_POOL_MAX = 2;

/**
 * On PostgreSQL, a pool of its own (URGENT_POOL_MAX connections, opened when first needed) for
 * what must never wait behind the rest: an RCU's SOS or fault, stored before it is acknowledged
 * and announced. In the one pool an SOS queued behind bulk work: when 10,000 RCUs reported their
 * first states within seconds, the air policy's writes held all ten connections and an SOS took
 * up to 4.1 s to reach a console (bench/cluster-scale.mjs). null on SQLite: its one connection
 * runs each statement at once, in the order asked.
 */
export function createUrgentDatabase(
  database: Config['database'],
  onIdleError: (error: Error) => void = () => undefined,
): Kysely<Database> | null {
  if (database.kind !== 'postgres') return null;
  const pool = postgresPool(database.url, URGENT_POOL_MAX, onIdleError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** SQLite's `synchronous` for most writes; `durableTransaction` commits with FULL. */
export const SQLITE_SYNCHRONOUS = 'NORMAL';

/**
 * A transaction whose commit is on disk when it returns, power failure included: for what an RCU
 * is then told is stored (an SOS before its acknowledgement). On SQLite the commit runs with
 * `synchronous = FULL`, which syncs the WAL (every commit before it too) and costs one fsync; the
 * one connection is held meanwhile, so that no other write commits under FULL or NORMAL by
 * mistake. On PostgreSQL every commit is durable already: `synchronous_commit` is on by default
 * (COMMIT answers once its WAL is flushed); a server set otherwise is the operator's choice.
 */
export function durableTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = FULL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql.raw(`pragma synchronous = ${SQLITE_SYNCHRONOUS}`).execute(connection);
    }
  });
}

/** Whether the database is PostgreSQL (else SQLite). */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A transaction committed as every other (`durableTransaction`'s counterpart). */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** Prepared statements kept per SQLite connection: the app's queries are a few hundred texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with two savings that halve the cost of a large read:
 * - prepared statements are kept and reused (Kysely prepares every query anew). A statement still
 *   being iterated (a streamed query) is busy, and a fresh one is prepared for the other caller.
 *   SQLite re-prepares a kept statement by itself when the schema changes (migrations).
 * - rows are read as arrays and made into objects by a function made for the statement's columns:
 *   better-sqlite3 builds each row object key by key, which cost twice as much for a page of 500
 *   rooms. The objects are the same (the last of two equal column names wins, as before).
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, KeptStatement>();
  const schemaVersion = sqlite.prepare('pragma schema_version').pluck();
  const schema = () => schemaVersion.get() as number;
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(text: string) {
      const kept = statements.get(text);
      if (kept && !kept.busy) {
        // Most recently used last: the first entry is the one to drop when the cache is full.
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = keep(sqlite.prepare(text), schema);
      if (kept) return statement;
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

type KeptStatement = SqliteStatement & { readonly busy: boolean };

/**
 * A reading statement that answers objects made from raw rows. Its columns are read again when the
 * schema changed since (`select *` after a migration, here or in another process): SQLite then
 * re-prepares the statement, and the values would no longer match the names.
 */
function keep(statement: SQLite.Statement, schema: () => number): KeptStatement {
  if (!statement.reader) return statement;
  let madeFor = -1;
  let row: (values: unknown[]) => Record<string, unknown> = () => ({});
  const current = () => {
    const version = schema();
    if (version !== madeFor) {
      row = rowMaker(statement.columns().map((column) => column.name));
      madeFor = version;
    }
    return row;
  };
  statement.raw(true);
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      const make = current();
      const objects = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) objects[i] = make(rows[i] as unknown[]);
      return objects;
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      // SQLite re-prepares at the first step: the columns are known once a row is in hand.
      let make: ((values: unknown[]) => Record<string, unknown>) | undefined;
      for (const values of statement.iterate(parameters)) {
        make ??= current();
        yield make(values as unknown[]);
      }
    },
  };
}

/**
 * A function from a row's values to the row object, written as one object literal so that every
 * row of a statement shares one shape. The names are the statement's column names, quoted.
 */
function rowMaker(names: readonly string[]): (values: unknown[]) => Record<string, unknown> {
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => Record<string, unknown>;
}

/** Brings the schema up to the latest migration; throws with the failing migration's error. */
/** What a start's migrations did: those run now, in order, and the newest this version has. */
export interface MigrationReport {
  applied: string[];
  latest: string;
}

/** The migrations the database has already run, in order ([] for a new database). */
async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/**
 * Brings the database up to this version's migrations, in order; answers which ran. A database
 * that a newer RoomPilot upgraded (a migration this version does not have) is refused with what to
 * do, rather than Kysely's "corrupted migrations".
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  const known = Object.keys(migrations).sort();
  const latest = known[known.length - 1] ?? '';
  const unknown = (await executedMigrations(db)).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `This database was upgraded by a newer RoomPilot: it has run migration ${unknown[unknown.length - 1]}, which this version (up to ${latest}) does not have. Start the newer version, or restore the backup taken before the upgrade (docs/operations.md, Upgrading RoomPilot).`,
    );
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const applied = (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
  return { applied, latest };
}

/** Resolves when the database answers a trivial query (the readiness probe's check). */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
