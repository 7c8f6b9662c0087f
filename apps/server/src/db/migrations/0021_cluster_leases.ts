import type { Kysely } from 'kysely';

/**
 * Background work that must run once in the cluster (the alert rules' sweep, log retention):
 * a lease per job, held by one server instance until it expires. An instance that stops renewing
 * it (stopped, killed) loses it within one lease, and another takes the work over.
 * Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cluster_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cluster_leases').execute();
}
