import type { Kysely } from 'kysely';

/**
 * What an RCU sent, kept for the record beside what the server made of it: `device_ts` is the
 * event's `ts` as the RCU sent it (JSON text; null when it sent none), stored even when the server
 * did not believe it and stamped the event with its receive time; `device_payload` is the message's
 * text when an SOS outside the protocol was salvaged from it. Frozen in time: never import
 * application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').addColumn('device_ts', 'text').execute();
  await db.schema.alterTable('room_events').addColumn('device_payload', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('room_events').dropColumn('device_payload').execute();
  await db.schema.alterTable('room_events').dropColumn('device_ts').execute();
}
