import type { Insertable, Kysely } from 'kysely';
import type { AlertsTable, Database, Db, RoomEventsTable } from '../db/schema.js';

/** Stores an RCU event once: answers its row id, or null when that RCU event id was stored before. */
export async function insertEvent(db: Db, event: Insertable<RoomEventsTable>): Promise<number | null> {
  const row = await db
    .insertInto('room_events')
    .values(event)
    .onConflict((conflict) => conflict.columns(['room_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertAlert(db: Db, alert: Insertable<AlertsTable>): Promise<number> {
  const row = await db.insertInto('alerts').values(alert).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Open alerts of a hotel with their room numbers, oldest first. */
export function openAlerts(db: Db, hotelId: number) {
  return db
    .selectFrom('alerts')
    .innerJoin('rooms', 'rooms.id', 'alerts.room_id')
    .select([
      'alerts.id',
      'alerts.type',
      'alerts.room_id',
      'rooms.room_num',
      'alerts.content',
      'alerts.event_time',
      'alerts.created_at',
    ])
    .where('alerts.hotel_id', '=', hotelId)
    .where('alerts.confirmed_at', 'is', null)
    .orderBy('alerts.id')
    .execute();
}

export function findAlert(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('alerts')
    .innerJoin('rooms', 'rooms.id', 'alerts.room_id')
    .selectAll('alerts')
    .select('rooms.room_num')
    .where('alerts.hotel_id', '=', hotelId)
    .where('alerts.id', '=', id)
    .executeTakeFirst();
}

/** Confirms an open alert; answers false when it was confirmed already (by someone else). */
export async function confirmAlert(
  db: Db,
  hotelId: number,
  id: number,
  by: { userId: number; userName: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ confirmed_at: by.at, confirmed_by: by.userId, confirmed_by_name: by.userName })
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function eventsOfRoom(db: Db, roomId: number, limit = 100) {
  return db
    .selectFrom('room_events')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
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

/** A room with its RCU, if it is the hotel's (any hotel's when `hotelId` is null). */
export function findRoom(db: Db, roomId: number, hotelId: number | null) {
  let query = db.selectFrom('rooms').select(['id', 'hotel_id', 'room_num', 'rcu_id', 'rent']).where('id', '=', roomId);
  if (hotelId !== null) query = query.where('hotel_id', '=', hotelId);
  return query.executeTakeFirst();
}

export interface ControlFilter {
  room_ids?: number[];
  floor_num?: number;
  room_type_id?: number;
  building_id?: number;
}

/** The hotel's rooms a control call aims at, with their RCU and their type's device template. */
export function roomsForControl(db: Db, hotelId: number, filter: ControlFilter) {
  let query = db
    .selectFrom('rooms')
    .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .select([
      'rooms.id',
      'rooms.room_num',
      'rooms.floor_num',
      'rooms.building_id',
      'rooms.rcu_id',
      'room_types.devices',
    ])
    .where('rooms.hotel_id', '=', hotelId);
  if (filter.room_ids) query = query.where('rooms.id', 'in', filter.room_ids);
  if (filter.floor_num !== undefined) query = query.where('rooms.floor_num', '=', filter.floor_num);
  if (filter.room_type_id !== undefined) query = query.where('rooms.room_type_id', '=', filter.room_type_id);
  if (filter.building_id !== undefined) query = query.where('rooms.building_id', '=', filter.building_id);
  return query.orderBy('rooms.floor_num').orderBy('rooms.room_num').execute();
}

/** The rent state the server holds for rooms of a hotel (PROTOCOL.md: the server is its master). */
export async function setRent(db: Db, hotelId: number, roomIds: number[], rent: string): Promise<void> {
  await db.updateTable('rooms').set({ rent }).where('hotel_id', '=', hotelId).where('id', 'in', roomIds).execute();
}

/** Every hotel with the settings its alert rules read (defaults when it has no settings row). */
export function hotelsWithSettings(db: Db) {
  return db
    .selectFrom('hotels')
    .leftJoin('hotel_settings', 'hotel_settings.hotel_id', 'hotels.hotel_id')
    .select(['hotels.hotel_id', 'hotel_settings.door_open_alert_minutes', 'hotel_settings.offline_alert_minutes'])
    .execute();
}

/** A hotel's saved alert settings; undefined when it has none (the defaults apply). */
export function findSettings(db: Db, hotelId: number) {
  return db
    .selectFrom('hotel_settings')
    .select(['door_open_alert_minutes', 'offline_alert_minutes'])
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** Saves a hotel's alert settings: the row as given, or the given fields of the row it has. */
export async function upsertSettings(
  db: Db,
  hotelId: number,
  changes: { door_open_alert_minutes?: number; offline_alert_minutes?: number },
  at: string,
): Promise<void> {
  await db
    .insertInto('hotel_settings')
    .values({ hotel_id: hotelId, ...changes, updated_at: at })
    .onConflict((conflict) => conflict.column('hotel_id').doUpdateSet({ ...changes, updated_at: at }))
    .execute();
}

/**
 * A rule's alert, unless the room has an open alert of that type already (answers null then).
 * A unique index on open rule alerts settles a race between server instances.
 */
export async function insertRuleAlert(db: Kysely<Database>, alert: Insertable<AlertsTable>): Promise<number | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('alerts')
        .select('id')
        .where('room_id', '=', alert.room_id)
        .where('type', '=', alert.type)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (open) return null;
      return insertAlert(trx, alert);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
