import type { Kysely } from 'kysely';

/**
 * A due timer is claimed for a while (`claimed_until`) instead of deleted, and deleted once its
 * handler has run: an instance killed in the middle of a handler (SIGKILL, power) leaves the row,
 * and another instance fires it once the claim has run out. Frozen in time: never import
 * application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('timers').addColumn('claimed_until', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('timers').dropColumn('claimed_until').execute();
}
