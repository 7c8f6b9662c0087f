import type { Kysely } from 'kysely';

/**
 * A hotel's air-conditioning energy policy (modules/airpolicy) as JSON text, once it saves one;
 * until then the policy's default applies. Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('air_policies')
    .addColumn('hotel_id', 'integer', (c) => c.primaryKey().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('air_policies').execute();
}
