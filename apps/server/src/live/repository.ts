import type { Insertable } from 'kysely';
import type { AlertsTable, Db, RoomEventsTable } from '../db/schema.js';

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
    .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
    .where('hotel_id', '=', hotelId);
  if (filter.floor_num !== undefined) query = query.where('floor_num', '=', filter.floor_num);
  if (filter.building_id !== undefined) query = query.where('building_id', '=', filter.building_id);
  return query.orderBy('floor_num').orderBy('room_num').execute();
}

/** A room with its RCU, if it is the hotel's (any hotel's when `hotelId` is null). */
export function findRoom(db: Db, roomId: number, hotelId: number | null) {
  let query = db.selectFrom('rooms').select(['id', 'hotel_id', 'room_num', 'rcu_id']).where('id', '=', roomId);
  if (hotelId !== null) query = query.where('hotel_id', '=', hotelId);
  return query.executeTakeFirst();
}
