import type { RoomSort } from '@roompilot/contract';
import { sql } from 'kysely';
import { contains } from '../../db/like.js';
import type { Db, NewRoomRow, RoomRow } from '../../db/schema.js';

export interface RoomFilter {
  building_id?: number;
  floor_num?: number;
  room_type_id?: number;
  keyword?: string;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits (17 columns). */
const INSERT_BATCH = 500;
/** Values per `in (…)` list. */
const IN_BATCH = 1000;

function filtered(db: Db, hotelId: number, filter: RoomFilter) {
  let query = db.selectFrom('rooms').where('rooms.hotel_id', '=', hotelId);
  if (filter.building_id !== undefined) query = query.where('rooms.building_id', '=', filter.building_id);
  if (filter.floor_num !== undefined) query = query.where('rooms.floor_num', '=', filter.floor_num);
  if (filter.room_type_id !== undefined) query = query.where('rooms.room_type_id', '=', filter.room_type_id);
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) =>
      eb.or([
        contains('rooms.room_num', keyword),
        contains('rooms.rcu_id', keyword),
        contains('rooms.mac', keyword),
        contains('rooms.remark', keyword),
      ]),
    );
  }
  return query;
}

/** Rooms with their building's and type's names. */
function named(db: Db, hotelId: number, filter: RoomFilter) {
  return filtered(db, hotelId, filter)
    .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
    .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .selectAll('rooms')
    .select(['buildings.name as building_name', 'room_types.name as room_type_name']);
}

export type NamedRoomRow = RoomRow & { building_name: string; room_type_name: string };

const SORT_COLUMNS = {
  room_num: 'rooms.room_num',
  floor_num: 'rooms.floor_num',
  rcu_id: 'rooms.rcu_id',
  room_type: 'room_types.name',
  building: 'buildings.name',
} as const;

/**
 * The page's ids come from the narrow index order (sorting and skipping ids, not whole rows); only
 * those rooms are then read with their names, in one statement. A page of 500 in a 5,000-room hotel
 * stays within the room list's budget (docs/benchmarks.md).
 */
export async function pageRooms(
  db: Db,
  hotelId: number,
  filter: RoomFilter,
  order: { sort: RoomSort; direction: 'asc' | 'desc' },
  page: { current: number; size: number },
): Promise<{ records: NamedRoomRow[]; total: number }> {
  const sortColumn = sql.ref(SORT_COLUMNS[order.sort]);
  let ids = filtered(db, hotelId, filter).select('rooms.id');
  if (order.sort === 'room_type') ids = ids.innerJoin('room_types', 'room_types.id', 'rooms.room_type_id');
  if (order.sort === 'building') ids = ids.innerJoin('buildings', 'buildings.id', 'rooms.building_id');
  ids = ids.orderBy(sortColumn, order.direction);
  let records = named(db, hotelId, {})
    .where(
      'rooms.id',
      'in',
      (order.sort === 'room_num' ? ids : ids.orderBy('rooms.room_num', order.direction))
        .limit(page.size)
        .offset((page.current - 1) * page.size),
    )
    .orderBy(sortColumn, order.direction);
  if (order.sort !== 'room_num') records = records.orderBy('rooms.room_num', order.direction);
  const [rows, count] = await Promise.all([
    records.execute(),
    filtered(db, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows, total: Number(count.total) };
}

/** Every matching room, by building, floor and number (exports, /allrooms). */
export function listRooms(db: Db, hotelId: number, filter: RoomFilter): Promise<NamedRoomRow[]> {
  return named(db, hotelId, filter)
    .orderBy('buildings.name')
    .orderBy('rooms.floor_num')
    .orderBy('rooms.room_num')
    .execute();
}

export function listBasicRooms(db: Db, hotelId: number, filter: RoomFilter) {
  return filtered(db, hotelId, filter)
    .select(['rooms.id', 'rooms.room_num', 'rooms.floor_num', 'rooms.building_id', 'rooms.room_type_id'])
    .orderBy('rooms.room_num')
    .execute();
}

export async function pageUpgradeRooms(
  db: Db,
  hotelId: number,
  filter: RoomFilter,
  page: { current: number; size: number },
) {
  const [records, count] = await Promise.all([
    filtered(db, hotelId, filter)
      .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
      .select([
        'rooms.id',
        'rooms.room_num',
        'rooms.floor_num',
        'room_types.name as room_type_name',
        'rooms.fw',
        'rooms.cfg',
        'rooms.ir',
      ])
      .orderBy('rooms.room_num')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    filtered(db, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

export function findRoom(db: Db, hotelId: number, id: number): Promise<NamedRoomRow | undefined> {
  return named(db, hotelId, {}).where('rooms.id', '=', id).executeTakeFirst();
}

export function findRoomByNum(db: Db, hotelId: number, roomNum: string) {
  return db
    .selectFrom('rooms')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('room_num', '=', roomNum)
    .executeTakeFirst();
}

/** Any hotel's room with this rcu_id: rcu_ids are unique across hotels. */
export function findRoomByRcuId(db: Db, rcuId: string) {
  return db.selectFrom('rooms').select('id').where('rcu_id', '=', rcuId).executeTakeFirst();
}

export async function roomNumsOfHotel(db: Db, hotelId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('rooms').select('room_num').where('hotel_id', '=', hotelId).execute();
  return new Set(rows.map((row) => row.room_num));
}

/** Which of these rcu_ids some room (of any hotel) has already. */
export async function takenRcuIds(db: Db, rcuIds: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < rcuIds.length; start += IN_BATCH) {
    const rows = await db
      .selectFrom('rooms')
      .select('rcu_id')
      .where('rcu_id', 'in', rcuIds.slice(start, start + IN_BATCH))
      .execute();
    for (const row of rows) taken.add(row.rcu_id);
  }
  return taken;
}

export async function insertRooms(db: Db, rooms: readonly NewRoomRow[]): Promise<void> {
  for (let start = 0; start < rooms.length; start += INSERT_BATCH) {
    await db
      .insertInto('rooms')
      .values(rooms.slice(start, start + INSERT_BATCH))
      .execute();
  }
}

export async function insertRoom(db: Db, room: NewRoomRow): Promise<number> {
  const { id } = await db.insertInto('rooms').values(room).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRoom(db: Db, hotelId: number, id: number, changes: Partial<NewRoomRow>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('rooms').set(changes).where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}

/** Which of these ids are rooms of the hotel, with their RCUs. */
export async function rcuIdsOfRooms(db: Db, hotelId: number, ids: readonly number[]) {
  const found: { id: number; rcu_id: string }[] = [];
  for (let start = 0; start < ids.length; start += IN_BATCH) {
    const rows = await db
      .selectFrom('rooms')
      .select(['id', 'rcu_id'])
      .where('hotel_id', '=', hotelId)
      .where('id', 'in', ids.slice(start, start + IN_BATCH))
      .execute();
    found.push(...rows);
  }
  return found;
}

/** How many of these ids are rooms of the hotel. */
export async function countOwnRooms(db: Db, hotelId: number, ids: readonly number[]): Promise<number> {
  let owned = 0;
  for (let start = 0; start < ids.length; start += IN_BATCH) {
    const row = await db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hotel_id', '=', hotelId)
      .where('id', 'in', ids.slice(start, start + IN_BATCH))
      .executeTakeFirstOrThrow();
    owned += Number(row.n);
  }
  return owned;
}

export async function deleteRooms(db: Db, hotelId: number, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IN_BATCH) {
    await db
      .deleteFrom('rooms')
      .where('hotel_id', '=', hotelId)
      .where('id', 'in', ids.slice(start, start + IN_BATCH))
      .execute();
  }
}
