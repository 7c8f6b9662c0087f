import type { Db } from '../../db/schema.js';

/** The rooms of a hotel as the floor view lists them, by floor and number. */
export function roomsOfHotel(db: Db, hotelId: number, filter: { floor_num?: number; building_id?: number }) {
  let query = db
    .selectFrom('rooms')
    .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num', 'rent'])
    .where('hotel_id', '=', hotelId);
  if (filter.floor_num !== undefined) query = query.where('floor_num', '=', filter.floor_num);
  if (filter.building_id !== undefined) query = query.where('building_id', '=', filter.building_id);
  return query.orderBy('floor_num').orderBy('room_num').execute();
}

/** Whether a room is the hotel's (any hotel's when `hotelId` is null). */
export async function roomExists(db: Db, roomId: number, hotelId: number | null): Promise<boolean> {
  let query = db.selectFrom('rooms').select('id').where('id', '=', roomId);
  if (hotelId !== null) query = query.where('hotel_id', '=', hotelId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The firmware, configuration and IR versions an RCU announced in its `hello`. */
export async function recordVersions(db: Db, roomId: number, versions: { fw: string; cfg?: string; ir?: string }) {
  const { fw, cfg, ir } = versions;
  await db
    .updateTable('rooms')
    .set({ fw, ...(cfg !== undefined && { cfg }), ...(ir !== undefined && { ir }) })
    .where('id', '=', roomId)
    .execute();
}
