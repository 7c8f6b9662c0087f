import { type Kysely, sql } from 'kysely';
import type { Database, Db } from '../../db/schema.js';

/** Rows per insert statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Every room's last meter reading (read once, when the server starts). */
export function meters(db: Db) {
  return db.selectFrom('power_meters').select(['room_id', 'hotel_id', 'kwh', 'read_at']).execute();
}

/** What a batch of rooms' energy is counted under: hotel, floor, type and rent state as they are now. */
export async function roomsOf(db: Db, ids: readonly number[]) {
  const rows = [];
  for (const part of chunks(ids)) {
    rows.push(
      ...(await db
        .selectFrom('rooms')
        .select(['id', 'hotel_id', 'floor_num', 'room_type_id', 'rent'])
        .where('id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

export interface Rollups {
  meters: { room_id: number; hotel_id: number; kwh: number; read_at: string }[];
  roomHours: { room_id: number; hour: string; hotel_id: number; kwh: number }[];
  totals: { hotel_id: number; dim: string; key: string; hour: string; kwh: number }[];
}

/** Adds a batch of consumption to the rollups and saves the last readings: one transaction. */
export async function saveRollups(db: Kysely<Database>, { meters, roomHours, totals }: Rollups): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(roomHours)) {
      await trx
        .insertInto('power_room_hours')
        .values(part)
        .onConflict((conflict) =>
          conflict.columns(['room_id', 'hour']).doUpdateSet({ kwh: sql`power_room_hours.kwh + excluded.kwh` }),
        )
        .execute();
    }
    for (const part of chunks(totals)) {
      await trx
        .insertInto('power_totals')
        .values(part)
        .onConflict((conflict) =>
          conflict
            .columns(['hotel_id', 'dim', 'hour', 'key'])
            .doUpdateSet({ kwh: sql`power_totals.kwh + excluded.kwh` }),
        )
        .execute();
    }
    for (const part of chunks(meters)) {
      await trx
        .insertInto('power_meters')
        .values(part)
        .onConflict((conflict) =>
          conflict.column('room_id').doUpdateSet({ kwh: sql`excluded.kwh`, read_at: sql`excluded.read_at` }),
        )
        .execute();
    }
  });
}

/** A hotel's hourly totals by one dimension in [from, to) (ISO hour texts). */
export function totals(db: Db, hotelId: number, dim: string, from: string, to: string) {
  return db
    .selectFrom('power_totals')
    .select(['key', 'hour', 'kwh'])
    .where('hotel_id', '=', hotelId)
    .where('dim', '=', dim)
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .execute();
}

/** All a hotel's rooms used in [from, to). */
export async function hotelTotal(db: Db, hotelId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('power_totals')
    .select(({ fn }) => fn.sum<number | string | null>('kwh').as('kwh'))
    .where('hotel_id', '=', hotelId)
    .where('dim', '=', 'hotel')
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .executeTakeFirst();
  return Number(row?.kwh ?? 0);
}

/** The rooms of a hotel that used the most in [from, to), largest first, with what they are. */
export async function topRooms(db: Db, hotelId: number, from: string, to: string, limit: number) {
  const rows = await db
    .selectFrom('power_room_hours as p')
    .innerJoin('rooms', 'rooms.id', 'p.room_id')
    .leftJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .select(({ fn }) => [
      'p.room_id',
      'rooms.room_num',
      'rooms.floor_num',
      'room_types.name as room_type',
      fn.sum<number | string>('p.kwh').as('kwh'),
    ])
    .where('p.hotel_id', '=', hotelId)
    .where('p.hour', '>=', from)
    .where('p.hour', '<', to)
    .groupBy(['p.room_id', 'rooms.room_num', 'rooms.floor_num', 'room_types.name'])
    .having(({ fn }) => fn.sum('p.kwh'), '>', 0)
    .orderBy('kwh', 'desc')
    .orderBy('rooms.room_num')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, room_type: row.room_type ?? '', kwh: Number(row.kwh) }));
}

/** The hourly consumption of some rooms of a hotel in [from, to). */
export async function roomHours(db: Db, hotelId: number, roomIds: readonly number[], from: string, to: string) {
  const rows = [];
  for (const part of chunks(roomIds)) {
    rows.push(
      ...(await db
        .selectFrom('power_room_hours')
        .select(['room_id', 'hour', 'kwh'])
        .where('hotel_id', '=', hotelId)
        .where('room_id', 'in', part)
        .where('hour', '>=', from)
        .where('hour', '<', to)
        .execute()),
    );
  }
  return rows;
}

/** A hotel's room types by id (names of the room_type series). */
export function roomTypeNames(db: Db, hotelId: number) {
  return db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).execute();
}

/**
 * The policy's actions in [from, to) and what may end each (the room's next card-in or policy
 * action, up to `until`), by room and time.
 */
export function policyEvents(db: Db, hotelId: number, from: string, until: string) {
  return db
    .selectFrom('room_events')
    .select(['room_id', 'type', 'detail', 'event_time'])
    .where('hotel_id', '=', hotelId)
    .where('type', 'in', ['policy', 'card_in'])
    .where('event_time', '>=', from)
    .where('event_time', '<', until)
    .orderBy('room_id')
    .orderBy('event_time')
    .execute();
}
