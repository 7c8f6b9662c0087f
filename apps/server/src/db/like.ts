import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `keyword`, ignoring ASCII case on both databases (PostgreSQL's `like` minds
 * case, SQLite's does not). `%`, `_` and `\` in the keyword match themselves.
 */
export function contains(column: string, keyword: string): RawBuilder<boolean> {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
