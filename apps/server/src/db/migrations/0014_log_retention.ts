import type { Kysely } from 'kysely';

/**
 * Log statistics: how many days each hotel keeps its operation log and its event log (no row:
 * the defaults), and the indexes the logs' searches, counts and clean-up read: the event log by
 * hotel and time, by room and time, by hotel, type and time (which also counts a span by type
 * and day from the index alone); the operation log by user and by action. The event log's old
 * index on the receive time is replaced by the one on the event's time, which every query uses.
 * An index on alerts' event reference keeps deleting old events from scanning the alerts.
 * Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('log_retention')
    .addColumn('hotel_id', 'integer', (c) => c.primaryKey().references('hotels.hotel_id').onDelete('cascade'))
    .addColumn('oplog_days', 'integer', (c) => c.notNull())
    .addColumn('event_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropIndex('room_events_hotel_time').execute();
  await db.schema
    .createIndex('room_events_hotel_at')
    .on('room_events')
    .columns(['hotel_id', 'event_time', 'id'])
    .execute();
  await db.schema
    .createIndex('room_events_room_at')
    .on('room_events')
    .columns(['room_id', 'event_time', 'id'])
    .execute();
  await db.schema
    .createIndex('room_events_hotel_type_at')
    .on('room_events')
    .columns(['hotel_id', 'type', 'event_time', 'id'])
    .execute();
  await db.schema.createIndex('alerts_room_event').on('alerts').column('room_event_id').execute();
  await db.schema
    .createIndex('oplog_hotel_user')
    .on('oplog')
    .columns(['hotel_id', 'user_name', 'created_at'])
    .execute();
  await db.schema.createIndex('oplog_hotel_action').on('oplog').columns(['hotel_id', 'action', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('oplog_hotel_action').execute();
  await db.schema.dropIndex('oplog_hotel_user').execute();
  await db.schema.dropIndex('alerts_room_event').execute();
  await db.schema.dropIndex('room_events_hotel_type_at').execute();
  await db.schema.dropIndex('room_events_room_at').execute();
  await db.schema.dropIndex('room_events_hotel_at').execute();
  await db.schema
    .createIndex('room_events_hotel_time')
    .on('room_events')
    .columns(['hotel_id', 'received_at'])
    .execute();
  await db.schema.dropTable('log_retention').execute();
}
