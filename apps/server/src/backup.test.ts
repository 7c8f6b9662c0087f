import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backup, restore, restoreNextSteps } from './backup.js';
import type { Config } from './config.js';
import { IN_USE_FILE } from './data-dir.js';
import { createDatabase, migrateToLatest } from './db/database.js';
import type { Database } from './db/schema.js';
import { DEVICE_KEY_SECRET_FILE } from './device-keys.js';
import { DATABASE_KINDS, describeOn, freshDatabase } from './test-support/databases.js';
import { endedPid, runningProcess } from './test-support/processes.js';

// Backup and restore (docs/operations.md "Data and backup") on a real SQLite file and a real
// PostgreSQL: what was backed up comes back, whole; what cannot be restored safely is refused
// with a reason, and the database is left as it was.

/** A hotel as the table takes it (the address fields empty, as a new hotel's are). */
const hotelRow = (hotel_name: string, created_at: string) => ({
  hotel_name,
  province: '',
  city: '',
  area: '',
  address: '',
  welcome_word: '',
  created_at,
});

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`backup and restore [${kind}]`, () => {
    let folder: string;
    let database: Config['database'];
    let drop: () => Promise<void>;
    let db: Kysely<Database>;
    const names = async () =>
      (await db.selectFrom('hotels').select('hotel_name').orderBy('hotel_name').execute()).map((row) => row.hotel_name);

    beforeAll(async () => {
      folder = mkdtempSync(path.join(os.tmpdir(), 'rp-backup-'));
      ({ database, drop } = await freshDatabase(kind, folder));
      db = createDatabase(database);
      await migrateToLatest(db);
      const at = new Date().toISOString();
      await db
        .insertInto('hotels')
        .values([hotelRow('海景酒店', at), hotelRow('Hotel Sol', at)])
        .execute();
    });

    afterAll(async () => {
      await db?.destroy();
      await drop?.();
      rmSync(folder, { recursive: true, force: true });
    });

    it('backs up while the database is in use, and restores it over later changes', async () => {
      const out = path.join(folder, 'backup-1');
      const manifest = await backup(database, out);
      expect(manifest).toMatchObject({ format: 1, database: kind, migration: expect.stringMatching(/^\d{4}_/) });
      expect(statSync(path.join(out, manifest.file)).mode & 0o077).toBe(0);
      // Refused: a folder that holds a backup already.
      await expect(backup(database, out)).rejects.toThrow(/holds a backup already/);

      await db.deleteFrom('hotels').where('hotel_name', '=', 'Hotel Sol').execute();
      await db.insertInto('hotels').values(hotelRow('Later', new Date().toISOString())).execute();
      // The server is stopped for a restore.
      await db.destroy();
      await expect(restore(database, out)).rejects.toThrow(/--force/);
      await restore(database, out, { force: true });
      db = createDatabase(database);
      await migrateToLatest(db);
      expect(await names()).toEqual(['Hotel Sol', '海景酒店']);
    });

    it('refuses a folder without a backup, a backup of the other database, and one from a newer version', async () => {
      await expect(restore(database, path.join(folder, 'nothing'))).rejects.toBeInstanceOf(BackupError);
      const out = path.join(folder, 'backup-2');
      const manifest = await backup(database, out);
      const file = path.join(out, 'manifest.json');
      const other = kind === 'sqlite' ? 'postgres' : 'sqlite';
      await writeFile(file, JSON.stringify({ ...manifest, database: other }));
      await expect(restore(database, out, { force: true })).rejects.toThrow(`the backup is of ${other}`);
      await writeFile(file, JSON.stringify({ ...manifest, migration: '9999_future' }));
      await expect(restore(database, out, { force: true })).rejects.toThrow(/newer RoomPilot/);
      expect(JSON.parse(await readFile(file, 'utf8')).migration).toBe('9999_future');
      expect(await names()).toEqual(['Hotel Sol', '海景酒店']);
    });

    it('leaves nothing behind when a backup fails', async () => {
      const broken: Config['database'] =
        kind === 'sqlite'
          ? { kind, file: path.join(folder, 'nothing-here', 'roompilot.db') }
          : { kind, url: `${(database as { url: string }).url}_not_there` };
      const out = path.join(folder, 'failed', 'backup');
      const refused = backup(broken, out);
      await expect(refused).rejects.toThrow(
        kind === 'sqlite'
          ? `there is no database at ${path.join(folder, 'nothing-here', 'roompilot.db')}`
          : /pg_dump failed/,
      );
      expect(existsSync(path.join(folder, 'failed'))).toBe(false);
      // A folder that was there stays, as empty as it was.
      const empty = path.join(folder, 'empty');
      mkdirSync(empty);
      await expect(backup(broken, empty)).rejects.toBeInstanceOf(BackupError);
      expect(readdirSync(empty)).toEqual([]);
      // One that holds a database file (the data folder by mistake) is refused before anything is written.
      const file = kind === 'sqlite' ? 'roompilot.db' : 'roompilot.pgdump';
      await writeFile(path.join(empty, file), 'mine');
      await expect(backup(database, empty)).rejects.toThrow(`${empty} holds a ${file} already: choose a new folder`);
      expect(await readFile(path.join(empty, file), 'utf8')).toBe('mine');
    });

    if (kind === 'sqlite') {
      it('refuses while a server runs on the data folder, and replaces a stale mark', async () => {
        const out = path.join(folder, 'backup-in-use');
        await backup(database, out);
        const mark = path.join(folder, IN_USE_FILE);
        const server = await runningProcess();
        try {
          await writeFile(mark, `${server.pid}\nserver\n`);
          await expect(restore(database, out, { force: true })).rejects.toThrow(
            `a RoomPilot server (pid ${server.pid}) is using this data folder (${folder}); stop it first`,
          );
          // Refused with the database as it was (the server still uses it).
          expect(await names()).toEqual(['Hotel Sol', '海景酒店']);
          expect(await readFile(mark, 'utf8')).toBe(`${server.pid}\nserver\n`);
        } finally {
          await server.end();
        }
        await db.destroy();
        // The server was killed: its mark is stale, replaced while the restore runs, then gone.
        await writeFile(mark, `${await endedPid()}\nserver\n`);
        await restore(database, out, { force: true });
        expect(existsSync(mark)).toBe(false);
        // --ignore-in-use: a pid now another program's (no RoomPilot server).
        const stranger = await runningProcess();
        try {
          await writeFile(mark, `${stranger.pid}\nserver\n`);
          await restore(database, out, { force: true, ignoreInUse: true });
        } finally {
          await stranger.end();
        }
        db = createDatabase(database);
        expect(await names()).toEqual(['Hotel Sol', '海景酒店']);
      });

      it('leaves the database as it was when the backup is damaged', async () => {
        const out = path.join(folder, 'backup-3');
        const manifest = await backup(database, out);
        const copy = path.join(out, manifest.file);
        const bytes = await readFile(copy);
        bytes.fill(0x41, 4096, bytes.length);
        await writeFile(copy, bytes);
        await db.destroy();
        await expect(restore(database, out, { force: true })).rejects.toThrow();
        expect(existsSync(`${(database as { file: string }).file}.restoring`)).toBe(false);
        db = createDatabase(database);
        expect(await names()).toEqual(['Hotel Sol', '海景酒店']);
      });
    } else {
      it('refuses while other sessions are connected, naming them by application_name', async () => {
        const out = path.join(folder, 'backup-in-use');
        await backup(database, out);
        const url = (database as { url: string }).url;
        // A server's pool (application_name roompilot) and a psql left open.
        const server = createDatabase(database);
        const psql = new pg.Client({ connectionString: url, application_name: 'psql' });
        try {
          await psql.connect();
          const own = await sql<{
            name: string;
          }>`select application_name as name from pg_stat_activity where pid = pg_backend_pid()`.execute(server);
          expect(own.rows[0]?.name).toBe('roompilot');
          await db.destroy();
          await expect(restore(database, out, { force: true })).rejects.toThrow(
            'the database is in use by 2 other sessions (application_name psql: 1; roompilot (a RoomPilot server): 1); stop them first',
          );
          await psql.end();
          await expect(restore(database, out, { force: true })).rejects.toThrow(
            'the database is in use by 1 other session (application_name roompilot (a RoomPilot server): 1); stop it first',
          );
        } finally {
          await psql.end().catch(() => undefined);
          await server.destroy();
        }
        // Sessions that are just ending are waited for.
        await restore(database, out, { force: true });
        db = createDatabase(database);
        expect(await names()).toEqual(['Hotel Sol', '海景酒店']);
      });

      it('restores into an empty database, and refuses one with tables the backup lacks', async () => {
        const out = path.join(folder, 'backup-3');
        await backup(database, out);
        const empty = await freshDatabase('postgres', folder);
        try {
          await restore(empty.database, out);
          const restored = createDatabase(empty.database);
          try {
            const rows = await restored.selectFrom('hotels').select('hotel_name').orderBy('hotel_name').execute();
            expect(rows.map((row) => row.hotel_name)).toEqual(['Hotel Sol', '海景酒店']);
            await restored.schema.createTable('made_later').addColumn('id', 'integer').execute();
          } finally {
            await restored.destroy();
          }
          await expect(restore(empty.database, out, { force: true })).rejects.toThrow(/made_later/);
        } finally {
          await empty.drop();
        }
      });
    }
  });
}

describe('what restore says to do next', () => {
  it('asks for the device-key secret when the data folder has none and DEVICE_KEY_SECRET is not set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rp-restore-next-'));
    try {
      const start = 'start the server: it brings the database up to its own migrations';
      const file = path.join(dataDir, DEVICE_KEY_SECRET_FILE);
      expect(restoreNextSteps({ dataDir, deviceKeySecret: null })).toEqual([
        `there is no device-key secret here (no ${file}, DEVICE_KEY_SECRET not set): before starting the server, put the secret back from its backup as ${file} (mode 0600), or set DEVICE_KEY_SECRET; the server makes no new one over the database's sealed keys (docs/operations.md "Device-key secret")`,
        start,
      ]);
      expect(restoreNextSteps({ dataDir, deviceKeySecret: 'a secret of at least 32 characters, set' })).toEqual([
        start,
      ]);
      await writeFile(file, 'the secret, put back from its backup\n');
      expect(restoreNextSteps({ dataDir, deviceKeySecret: null })).toEqual([start]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
