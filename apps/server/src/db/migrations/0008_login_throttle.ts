import type { Kysely } from 'kysely';

/**
 * The login throttle counts failures per user name and address (a pair's back-off) and looks for
 * a user name's last alarm in the operation log. Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('login_failures_name_ip')
    .on('login_failures')
    .columns(['user_name', 'ip', 'created_at'])
    .execute();
  await db.schema.createIndex('oplog_action_target').on('oplog').columns(['action', 'target', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('oplog_action_target').execute();
  await db.schema.dropIndex('login_failures_name_ip').execute();
}
