import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database.js';

describe('SQLite statement cache', () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite?.open) sqlite.close();
    fs.rmSync(path.dirname(sqlite.name), { recursive: true, force: true });
  });

  function open() {
    sqlite = new SQLite(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rp-cache-')), 'test.db'));
    sqlite.exec(`create table t (id integer primary key, name text, note text);
      insert into t (name, note) values ('a', null), ('b', 'x'), ('c', 'y');`);
    return withStatementCache(sqlite);
  }

  it('answers the same row objects as better-sqlite3, keys in column order', () => {
    const cached = open();
    const text = 'select id, name, note, id * 2 as "two ""ids""", name as name from t order by id';
    expect(cached.prepare(text).all([])).toEqual(sqlite.prepare(text).all());
    expect(Object.keys(cached.prepare(text).all([])[0] as object)).toEqual(['id', 'name', 'note', 'two "ids"']);
  });

  it('reuses a statement, and prepares a fresh one while the kept one is being iterated', () => {
    const cached = open();
    const text = 'select name from t order by id';
    const first = cached.prepare(text);
    expect(cached.prepare(text)).toBe(first);
    const names: unknown[] = [];
    for (const row of first.iterate([])) {
      const inner = cached.prepare(text);
      expect(inner).not.toBe(first);
      names.push((row as { name: string }).name, (inner.all([]) as unknown[]).length);
    }
    expect(names).toEqual(['a', 3, 'b', 3, 'c', 3]);
    expect(cached.prepare(text)).toBe(first);
  });

  it('runs writes and sees the schema change under a kept statement', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; name: string; note: string | null } }>({
      dialect: new SqliteDialect({ database: open() }),
    });
    const read = () => sql<Record<string, unknown>>`select * from t where id = 1`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, name: 'a', note: null }]);
    const inserted = await db.insertInto('t').values({ name: 'd', note: null }).executeTakeFirstOrThrow();
    expect(Number(inserted.insertId)).toBe(4);
    await sql`alter table t add column extra integer default 7`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, name: 'a', note: null, extra: 7 }]);
    // Another connection drops a column in the middle: the values move, and the names with them.
    const other = new SQLite(sqlite.name);
    other.exec('alter table t drop column name');
    other.close();
    expect((await read()).rows).toEqual([{ id: 1, note: null, extra: 7 }]);
    const streamed = [];
    for await (const row of db.selectFrom('t').selectAll().where('id', '<', 3).stream()) streamed.push(row);
    expect(streamed).toEqual([
      { id: 1, note: null, extra: 7 },
      { id: 2, note: 'x', extra: 7 },
    ]);
    await db.destroy();
  });
});
