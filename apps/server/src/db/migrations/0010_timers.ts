import type { Kysely } from 'kysely';

/**
 * Persistent timers (modules/timers): one row per pending timer, named by a unique key, so a
 * timer set before a restart still fires after it; an instance claims a due timer by deleting its
 * row, so with several instances each fires once. Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('timers')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hotel_id', 'integer', (c) => c.notNull().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('room_id', 'integer', (c) => c.references('rooms.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('timers_due').on('timers').columns(['due_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('timers').execute();
}
