import { type Kysely, sql } from 'kysely';

/**
 * The rent state the server holds for each room (PROTOCOL.md: the server is its master and pushes
 * it down), and at most one open alert per room and rule type (door open long 2, RCU offline 3,
 * window open with the AC on 4), so that server instances sweeping at once raise it once.
 * Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rooms').addColumn('rent', 'text').execute();
  await sql`create unique index alerts_open_rule on alerts (room_id, type) where confirmed_at is null and type in (2, 3, 4)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_open_rule').execute();
  await db.schema.alterTable('rooms').dropColumn('rent').execute();
}
