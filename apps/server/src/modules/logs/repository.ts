import type { OplogFilter } from '@roompilot/contract';
import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import { filteredOperations } from '../oplog/repository.js';

/** The event log's filters as the queries read them: times normalised to ISO, the room by id. */
export interface EventQuery {
  room_id?: number;
  type?: string;
  from?: string;
  to?: string;
}

function filteredEvents(db: Db, hotelId: number, filter: EventQuery) {
  // A room's events are read by room alone (its index gives them in time order); the room is
  // known to be the hotel's (`roomOfHotel`). With the hotel too, SQLite walked the hotel's index.
  let query =
    filter.room_id !== undefined
      ? db.selectFrom('room_events').where('room_events.room_id', '=', filter.room_id)
      : db.selectFrom('room_events').where('room_events.hotel_id', '=', hotelId);
  if (filter.type !== undefined) query = query.where('room_events.type', '=', filter.type);
  if (filter.from !== undefined) query = query.where('room_events.event_time', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('room_events.event_time', '<=', filter.to);
  return query;
}

/** The events with their room numbers, newest first (an index on each filter keeps this a range read). */
function eventRows(db: Db, hotelId: number, filter: EventQuery) {
  return filteredEvents(db, hotelId, filter)
    .innerJoin('rooms', 'rooms.id', 'room_events.room_id')
    .select([
      'room_events.id',
      'room_events.room_id',
      'rooms.room_num',
      'rooms.room_type_id',
      'room_events.type',
      'room_events.detail',
      'room_events.event_time',
    ])
    .orderBy('room_events.event_time', 'desc')
    .orderBy('room_events.id', 'desc');
}

export async function pageEvents(db: Db, hotelId: number, filter: EventQuery, page: { current: number; size: number }) {
  const [records, count] = await Promise.all([
    eventRows(db, hotelId, filter)
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    countEventRows(db, hotelId, filter),
  ]);
  return { records, total: count };
}

export async function countEventRows(db: Db, hotelId: number, filter: EventQuery): Promise<number> {
  const row = await filteredEvents(db, hotelId, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** At most `limit` events for an export, newest first. */
export function listEvents(db: Db, hotelId: number, filter: EventQuery, limit: number) {
  return eventRows(db, hotelId, filter).limit(limit).execute();
}

/**
 * The device names of the hotel's room types among `typeIds`, by type and device key (`AC1` →
 * `Air conditioner`): the event log names devices as the templates do.
 */
export async function deviceNamesOfTypes(
  db: Db,
  hotelId: number,
  typeIds: readonly number[],
): Promise<Map<number, Record<string, string>>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('room_types')
    .select(['id', 'devices'])
    .where('hotel_id', '=', hotelId)
    .where('id', 'in', [...typeIds])
    .execute();
  return new Map(rows.map((row) => [row.id, deviceNamesOf(row.devices)]));
}

function deviceNamesOf(devices: string): Record<string, string> {
  try {
    const list: unknown = JSON.parse(devices);
    if (!Array.isArray(list)) return {};
    return Object.fromEntries(
      list.flatMap((device) =>
        typeof device?.key === 'string' && typeof device?.name === 'string' && device.name !== ''
          ? [[device.key, device.name]]
          : [],
      ),
    );
  } catch {
    return {};
  }
}

/** Whether a room is the hotel's. */
export async function roomOfHotel(db: Db, hotelId: number, roomId: number): Promise<boolean> {
  const row = await db
    .selectFrom('rooms')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('id', '=', roomId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A room of the hotel by its number (the screen's room filter). */
export async function roomIdOf(db: Db, hotelId: number, roomNum: string): Promise<number | null> {
  const row = await db
    .selectFrom('rooms')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('room_num', '=', roomNum)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The day of an ISO time column in the reader's time, `YYYY-MM-DD`: the text is UTC, shifted by
 * the reader's offset first. (PostgreSQL reads the text as a timestamp without zone: UTC as written.)
 */
export function dayOf(db: Db, column: string, utcOffsetMinutes: number): RawBuilder<string> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A literal (a whole number of minutes), not a parameter: the select and the group by must read the same.
    const minutes = sql.lit(Math.trunc(utcOffsetMinutes));
    return sql<string>`to_char(cast(${sql.ref(column)} as timestamp) + make_interval(mins => ${minutes}), 'YYYY-MM-DD')`;
  }
  return sql<string>`strftime('%Y-%m-%d', ${sql.ref(column)}, ${`${utcOffsetMinutes} minutes`})`;
}

/** The events of a span by type and day (from the hotel-type-time index alone). */
export async function countEvents(db: Db, hotelId: number, filter: EventQuery, utcOffsetMinutes: number) {
  const day = dayOf(db, 'room_events.event_time', utcOffsetMinutes);
  const rows = await filteredEvents(db, hotelId, filter)
    .select((eb) => ['room_events.type as type', day.as('day'), eb.fn.countAll<number>().as('count')])
    .groupBy(['room_events.type', day])
    .execute();
  return rows.map((row) => ({ type: row.type, day: row.day, count: Number(row.count) }));
}

/** How many days a hotel keeps each log; undefined while it has saved none (the defaults apply). */
export function findRetention(db: Db, hotelId: number) {
  return db
    .selectFrom('log_retention')
    .select(['oplog_days', 'event_days'])
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();
}

/** Saves the given days of a hotel's retention, the rest as they were (or as given in `base`). */
export async function upsertRetention(
  db: Db,
  hotelId: number,
  row: { oplog_days: number; event_days: number },
  changes: { oplog_days?: number; event_days?: number },
  at: string,
): Promise<void> {
  await db
    .insertInto('log_retention')
    .values({ hotel_id: hotelId, ...row, updated_at: at })
    .onConflict((conflict) => conflict.column('hotel_id').doUpdateSet({ ...changes, updated_at: at }))
    .execute();
}

/** Every hotel with its retention (null: the defaults). */
export function hotelsWithRetention(db: Db) {
  return db
    .selectFrom('hotels')
    .leftJoin('log_retention', 'log_retention.hotel_id', 'hotels.hotel_id')
    .select(['hotels.hotel_id', 'log_retention.oplog_days', 'log_retention.event_days'])
    .orderBy('hotels.hotel_id')
    .execute();
}

/** Deletes at most `limit` of a hotel's events older than `before`; answers how many went. */
export async function deleteOldEvents(db: Db, hotelId: number, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('room_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('room_events')
        .select('id')
        .where('hotel_id', '=', hotelId)
        .where('event_time', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes at most `limit` operations older than `before` of a hotel (null: the platform's own,
 * the Administrator's); answers how many went.
 */
export async function deleteOldOperations(
  db: Db,
  hotelId: number | null,
  before: string,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('oplog')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('oplog')
        .select('id')
        .where('hotel_id', hotelId === null ? 'is' : '=', hotelId)
        .where('created_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The operations of a span by action and day. */
export async function countOperations(db: Db, hotelId: number, filter: OplogFilter, utcOffsetMinutes: number) {
  const day = dayOf(db, 'created_at', utcOffsetMinutes);
  const rows = await filteredOperations(db, hotelId, filter)
    .select((eb) => ['action as type', day.as('day'), eb.fn.countAll<number>().as('count')])
    .groupBy(['action', day])
    .execute();
  return rows.map((row) => ({ type: row.type, day: row.day, count: Number(row.count) }));
}

export async function countOperationRows(db: Db, hotelId: number, filter: OplogFilter): Promise<number> {
  const row = await filteredOperations(db, hotelId, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** At most `limit` operations for an export, newest first. */
export function listOperations(db: Db, hotelId: number, filter: OplogFilter, limit: number) {
  return filteredOperations(db, hotelId, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
