import type { BuildingRow, BuildingsTable, Db } from '../../db/schema.js';

function withRoomCount(db: Db) {
  return db
    .selectFrom('buildings')
    .selectAll('buildings')
    .select((eb) =>
      eb
        .selectFrom('rooms')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('rooms.building_id', '=', 'buildings.id')
        .as('room_count'),
    );
}

const counted = <T extends { room_count: unknown }>(row: T) => ({ ...row, room_count: Number(row.room_count ?? 0) });

export async function pageBuildings(db: Db, hotelId: number, page: { current: number; size: number }) {
  const [records, count] = await Promise.all([
    withRoomCount(db)
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    db
      .selectFrom('buildings')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow(),
  ]);
  return { records: records.map(counted), total: Number(count.total) };
}

export async function findBuilding(db: Db, hotelId: number, id: number) {
  const row = await withRoomCount(db).where('hotel_id', '=', hotelId).where('id', '=', id).executeTakeFirst();
  return row && counted(row);
}

export function findBuildingByName(db: Db, hotelId: number, name: string) {
  return db
    .selectFrom('buildings')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The hotel's first building: where rooms go when no building is named. */
export function firstBuilding(db: Db, hotelId: number) {
  return db
    .selectFrom('buildings')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function listBuildings(db: Db, hotelId: number) {
  return db.selectFrom('buildings').selectAll().where('hotel_id', '=', hotelId).orderBy('id').execute();
}

export function insertBuilding(db: Db, building: Omit<BuildingsTable, 'id'>): Promise<BuildingRow> {
  return db.insertInto('buildings').values(building).returningAll().executeTakeFirstOrThrow();
}

export async function updateBuilding(
  db: Db,
  hotelId: number,
  id: number,
  changes: Partial<Pick<BuildingRow, 'name' | 'floor_from' | 'floor_to' | 'remark'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('buildings').set(changes).where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}

export async function deleteBuilding(db: Db, hotelId: number, id: number): Promise<void> {
  await db.deleteFrom('buildings').where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}

/** Rooms of the building on floors outside [from, to]. */
export async function countRoomsOutside(db: Db, buildingId: number, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('building_id', '=', buildingId)
    .where((eb) => eb.or([eb('floor_num', '<', from), eb('floor_num', '>', to)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
