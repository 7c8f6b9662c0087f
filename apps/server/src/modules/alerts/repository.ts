import type { Insertable, Kysely } from 'kysely';
import type { AlertsTable, Database, Db, RoomEventsTable } from '../../db/schema.js';

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
