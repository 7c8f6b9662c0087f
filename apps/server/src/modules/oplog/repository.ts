import type { OplogFilter } from '@roompilot/contract';
import { sql } from 'kysely';
import type { Db, NewOplogRow } from '../../db/schema.js';

export async function insertOperation(db: Db, row: NewOplogRow): Promise<void> {
  await db.insertInto('oplog').values(row).execute();
}

/** A hotel's operations that pass the filter (the log's search, counts and export). */
export function filteredOperations(db: Db, hotelId: number, filter: OplogFilter) {
  let query = db.selectFrom('oplog').where('hotel_id', '=', hotelId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.user_name) query = query.where('user_name', '=', filter.user_name);
  if (filter.from) query = query.where('created_at', '>=', new Date(filter.from).toISOString());
  if (filter.to) query = query.where('created_at', '<=', new Date(filter.to).toISOString());
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: 'target' | 'user_name' | 'action') =>
      sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like('target'), like('user_name'), like('action')]));
  }
  return query;
}

export async function pageOperations(
  db: Db,
  hotelId: number,
  filter: OplogFilter,
  page: { current: number; size: number },
) {
  const [records, count] = await Promise.all([
    filteredOperations(db, hotelId, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    filteredOperations(db, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

/** The hotel's name as it is called now, or null for a hotel that is gone. */
export async function hotelNameOf(db: Db, hotelId: number): Promise<string | null> {
  const row = await db.selectFrom('hotels').select('hotel_name').where('hotel_id', '=', hotelId).executeTakeFirst();
  return row?.hotel_name ?? null;
}
