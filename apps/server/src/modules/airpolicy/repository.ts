import type { Db } from '../../db/schema.js';

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
