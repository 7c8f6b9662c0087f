import { sql } from 'kysely';
import { contains } from '../../db/like.js';
import type { Db, HotelsTable } from '../../db/schema.js';

export type HotelFields = Omit<HotelsTable, 'hotel_id' | 'created_at' | 'two_factor_required'> & {
  two_factor_required: number;
};

function filtered(db: Db, filter: { keyword?: string; validUntil?: string }) {
  let query = db.selectFrom('hotels');
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) =>
      eb.or([
        contains(db, 'hotels.hotel_name', keyword),
        contains(db, 'hotels.city', keyword),
        contains(db, 'hotels.province', keyword),
      ]),
    );
  }
  if (filter.validUntil) query = query.where('validdate', 'is not', null).where('validdate', '<=', filter.validUntil);
  return query;
}

export async function pageHotels(
  db: Db,
  filter: { keyword?: string; validUntil?: string },
  page: { current: number; size: number },
  order: 'id' | 'validdate',
) {
  let records = filtered(db, filter)
    .selectAll('hotels')
    .select((eb) =>
      eb
        .selectFrom('rooms')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('rooms.hotel_id', '=', 'hotels.hotel_id')
        .as('room_count'),
    );
  records =
    order === 'validdate'
      ? records.orderBy(sql`case when validdate is null then 1 else 0 end`).orderBy('validdate').orderBy('hotel_id')
      : records.orderBy('hotel_id');
  const [rows, count] = await Promise.all([
    records
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({ ...row, room_count: Number(row.room_count ?? 0) })),
    total: Number(count.total),
  };
}

export async function findHotel(db: Db, hotelId: number) {
  const row = await db
    .selectFrom('hotels')
    .selectAll('hotels')
    .select((eb) =>
      eb
        .selectFrom('rooms')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('rooms.hotel_id', '=', 'hotels.hotel_id')
        .as('room_count'),
    )
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
  return row && { ...row, room_count: Number(row.room_count ?? 0) };
}

export function hotelExists(db: Db, hotelId: number) {
  return db.selectFrom('hotels').select('hotel_id').where('hotel_id', '=', hotelId).executeTakeFirst();
}

export function findHotelByName(db: Db, hotelName: string) {
  return db.selectFrom('hotels').select('hotel_id').where('hotel_name', '=', hotelName).executeTakeFirst();
}

export async function updateHotel(db: Db, hotelId: number, changes: Partial<HotelFields>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('hotels').set(changes).where('hotel_id', '=', hotelId).execute();
}

/** A user of that name, whatever its case: user names are unique so (as the users module checks). */
export function userNameTaken(db: Db, userName: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .executeTakeFirst();
}

/** Everything of a hotel, children first; the operation log keeps its rows (the audit trail). */
/** The rooms of a hotel with their RCUs. */
export function roomsOfHotel(db: Db, hotelId: number) {
  return db.selectFrom('rooms').select(['id', 'rcu_id']).where('hotel_id', '=', hotelId).execute();
}

export async function deleteHotelAndEverything(db: Db, hotelId: number): Promise<void> {
  const users = db.selectFrom('users').select('id').where('hotel_id', '=', hotelId);
  await db.deleteFrom('rooms').where('hotel_id', '=', hotelId).execute();
  await db.deleteFrom('room_types').where('hotel_id', '=', hotelId).execute();
  await db.deleteFrom('buildings').where('hotel_id', '=', hotelId).execute();
  await db.deleteFrom('sessions').where('user_id', 'in', users).execute();
  await db.deleteFrom('user_roles').where('user_id', 'in', users).execute();
  await db.deleteFrom('users').where('hotel_id', '=', hotelId).execute();
  await db.deleteFrom('roles').where('hotel_id', '=', hotelId).execute();
  await db.deleteFrom('hotels').where('hotel_id', '=', hotelId).execute();
}
