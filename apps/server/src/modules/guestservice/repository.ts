import type { Selectable } from 'kysely';
import { contains } from '../../db/like.js';
import type { Db, GoodsTable, QuestionsTable, SealedDeviceKey } from '../../db/schema.js';

/** The two lists of guest service: the same shape of rows (a hotel, a type, a unique text). */
export type GuestTable = 'goods' | 'questions';
export type GuestRow<T extends GuestTable> = T extends 'goods' ? Selectable<GoodsTable> : Selectable<QuestionsTable>;
export type GuestFields<T extends GuestTable> = Omit<GuestRow<T>, 'id' | 'hotel_id' | 'created_at'>;

/** What a keyword is looked for in, and which column is unique within a hotel. */
const SEARCHED: Record<GuestTable, readonly string[]> = {
  goods: ['goods.name', 'goods.description'],
  questions: ['questions.question', 'questions.reply'],
};
const UNIQUE = { goods: 'name', questions: 'question' } as const;

/** A row's (or a change's) unique text: a good's name, a question; undefined when a change leaves it. */
export function uniqueText(table: GuestTable, row: object): string | undefined {
  return (row as Record<string, string | undefined>)[UNIQUE[table]];
}

export interface GuestFilter {
  keyword?: string;
  type?: string;
}

/*
 * Each function names its table; the queries use only the columns both tables share (id,
 * hotel_id, type) and the table's own columns by name, so the one typed as `goods` serves both.
 */
function rowsOf(db: Db, table: GuestTable, hotelId: number, filter: GuestFilter = {}) {
  let query = db.selectFrom(table as 'goods').where('hotel_id', '=', hotelId);
  if (filter.type) query = query.where('type', '=', filter.type);
  const { keyword } = filter;
  if (keyword) query = query.where((eb) => eb.or(SEARCHED[table].map((column) => contains(db, column, keyword))));
  return query;
}

export async function pageRows<T extends GuestTable>(
  db: Db,
  table: T,
  hotelId: number,
  filter: GuestFilter,
  page: { current: number; size: number },
): Promise<{ records: GuestRow<T>[]; total: number }> {
  const [records, count] = await Promise.all([
    rowsOf(db, table, hotelId, filter)
      .selectAll()
      .orderBy('id')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    rowsOf(db, table, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records: records as GuestRow<T>[], total: Number(count.total) };
}

/** Every row of the hotel (bounded by the per-hotel maximum), in the order they were added. */
export async function allRows<T extends GuestTable>(db: Db, table: T, hotelId: number, max: number) {
  const rows = await rowsOf(db, table, hotelId).selectAll().orderBy('id').limit(max).execute();
  return rows as GuestRow<T>[];
}

export async function countRows(db: Db, table: GuestTable, hotelId: number): Promise<number> {
  const row = await rowsOf(db, table, hotelId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRow<T extends GuestTable>(db: Db, table: T, hotelId: number, id: number) {
  const row = await rowsOf(db, table, hotelId).selectAll().where('id', '=', id).executeTakeFirst();
  return row as GuestRow<T> | undefined;
}

/** The row of the hotel whose unique text (a good's name, a question) is `text`. */
export async function findByText(db: Db, table: GuestTable, hotelId: number, text: string) {
  return rowsOf(db, table, hotelId)
    .select('id')
    .where(UNIQUE[table] as 'name', '=', text)
    .executeTakeFirst();
}

export async function insertRow<T extends GuestTable>(
  db: Db,
  table: T,
  row: GuestFields<T> & { hotel_id: number; created_at: string },
): Promise<GuestRow<T>> {
  const inserted = await db
    .insertInto(table as 'goods')
    .values(row as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return inserted as GuestRow<T>;
}

export async function updateRow<T extends GuestTable>(
  db: Db,
  table: T,
  hotelId: number,
  id: number,
  changes: Partial<GuestFields<T>>,
): Promise<void> {
  await db
    .updateTable(table as 'goods')
    .set(changes as never)
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the hotel's rows among `ids`; answers those deleted (others' ids are left alone). */
export async function deleteRows<T extends GuestTable>(db: Db, table: T, hotelId: number, ids: readonly number[]) {
  const rows = await db
    .deleteFrom(table as 'goods')
    .where('hotel_id', '=', hotelId)
    .where('id', 'in', ids)
    .returningAll()
    .execute();
  return rows as GuestRow<T>[];
}

export function findWelcome(db: Db, hotelId: number) {
  return db
    .selectFrom('hotels')
    .select(['hotel_id', 'hotel_name', 'welcome_word'])
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

export async function updateWelcome(db: Db, hotelId: number, welcomeWord: string): Promise<void> {
  await db.updateTable('hotels').set({ welcome_word: welcomeWord }).where('hotel_id', '=', hotelId).execute();
}

/** The room of an rcu_id with its sealed key and its hotel's validity and welcome word. */
export function roomOfRcu(db: Db, rcuId: string) {
  return db
    .selectFrom('rooms')
    .innerJoin('hotels', 'hotels.hotel_id', 'rooms.hotel_id')
    .select(['rooms.rcu_id', 'rooms.device_key', 'rooms.hotel_id', 'hotels.validdate', 'hotels.welcome_word'])
    .where('rooms.rcu_id', '=', rcuId)
    .executeTakeFirst() as Promise<
    | { rcu_id: string; device_key: SealedDeviceKey; hotel_id: number; validdate: string | null; welcome_word: string }
    | undefined
  >;
}
