import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * `column` contains `keyword`, ignoring case: SQLite's `like` ignores ASCII case by itself (and
 * costs half of `lower(column) like` on a hotel's rooms), PostgreSQL's `ilike` any case. `%`, `_`
 * and `\` in the keyword match themselves.
 */
export function contains(db: Db, column: string, keyword: string): RawBuilder<boolean> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
