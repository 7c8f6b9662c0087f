import type { Kysely } from 'kysely';

/**
 * The last known live state of each room, so that a restarted server (or a restarted Redis) shows
 * the floor view as the RCUs last reported it, marked stale, until each RCU speaks again. Written
 * in batches by the live module (not once per state message). `state` is the room's flags, devices
 * and energy as JSON text; `updated_at` the ISO time the RCU was last heard. Frozen in time: never
 * import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('room_last_state')
    .addColumn('room_id', 'integer', (c) => c.primaryKey().references('rooms.id').onDelete('cascade'))
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('room_last_state_hotel').on('room_last_state').column('hotel_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('room_last_state').execute();
}
