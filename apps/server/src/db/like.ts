import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * `column` contains `keyword`, ignoring ASCII case on both databases, and nothing else of case:
 * SQLite's `like` does exactly that by itself; on PostgreSQL the column is lowered in the "C"
 * collation (ASCII only, and the cheapest: `ilike` cost twice as much on a hotel's rooms).
 * `%`, `_` and `\` in the keyword match themselves.
 */
export function contains(db: Db, column: string, keyword: string): RawBuilder<boolean> {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return sql<boolean>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
  }
  const lowered = escaped.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return sql<boolean>`lower(${sql.ref(column)} collate "C") like ${`%${lowered}%`} escape '\\'`;
}
