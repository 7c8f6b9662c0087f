import type { RoomSort } from '@roompilot/contract';
import type { SelectQueryBuilder } from 'kysely';
import { contains } from '../../db/like.js';
import type { Database, Db, NewRoomRow, RoomRow, SealedDeviceKey } from '../../db/schema.js';

export interface RoomFilter {
  building_id?: number;
  floor_num?: number;
  room_type_id?: number;
  keyword?: string;
}

/** The upgrade list's filters: the rooms' own, versions exactly, and the rooms among `ids` (online or not). */
export interface UpgradeRoomFilter extends RoomFilter {
  fw?: string;
  cfg?: string;
  ir?: string;
  params_version?: string;
  ids?: readonly number[];
}

function upgradeFiltered(db: Db, hotelId: number, filter: UpgradeRoomFilter) {
  let query = filtered(db, hotelId, filter);
  for (const column of ['fw', 'cfg', 'ir', 'params_version'] as const) {
    const version = filter[column];
    if (version !== undefined) query = query.where(`rooms.${column}`, '=', version);
  }
  const ids = filter.ids;
  if (ids) {
    const chunks = Array.from({ length: Math.ceil(ids.length / IN_BATCH) }, (_, i) =>
      ids.slice(i * IN_BATCH, (i + 1) * IN_BATCH),
    );
    query = query.where((eb) => eb.or(chunks.map((chunk) => eb('rooms.id', 'in', chunk))));
  }
  return query;
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
        contains(db, 'rooms.room_num', keyword),
        contains(db, 'rooms.rcu_id', keyword),
        contains(db, 'rooms.mac', keyword),
        contains(db, 'rooms.remark', keyword),
      ]),
    );
  }
  return query;
}

/** What a room is answered with (API.md), less the names that come from its building and type. */
const ROOM_FIELDS = [
  'rooms.id',
  'rooms.hotel_id',
  'rooms.building_id',
  'rooms.room_type_id',
  'rooms.room_num',
  'rooms.floor_num',
  'rooms.rcu_id',
  'rooms.mac',
  'rooms.remark',
  'rooms.validdate',
  'rooms.versiontime',
  'rooms.pubdate',
  'rooms.fw',
  'rooms.cfg',
  'rooms.ir',
  'rooms.device_key',
] as const;

/** Rooms with their building's and type's names. */
function named(db: Db, hotelId: number, filter: RoomFilter) {
  return filtered(db, hotelId, filter)
    .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
    .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .select(ROOM_FIELDS)
    .select(['buildings.name as building_name', 'room_types.name as room_type_name']);
}

type RoomFields = Pick<RoomRow, (typeof ROOM_FIELDS)[number] extends `rooms.${infer F}` ? F : never>;

/**
 * The hotel's building and type names by id, read apart (a hotel has a handful of each) rather than
 * joined to every room of a page: half a millisecond less for a page of 500.
 */
async function namesOfHotel(db: Db, hotelId: number) {
  const [buildings, types] = await Promise.all([
    db.selectFrom('buildings').select(['id', 'name']).where('hotel_id', '=', hotelId).execute(),
    db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).execute(),
  ]);
  const building = new Map(buildings.map((row) => [row.id, row.name]));
  const type = new Map(types.map((row) => [row.id, row.name]));
  return {
    building,
    type,
    /** The room (as read for the page, not shared) with its names. */
    name(room: RoomFields): NamedRoomRow {
      const named = room as NamedRoomRow;
      named.building_name = building.get(room.building_id) ?? '';
      named.room_type_name = type.get(room.room_type_id) ?? '';
      return named;
    },
  };
}

export type NamedRoomRow = RoomFields & {
  building_name: string;
  room_type_name: string;
};

/** Sorts by a column of the room; ties go by room number. Each has an index that ends in room_num. */
const ROOM_SORT_COLUMNS = {
  room_num: 'rooms.room_num',
  floor_num: 'rooms.floor_num',
  rcu_id: 'rooms.rcu_id',
} as const;

/** Sorts by the name of the room's type or building: the room's column that points there. */
const PARENT_SORT_COLUMNS = {
  room_type: 'rooms.room_type_id',
  building: 'rooms.building_id',
} as const;

/** Names in the order people read them: letters before case, "Building 2" before "Building 10". */
const NAMES = new Intl.Collator('en', { numeric: true });

type Direction = 'asc' | 'desc';
type Window = { offset: number; size: number };

/**
 * One page of rooms, its ids read from an index (no sort of the hotel's rooms), its rooms then
 * looked up by id with their names. A page of 500 in a 5,000-room hotel stays within the room
 * list's budget (docs/benchmarks.md).
 */
export async function pageRooms(
  db: Db,
  hotelId: number,
  filter: RoomFilter,
  order: { sort: RoomSort; direction: Direction },
  page: { current: number; size: number },
): Promise<{ records: NamedRoomRow[]; total: number }> {
  const window = { offset: (page.current - 1) * page.size, size: page.size };
  if (order.sort === 'room_type' || order.sort === 'building') {
    return roomsByParentName(db, hotelId, filter, order.sort, order.direction, window);
  }
  const column = ROOM_SORT_COLUMNS[order.sort];
  const sorted = <Q extends SelectQueryBuilder<Database, 'rooms', object>>(query: Q): Q =>
    (order.sort === 'room_num'
      ? query.orderBy(column, order.direction)
      : query.orderBy(column, order.direction).orderBy('rooms.room_num', order.direction)) as Q;
  const ids = sorted(filtered(db, hotelId, filter).select('rooms.id'));
  if (filter.keyword) {
    // A keyword is matched row by row: one pass gives the page and the count, rather than two.
    const all = await ids.execute();
    const pageIds = all.slice(window.offset, window.offset + window.size).map((row) => row.id);
    return { records: await roomsInOrder(db, hotelId, pageIds), total: all.length };
  }
  // The page and the count at once (two connections on PostgreSQL): every round trip counts there.
  const [rows, count, named] = await Promise.all([
    sorted(db.selectFrom('rooms').select(ROOM_FIELDS))
      .where('rooms.id', 'in', ids.limit(window.size).offset(window.offset))
      .execute(),
    filtered(db, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    namesOfHotel(db, hotelId),
  ]);
  return { records: rows.filter((row) => row.hotel_id === hotelId).map(named.name), total: Number(count.total) };
}

/**
 * These rooms of the hotel with their names, in the order of `ids`. By id alone: with the hotel in
 * the statement too, SQLite would walk the hotel's index instead of looking up the ids; each row's
 * hotel is checked here instead. A room deleted meanwhile leaves the page one shorter, never wrong.
 */
async function roomsInOrder(db: Db, hotelId: number, ids: readonly number[]): Promise<NamedRoomRow[]> {
  if (ids.length === 0) return [];
  const [rows, named] = await Promise.all([
    db.selectFrom('rooms').select(ROOM_FIELDS).where('rooms.id', 'in', ids).execute(),
    namesOfHotel(db, hotelId),
  ]);
  const place = new Map(ids.map((id, index) => [id, index]));
  const records: NamedRoomRow[] = new Array(ids.length);
  let found = 0;
  for (const row of rows) {
    if (row.hotel_id !== hotelId) continue;
    records[place.get(row.id) as number] = named.name(row);
    found++;
  }
  return found === ids.length ? records : records.filter(Boolean);
}

/**
 * Rooms sorted by their type's (or building's) name, then number. A hotel has a few types and
 * buildings: their rooms are counted per type from the index, the types put in name order, and
 * the page read type after type from the (hotel, type, room_num) index, skipping whole types
 * before the page, instead of sorting every room of the hotel by a joined name.
 */
async function roomsByParentName(
  db: Db,
  hotelId: number,
  filter: RoomFilter,
  sort: keyof typeof PARENT_SORT_COLUMNS,
  direction: Direction,
  window: Window,
): Promise<{ records: NamedRoomRow[]; total: number }> {
  const column = PARENT_SORT_COLUMNS[sort];
  const [counts, named] = await Promise.all([
    filtered(db, hotelId, filter)
      .select((eb) => [eb.ref(column).as('parent_id'), eb.fn.countAll<number>().as('rooms')])
      .groupBy(column)
      .execute(),
    namesOfHotel(db, hotelId),
  ]);
  const nameOf = sort === 'room_type' ? named.type : named.building;
  const ordered = counts
    .map((row) => ({ id: row.parent_id, name: nameOf.get(row.parent_id) ?? '', rooms: Number(row.rooms) }))
    .sort((a, b) => NAMES.compare(a.name, b.name) || a.id - b.id);
  if (direction === 'desc') ordered.reverse();

  const records: NamedRoomRow[] = [];
  let skip = window.offset;
  for (const parent of ordered) {
    if (records.length === window.size) break;
    if (skip >= parent.rooms) {
      skip -= parent.rooms;
      continue;
    }
    const ids = filtered(db, hotelId, filter)
      .where(column, '=', parent.id)
      .select('rooms.id')
      .orderBy('rooms.room_num', direction)
      .limit(window.size - records.length)
      .offset(skip);
    const rows = await db
      .selectFrom('rooms')
      .select(ROOM_FIELDS)
      .where('rooms.id', 'in', ids)
      .orderBy('rooms.room_num', direction)
      .execute();
    for (const row of rows) if (row.hotel_id === hotelId) records.push(named.name(row));
    skip = 0;
  }
  return { records, total: ordered.reduce((sum, parent) => sum + parent.rooms, 0) };
}

/**
 * Every matching room, by building (its name as people read it, as the list sorts it), floor and
 * number (exports, /allrooms).
 */
export async function listRooms(db: Db, hotelId: number, filter: RoomFilter): Promise<NamedRoomRow[]> {
  const rows = await named(db, hotelId, filter)
    .orderBy('rooms.building_id')
    .orderBy('rooms.floor_num')
    .orderBy('rooms.room_num')
    .execute();
  // A stable sort: each building's rooms keep their floor and number order.
  return rows.sort((a, b) => NAMES.compare(a.building_name, b.building_name) || a.building_id - b.building_id);
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
  filter: UpgradeRoomFilter,
  page: { current: number; size: number },
) {
  const [records, count] = await Promise.all([
    upgradeFiltered(db, hotelId, filter)
      .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
      .select([
        'rooms.id',
        'rooms.room_num',
        'rooms.floor_num',
        'rooms.building_id',
        'room_types.name as room_type_name',
        'rooms.fw',
        'rooms.cfg',
        'rooms.ir',
        'rooms.params_version',
        'rooms.versiontime',
      ])
      .orderBy('rooms.room_num')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    upgradeFiltered(db, hotelId, filter)
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

/** Which of these ids are rooms of the hotel, with their numbers and RCUs. */
export async function roomsOfIds(db: Db, hotelId: number, ids: readonly number[]) {
  const found: { id: number; room_num: string; rcu_id: string }[] = [];
  for (let start = 0; start < ids.length; start += IN_BATCH) {
    const rows = await db
      .selectFrom('rooms')
      .select(['id', 'room_num', 'rcu_id'])
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

/** Rooms (of every hotel) whose device key is stored as it was before sealing: no `v1:` prefix. */
export function unsealedDeviceKeys(db: Db): Promise<{ id: number; device_key: string }[]> {
  return db
    .selectFrom('rooms')
    .select(['id', 'device_key'])
    .where('device_key', 'not like', 'v1:%' as SealedDeviceKey)
    .execute();
}

/** Some sealed device keys (of any hotel), all when `limit` is undefined. */
export function sealedDeviceKeys(db: Db, limit?: number): Promise<{ id: number; device_key: string }[]> {
  const query = db
    .selectFrom('rooms')
    .select(['id', 'device_key'])
    .where('device_key', 'like', 'v1:%' as SealedDeviceKey)
    .orderBy('id');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** How many rooms' keys are stored sealed (of every hotel). */
export async function countSealedDeviceKeys(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_key', 'like', 'v1:%' as SealedDeviceKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces a room's stored key when it is still `was` (a key regenerated meanwhile is left alone). */
export async function replaceDeviceKey(db: Db, id: number, was: string, sealed: SealedDeviceKey): Promise<void> {
  await db
    .updateTable('rooms')
    .set({ device_key: sealed })
    .where('id', '=', id)
    .where('device_key', '=', was as SealedDeviceKey)
    .execute();
}
