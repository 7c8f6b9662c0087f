import type { Kysely } from 'kysely';

/**
 * Power statistics: the rooms' meter readings as consumption per hour, kept as rollups written in
 * batches by the power module (never recomputed from raw readings).
 * - `power_meters`: each room's last meter reading (`energy.kwh`) and when it came, so that a
 *   restarted server counts on from it.
 * - `power_room_hours`: kWh a room used in an hour (`hour`: the hour's start, ISO UTC text).
 * - `power_totals`: the same summed per hotel by one dimension (`dim`: hotel, floor, room_type,
 *   rent) and its value (`key`: '' for the hotel, the floor number, the type id, the rent state),
 *   as they were when the energy was used: what the charts of a whole hotel read.
 * Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('power_meters')
    .addColumn('room_id', 'integer', (c) => c.primaryKey().references('rooms.id').onDelete('cascade'))
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('kwh', 'double precision', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('power_room_hours')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('kwh', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('power_room_hours_pk', ['room_id', 'hour'])
    .execute();
  await db.schema
    .createIndex('power_room_hours_hotel_hour')
    .on('power_room_hours')
    .columns(['hotel_id', 'hour', 'room_id', 'kwh'])
    .execute();
  await db.schema
    .createTable('power_totals')
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('kwh', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('power_totals_pk', ['hotel_id', 'dim', 'hour', 'key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('power_totals').execute();
  await db.schema.dropTable('power_room_hours').execute();
  await db.schema.dropTable('power_meters').execute();
}
