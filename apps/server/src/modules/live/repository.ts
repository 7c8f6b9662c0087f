import { sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Db } from '../../db/schema.js';
import type { LastStateRecord } from './store.js';

/**
 * The rooms of a hotel as the floor view lists them, by floor and number; `last_heard` says whether
 * a last known state is kept for the room (its time; null: none).
 */
export function roomsOfHotel(db: Db, hotelId: number, filter: { floor_num?: number; building_id?: number }) {
  let query = db
    .selectFrom('rooms')
    // A room moved to another hotel keeps no last known state from its old one.
    .leftJoin('room_last_state as s', (join) =>
      join.onRef('s.room_id', '=', 'rooms.id').onRef('s.hotel_id', '=', 'rooms.hotel_id'),
    )
    .select([
      'rooms.id',
      'rooms.hotel_id',
      'rooms.building_id',
      'rooms.room_num',
      'rooms.floor_num',
      'rooms.rent',
      's.updated_at as last_heard',
    ])
    .where('rooms.hotel_id', '=', hotelId);
  if (filter.floor_num !== undefined) query = query.where('rooms.floor_num', '=', filter.floor_num);
  if (filter.building_id !== undefined) query = query.where('rooms.building_id', '=', filter.building_id);
  return query.orderBy('rooms.floor_num').orderBy('rooms.room_num').execute();
}

/** Whether a room is the hotel's (any hotel's when `hotelId` is null). */
/**
 * The names the room's type gives its devices, by key; null when there is no such room (of the
 * hotel, when one is named). A template that cannot be read names nothing.
 */
export async function roomDeviceNames(
  db: Db,
  roomId: number,
  hotelId: number | null,
): Promise<Record<string, string> | null> {
  let query = db
    .selectFrom('rooms')
    .leftJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .select('room_types.devices')
    .where('rooms.id', '=', roomId);
  if (hotelId !== null) query = query.where('rooms.hotel_id', '=', hotelId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const names: Record<string, string> = {};
  try {
    for (const device of JSON.parse(row.devices ?? '[]') as { key?: unknown; name?: unknown }[]) {
      if (typeof device.key === 'string' && typeof device.name === 'string') names[device.key] = device.name;
    }
  } catch {}
  return names;
}

/** The firmware, configuration and IR versions a room's RCU announced in its `hello` (null: not said). */
export interface RoomVersions {
  room_id: number;
  fw: string;
  cfg: string | null;
  ir: string | null;
}

/**
 * The versions RCUs announced, for many rooms in one statement (the rooms of one batch of hellos,
 * each room once): a version left out keeps the room's; only the rooms whose versions differ from
 * what the table holds are written (most RCUs reconnecting say what they said before); answers how
 * many were. The rows go as one JSON parameter, so that the statement's text is the same for any
 * number of rooms (SQLite's prepared statements are kept by text). Measured against an UPDATE … FROM (VALUES …) with four
 * parameters a row, a CASE per column and a transaction of one prepared UPDATE per room: see
 * docs/benchmarks.md, "Hello storms".
 */
export async function recordVersions(db: Db, rows: readonly RoomVersions[]): Promise<number> {
  if (rows.length === 0) return 0;
  const json = JSON.stringify(rows);
  const changed = (distinct: string) =>
    sql.raw(
      `rooms.id = v.room_id and (rooms.fw ${distinct} v.fw or (v.cfg is not null and rooms.cfg ${distinct} v.cfg) or (v.ir is not null and rooms.ir ${distinct} v.ir))`,
    );
  const set = sql`fw = v.fw, cfg = coalesce(v.cfg, rooms.cfg), ir = coalesce(v.ir, rooms.ir)`;
  const { numAffectedRows } = isPostgres(db)
    ? await sql`update rooms set ${set}
      from json_to_recordset(${json}::json) as v(room_id integer, fw text, cfg text, ir text)
      where ${changed('is distinct from')}`.execute(db)
    : await sql`update rooms set ${set}
      from (select value ->> '$.room_id' as room_id, value ->> '$.fw' as fw, value ->> '$.cfg' as cfg,
        value ->> '$.ir' as ir from json_each(${json})) as v
      where ${changed('is not')}`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/** A room's last known live state as kept in the database. */
/** Rows per upsert statement (4 parameters each: far under SQLite's and PostgreSQL's limits). */
const LAST_STATE_BATCH = 500;

/**
 * Writes rooms' last known states, one upsert statement per batch of rows; a row never replaces a
 * newer one (another server instance may have written it).
 */
export async function saveLastStates(db: Db, rows: readonly LastStateRecord[]): Promise<void> {
  for (let start = 0; start < rows.length; start += LAST_STATE_BATCH) {
    await db
      .insertInto('room_last_state')
      .values(rows.slice(start, start + LAST_STATE_BATCH))
      .onConflict((conflict) =>
        conflict
          .column('room_id')
          .doUpdateSet((eb) => ({
            hotel_id: eb.ref('excluded.hotel_id'),
            state: eb.ref('excluded.state'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .whereRef('room_last_state.updated_at', '<=', 'excluded.updated_at'),
      )
      .execute();
  }
}

/**
 * Every room's (or these rooms') last known state with the room's ids as the rooms table has them
 * now (none for a room since moved to another hotel).
 */
export function lastStates(db: Db, roomIds?: readonly number[]) {
  let query = db
    .selectFrom('room_last_state as s')
    .innerJoin('rooms as r', (join) => join.onRef('r.id', '=', 's.room_id').onRef('r.hotel_id', '=', 's.hotel_id'))
    .select(['s.room_id', 'r.hotel_id', 'r.building_id', 'r.room_num', 'r.floor_num', 's.state', 's.updated_at']);
  if (roomIds) query = query.where('s.room_id', 'in', roomIds.length > 0 ? roomIds : [-1]);
  return query.execute();
}
