import type { Db } from '../../db/schema.js';

/** The rooms of a hotel as the floor view lists them, by floor and number. */
export function roomsOfHotel(db: Db, hotelId: number, filter: { floor_num?: number; building_id?: number }) {
  let query = db
    .selectFrom('rooms')
    .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num', 'rent'])
    .where('hotel_id', '=', hotelId);
  if (filter.floor_num !== undefined) query = query.where('floor_num', '=', filter.floor_num);
  if (filter.building_id !== undefined) query = query.where('building_id', '=', filter.building_id);
  return query.orderBy('floor_num').orderBy('room_num').execute();
}

/** Whether a room is the hotel's (any hotel's when `hotelId` is null). */
export async function roomExists(db: Db, roomId: number, hotelId: number | null): Promise<boolean> {
  let query = db.selectFrom('rooms').select('id').where('id', '=', roomId);
  if (hotelId !== null) query = query.where('hotel_id', '=', hotelId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The firmware, configuration and IR versions an RCU announced in its `hello`. */
export async function recordVersions(db: Db, roomId: number, versions: { fw: string; cfg?: string; ir?: string }) {
  const { fw, cfg, ir } = versions;
  await db
    .updateTable('rooms')
    .set({ fw, ...(cfg !== undefined && { cfg }), ...(ir !== undefined && { ir }) })
    .where('id', '=', roomId)
    .execute();
}

/** A room's last known live state as kept in the database. */
export interface LastStateRow {
  room_id: number;
  hotel_id: number;
  /** JSON text: the flags, devices and energy the RCU last reported. */
  state: string;
  updated_at: string;
}

/** Rows per upsert statement (4 parameters each: far under SQLite's and PostgreSQL's limits). */
const LAST_STATE_BATCH = 500;

/**
 * Writes rooms' last known states, one upsert statement per batch of rows; a row never replaces a
 * newer one (another server instance may have written it).
 */
export async function saveLastStates(db: Db, rows: readonly LastStateRow[]): Promise<void> {
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

/** Every room's last known state with the room's ids as the rooms table has them now. */
export function lastStates(db: Db) {
  return db
    .selectFrom('room_last_state as s')
    .innerJoin('rooms as r', 'r.id', 's.room_id')
    .select(['s.room_id', 'r.hotel_id', 'r.building_id', 'r.room_num', 'r.floor_num', 's.state', 's.updated_at'])
    .execute();
}
