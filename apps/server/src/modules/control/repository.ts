import type { Db } from '../../db/schema.js';

/** A room with its RCU, if it is the hotel's (any hotel's when `hotelId` is null). */
export function findRoom(db: Db, roomId: number, hotelId: number | null) {
  let query = db.selectFrom('rooms').select(['id', 'hotel_id', 'room_num', 'rcu_id', 'rent']).where('id', '=', roomId);
  if (hotelId !== null) query = query.where('hotel_id', '=', hotelId);
  return query.executeTakeFirst();
}

/** The rent state the server holds for these rooms (with their hotel). */
export function rentsOf(db: Db, roomIds: readonly number[]) {
  return db.selectFrom('rooms').select(['id', 'hotel_id', 'rent']).where('id', 'in', roomIds).execute();
}

export interface ControlFilter {
  room_ids?: number[];
  floor_num?: number;
  room_type_id?: number;
  building_id?: number;
}

/**
 * The hotel's rooms a control call aims at, with their RCU, their type's device template and the
 * names of their type and building (the operation log names what was picked).
 */
export function roomsForControl(db: Db, hotelId: number, filter: ControlFilter) {
  let query = db
    .selectFrom('rooms')
    .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
    .select([
      'rooms.id',
      'rooms.room_num',
      'rooms.floor_num',
      'rooms.building_id',
      'buildings.name as building_name',
      'rooms.rcu_id',
      'rooms.room_type_id',
      'room_types.name as room_type_name',
      'room_types.devices',
    ])
    .where('rooms.hotel_id', '=', hotelId);
  if (filter.room_ids) query = query.where('rooms.id', 'in', filter.room_ids);
  if (filter.floor_num !== undefined) query = query.where('rooms.floor_num', '=', filter.floor_num);
  if (filter.room_type_id !== undefined) query = query.where('rooms.room_type_id', '=', filter.room_type_id);
  if (filter.building_id !== undefined) query = query.where('rooms.building_id', '=', filter.building_id);
  return query.orderBy('rooms.floor_num').orderBy('rooms.room_num').execute();
}

/** The rent state the server holds for rooms of a hotel (PROTOCOL.md: the server is its master). */
export async function setRent(db: Db, hotelId: number, roomIds: number[], rent: string): Promise<void> {
  await db.updateTable('rooms').set({ rent }).where('hotel_id', '=', hotelId).where('id', 'in', roomIds).execute();
}
