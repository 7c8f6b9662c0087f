import type { Insertable } from 'kysely';
import type { Db, RoomEventsTable } from '../../db/schema.js';

/** The hotel's saved policy as JSON text; undefined while it has saved none. */
export async function findPolicy(db: Db, hotelId: number): Promise<string | undefined> {
  const row = await db.selectFrom('air_policies').select('policy').where('hotel_id', '=', hotelId).executeTakeFirst();
  return row?.policy;
}

export async function savePolicy(db: Db, hotelId: number, policy: string, now: string): Promise<void> {
  await db
    .insertInto('air_policies')
    .values({ hotel_id: hotelId, policy, updated_at: now })
    .onConflict((conflict) => conflict.column('hotel_id').doUpdateSet({ policy, updated_at: now }))
    .execute();
}

/** The policy's own lines in the rooms' event log (what it did, and whether the RCU took it), in one statement. */
export async function insertPolicyEvents(db: Db, events: Insertable<RoomEventsTable>[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('room_events')
    .values(events)
    .onConflict((conflict) => conflict.columns(['room_id', 'event_id']).doNothing())
    .execute();
}
