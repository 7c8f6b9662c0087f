import type { Kysely } from 'kysely';

/**
 * Indexes for the room list's remaining orders: a building's rooms by number (the list filtered by
 * building, and sorted by building, which reads building after building) and a hotel's rooms by
 * rcu_id. Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('rooms_building_room_num')
    .on('rooms')
    .columns(['hotel_id', 'building_id', 'room_num'])
    .execute();
  await db.schema.createIndex('rooms_hotel_rcu_id').on('rooms').columns(['hotel_id', 'rcu_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rooms_hotel_rcu_id').execute();
  await db.schema.dropIndex('rooms_building_room_num').execute();
}
