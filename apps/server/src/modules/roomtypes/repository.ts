import type { Db, RoomTypeRow, RoomTypesTable } from '../../db/schema.js';

function withRoomCount(db: Db) {
  return db
    .selectFrom('room_types')
    .selectAll('room_types')
    .select((eb) =>
      eb
        .selectFrom('rooms')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('rooms.room_type_id', '=', 'room_types.id')
        .as('room_count'),
    );
}

const counted = <T extends { room_count: unknown }>(row: T) => ({ ...row, room_count: Number(row.room_count ?? 0) });

export async function pageRoomTypes(db: Db, hotelId: number, page: { current: number; size: number }) {
  const [records, count] = await Promise.all([
    withRoomCount(db)
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    db
      .selectFrom('room_types')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow(),
  ]);
  return { records: records.map(counted), total: Number(count.total) };
}

export function roomTypeOptions(db: Db, hotelId: number) {
  return db.selectFrom('room_types').select(['id', 'name']).where('hotel_id', '=', hotelId).orderBy('id').execute();
}

export async function findRoomType(db: Db, hotelId: number, id: number) {
  const row = await withRoomCount(db).where('hotel_id', '=', hotelId).where('id', '=', id).executeTakeFirst();
  return row && counted(row);
}

export function findRoomTypeByName(db: Db, hotelId: number, name: string) {
  return db
    .selectFrom('room_types')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function listRoomTypes(db: Db, hotelId: number) {
  return db.selectFrom('room_types').selectAll().where('hotel_id', '=', hotelId).orderBy('id').execute();
}

export function insertRoomType(db: Db, roomType: Omit<RoomTypesTable, 'id'>): Promise<RoomTypeRow> {
  return db.insertInto('room_types').values(roomType).returningAll().executeTakeFirstOrThrow();
}

export async function updateRoomType(
  db: Db,
  hotelId: number,
  id: number,
  changes: Partial<Pick<RoomTypeRow, 'name' | 'remark' | 'devices' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('room_types').set(changes).where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}

export async function deleteRoomType(db: Db, hotelId: number, id: number): Promise<void> {
  await db.deleteFrom('room_types').where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}
