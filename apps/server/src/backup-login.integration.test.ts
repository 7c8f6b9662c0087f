import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from './backup.js';
import type { Config } from './config.js';
import { createDatabase, migrateToLatest } from './db/database.js';
import { freshDatabase } from './test-support/databases.js';

// `npm run backup` and `restore` on PostgreSQL gave pg_dump and pg_restore DATABASE_URL whole,
// password included, on their command line, which `ps` shows every user of the machine. Here the
// real tools run behind wrappers that write down what each was given: the URL without its login,
// the login in their environment.

const PASSWORD = 'S3cret#Pg:pw/?';

/** Where `tool` is on PATH (the real one, found before the wrappers are put first). */
function onPath(tool: string): string {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(folder, tool);
    if (folder && existsSync(file)) return file;
  }
  throw new Error(`${tool} is not installed (the Debian package postgresql-client)`);
}

describe('backup and restore keep the password off the command line [postgres]', () => {
  let folder: string;
  let database: Extract<Config['database'], { kind: 'postgres' }>;
  let drop: () => Promise<void>;
  let withLogin: typeof database;
  let log: string;
  let path0: string | undefined;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'rp-backup-login-'));
    const fresh = await freshDatabase('postgres', folder);
    drop = fresh.drop;
    if (fresh.database.kind !== 'postgres') throw new Error('freshDatabase made no PostgreSQL database');
    database = fresh.database;
    const db = createDatabase(database);
    await migrateToLatest(db);
    await db.destroy();
    const url = new URL(database.url);
    url.password = PASSWORD;
    withLogin = { ...database, url: url.href };
    log = path.join(folder, 'tools.log');
    const bin = path.join(folder, 'bin');
    mkdirSync(bin);
    for (const tool of ['pg_dump', 'pg_restore']) {
      const wrapper = `#!/bin/sh\nprintf '%s\\n' "${tool} $*" "  PGUSER=$PGUSER PGPASSWORD=$PGPASSWORD" >> '${log}'\nexec '${onPath(tool)}' "$@"\n`;
      writeFileSync(path.join(bin, tool), wrapper, { mode: 0o755 });
    }
    path0 = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${path0}`;
  });

  afterAll(async () => {
    process.env.PATH = path0;
    await drop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives pg_dump and pg_restore the URL without its login, and the login in their environment', async () => {
    expect(withLogin.url).toContain(':S3cret%23Pg%3Apw%2F%3F@');
    const out = path.join(folder, 'backup');
    await backup(withLogin, out);
    await restore(withLogin, out, { force: true });

    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(lines.join('\n')).not.toMatch(/S3cret%23/);
    const withoutLogin = database.url.replace(/\/\/[^@/]*@/, '//');
    const connecting = lines.flatMap((line, at) => (line.includes(withoutLogin) ? [{ line, env: lines[at + 1] }] : []));
    expect(connecting.map(({ line }) => line.split(' ')[0])).toEqual(['pg_dump', 'pg_restore']);
    expect(connecting[1]?.line).toContain(`--dbname=${withoutLogin}`);
    for (const { line, env } of connecting) {
      expect(line).not.toContain('S3cret');
      expect(env).toBe(`  PGUSER=postgres PGPASSWORD=${PASSWORD}`);
    }
  });
});
