import { type Kysely, sql } from 'kysely';

/**
 * Alerts whose condition ended close by themselves (door closed, RCU back online, window closed or
 * AC off, a flood over): `cleared_at` and `cleared_reason` record when and why. `held_at` is when
 * the condition was last reported still holding (a flood's drops go on). An alert is open while it
 * is neither confirmed nor cleared: the one-open-rule-alert index and the open-alerts index say so,
 * and the alert list reads a hotel's alerts by time. Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alerts').addColumn('cleared_at', 'text').execute();
  await db.schema.alterTable('alerts').addColumn('cleared_reason', 'text').execute();
  await db.schema.alterTable('alerts').addColumn('held_at', 'text').execute();
  await db.schema.dropIndex('alerts_open_rule').execute();
  await sql`create unique index alerts_open_rule on alerts (room_id, type) where confirmed_at is null and cleared_at is null and type in (2, 3, 4)`.execute(
    db,
  );
  await db.schema.dropIndex('alerts_hotel_open').execute();
  await sql`create index alerts_hotel_open on alerts (hotel_id, id) where confirmed_at is null and cleared_at is null`.execute(
    db,
  );
  await db.schema.createIndex('alerts_hotel_time').on('alerts').columns(['hotel_id', 'event_time', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_hotel_time').execute();
  await db.schema.dropIndex('alerts_hotel_open').execute();
  await db.schema.createIndex('alerts_hotel_open').on('alerts').columns(['hotel_id', 'confirmed_at', 'id']).execute();
  await db.schema.dropIndex('alerts_open_rule').execute();
  // A cleared alert was closed: confirmed_at keeps it out of the old index's open alerts.
  await sql`update alerts set confirmed_at = cleared_at where confirmed_at is null and cleared_at is not null`.execute(
    db,
  );
  await sql`create unique index alerts_open_rule on alerts (room_id, type) where confirmed_at is null and type in (2, 3, 4)`.execute(
    db,
  );
  await db.schema.alterTable('alerts').dropColumn('held_at').execute();
  await db.schema.alterTable('alerts').dropColumn('cleared_reason').execute();
  await db.schema.alterTable('alerts').dropColumn('cleared_at').execute();
}
