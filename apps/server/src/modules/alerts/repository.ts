import type { AlertClearReason, AlertListState } from '@roompilot/contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AlertsTable, Database, Db, RoomEventsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';

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

/** Stores event lines in one statement (a batch of them); a line whose event id its room has already is left out. */
export async function insertEvents(db: Db, events: Insertable<RoomEventsTable>[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('room_events')
    .values(events)
    .onConflict((conflict) => conflict.columns(['room_id', 'event_id']).doNothing())
    .execute();
}

/** A text with the alert's id still to go in: what comes before it and what after. */
export type AroundId = readonly [before: string, after: string];

/**
 * PostgreSQL: an RCU event, the alert it raises and the alert's `raised` line in one statement,
 * atomic as the transaction of three inserts it stands for, in one round trip instead of five.
 * Under a flood of states each round trip waited for a turn of a busy event loop, and an SOS made
 * five of them. The `raised` line comes written (service.ts `alertEvent`) with its `event_id` and
 * `detail` cut where the new alert's id goes. Answers the alert's id, or null when the RCU's event
 * id was stored before (a repeat).
 */
export async function insertEventWithAlertPg(
  db: Kysely<Database>,
  event: Insertable<RoomEventsTable>,
  alert: { type: number; content: string; created_at: string },
  raised: { type: string; event_id: AroundId; detail: AroundId },
): Promise<number | null> {
  const { hotel_id: hotelId, room_id: roomId, event_time: eventTime } = event;
  const [idBefore, idAfter] = raised.event_id;
  const [detailBefore, detailAfter] = raised.detail;
  const { rows } = await sql<{ alert_id: number | null }>`
    with ev as (
      insert into room_events (hotel_id, room_id, event_id, type, detail, event_time, received_at, device_ts, device_payload)
      values (${hotelId}, ${roomId}, ${event.event_id}, ${event.type}, ${event.detail ?? ''}, ${eventTime},
        ${event.received_at}, ${event.device_ts ?? null}, ${event.device_payload ?? null})
      on conflict (room_id, event_id) do nothing
      returning id
    ), al as (
      insert into alerts (hotel_id, room_id, type, room_event_id, content, event_time, created_at, confirmed_at, confirmed_by, confirmed_by_name)
      select ${hotelId}::integer, ${roomId}::integer, ${alert.type}::integer, ev.id, ${alert.content}::text,
        ${eventTime}::text, ${alert.created_at}::text, null, null, '' from ev
      returning id
    ), raised as (
      insert into room_events (hotel_id, room_id, event_id, type, detail, event_time, received_at)
      select ${hotelId}::integer, ${roomId}::integer, ${idBefore}::text || al.id || ${idAfter}::text, ${raised.type}::text,
        ${detailBefore}::text || al.id || ${detailAfter}::text, ${eventTime}::text, ${eventTime}::text from al
    )
    select (select id from al) as alert_id`.execute(db);
  return rows[0]?.alert_id ?? null;
}

export async function insertAlert(db: Db, alert: Insertable<AlertsTable>): Promise<number> {
  const row = await db.insertInto('alerts').values(alert).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** How many alerts are open (neither confirmed nor cleared), by type, every hotel together (the metrics). */
export async function countOpenAlertsByType(db: Db): Promise<{ type: number; count: number }[]> {
  const rows = await db
    .selectFrom('alerts')
    .select(['type', (eb) => eb.fn.countAll<number>().as('count')])
    .where('confirmed_at', 'is', null)
    .where('cleared_at', 'is', null)
    .groupBy('type')
    .execute();
  return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
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
    .where('alerts.cleared_at', 'is', null)
    .orderBy('alerts.id')
    .execute();
}

/** Open alerts of a hotel, or of one room, of the given types: what may clear by itself. */
export function openAlertsOfTypes(db: Db, where: { hotelId: number } | { roomId: number }, types: readonly number[]) {
  let query = db
    .selectFrom('alerts')
    .select(['id', 'hotel_id', 'room_id', 'type', 'created_at', 'held_at'])
    .where('confirmed_at', 'is', null)
    .where('cleared_at', 'is', null)
    .where('type', 'in', [...types]);
  query = 'hotelId' in where ? query.where('hotel_id', '=', where.hotelId) : query.where('room_id', '=', where.roomId);
  return query.orderBy('id').execute();
}

/** Records an open alert as cleared; false when it was confirmed or cleared meanwhile. */
export async function clearAlert(db: Db, id: number, reason: AlertClearReason, at: string): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ cleared_at: at, cleared_reason: reason })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The condition of a room's open alert of that type is still holding (a flood going on). */
export async function holdOpenAlert(db: Db, roomId: number, type: number, at: string): Promise<void> {
  await db
    .updateTable('alerts')
    .set({ held_at: at })
    .where('room_id', '=', roomId)
    .where('type', '=', type)
    .where('confirmed_at', 'is', null)
    .where('cleared_at', 'is', null)
    .execute();
}

export interface AlertListFilter {
  state: AlertListState;
  type?: number;
  room_num?: string;
  /** ISO times, normalised. */
  from?: string;
  to?: string;
}

function listed(db: Db, hotelId: number, filter: AlertListFilter) {
  let query = db
    .selectFrom('alerts')
    .innerJoin('rooms', 'rooms.id', 'alerts.room_id')
    .where('alerts.hotel_id', '=', hotelId);
  if (filter.state === 'open') {
    query = query.where('alerts.confirmed_at', 'is', null).where('alerts.cleared_at', 'is', null);
  } else if (filter.state === 'closed') {
    query = query.where((eb) =>
      eb.or([eb('alerts.confirmed_at', 'is not', null), eb('alerts.cleared_at', 'is not', null)]),
    );
  }
  if (filter.type !== undefined) query = query.where('alerts.type', '=', filter.type);
  if (filter.room_num !== undefined) query = query.where('rooms.room_num', '=', filter.room_num);
  if (filter.from !== undefined) query = query.where('alerts.event_time', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('alerts.event_time', '<=', filter.to);
  return query;
}

/** A page of a hotel's alerts, newest first, with how each ended. */
export async function pageAlerts(
  db: Db,
  hotelId: number,
  filter: AlertListFilter,
  page: { current: number; size: number },
) {
  const [records, count] = await Promise.all([
    listed(db, hotelId, filter)
      .select([
        'alerts.id',
        'alerts.type',
        'alerts.room_id',
        'rooms.room_num',
        'alerts.content',
        'alerts.event_time',
        'alerts.confirmed_at',
        'alerts.confirmed_by_name',
        'alerts.cleared_at',
        'alerts.cleared_reason',
      ])
      .orderBy('alerts.event_time', 'desc')
      .orderBy('alerts.id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    listed(db, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
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

/** Confirms an open alert; answers false when it was confirmed (by someone else) or cleared already. */
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
    .where('cleared_at', 'is', null)
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
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
      if (open) return null;
      return insertAlert(trx, alert);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
