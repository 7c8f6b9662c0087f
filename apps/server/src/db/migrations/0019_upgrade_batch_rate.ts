import type { Kysely } from 'kysely';

/**
 * Upgrade jobs judge their failure rate batch by batch: `accepted_batch` is the last batch whose
 * failures the engineer accepted by resuming a job that had paused itself for them (null: none),
 * so that the job goes on with the next batch instead of pausing again at once.
 * Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upgrade_jobs').addColumn('accepted_batch', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upgrade_jobs').dropColumn('accepted_batch').execute();
}
