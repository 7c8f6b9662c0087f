import type { Insertable } from 'kysely';
import type { Db, ModesTable } from '../../db/schema.js';

export function findRoomType(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('room_types')
    .select(['id', 'hotel_id', 'name', 'devices'])
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A room type of any hotel (the triggers know the room, hence the hotel, already). */
export function roomTypeById(db: Db, id: number) {
  return db
    .selectFrom('room_types')
    .select(['id', 'hotel_id', 'name', 'devices'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function roomTypeIds(db: Db, hotelId: number) {
  return db.selectFrom('room_types').select('id').where('hotel_id', '=', hotelId).orderBy('id').execute();
}

export function modesOfType(db: Db, roomTypeId: number) {
  return db.selectFrom('modes').selectAll().where('room_type_id', '=', roomTypeId).orderBy('id').execute();
}

/** The names of the modes of every type of a hotel. */
export function modeNames(db: Db, hotelId: number) {
  return db
    .selectFrom('modes')
    .select(['room_type_id', 'name'])
    .where('hotel_id', '=', hotelId)
    .orderBy('room_type_id')
    .orderBy('id')
    .execute();
}

export function findMode(db: Db, hotelId: number, id: number) {
  return db.selectFrom('modes').selectAll().where('hotel_id', '=', hotelId).where('id', '=', id).executeTakeFirst();
}

export function findModeByName(db: Db, roomTypeId: number, name: string) {
  return db
    .selectFrom('modes')
    .select(['id', 'name'])
    .where('room_type_id', '=', roomTypeId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function countModes(db: Db, roomTypeId: number): Promise<number> {
  const row = await db
    .selectFrom('modes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_type_id', '=', roomTypeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts modes a type lacks; a name the type has already (another instance made it) is left alone. */
export async function insertMissingModes(db: Db, modes: Insertable<ModesTable>[]): Promise<void> {
  if (modes.length === 0) return;
  await db
    .insertInto('modes')
    .values(modes)
    .onConflict((conflict) => conflict.columns(['room_type_id', 'name']).doNothing())
    .execute();
}

export function insertMode(db: Db, mode: Insertable<ModesTable>) {
  return db.insertInto('modes').values(mode).returningAll().executeTakeFirstOrThrow();
}

export async function updateMode(
  db: Db,
  id: number,
  changes: Partial<Pick<ModesTable, 'name' | 'devices' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('modes').set(changes).where('id', '=', id).execute();
}

export async function deleteMode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('modes').where('id', '=', id).execute();
}

export function findSettings(db: Db, roomTypeId: number) {
  return db.selectFrom('mode_settings').selectAll().where('room_type_id', '=', roomTypeId).executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  settings: { room_type_id: number; hotel_id: number; leave_delay_min: number; schedules: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('mode_settings')
    .values(settings)
    .onConflict((conflict) =>
      conflict.column('room_type_id').doUpdateSet({
        leave_delay_min: settings.leave_delay_min,
        schedules: settings.schedules,
        updated_at: settings.updated_at,
      }),
    )
    .execute();
}

/** Rooms of a hotel with their type, for a mode applied by hand (ids that are not the hotel's are missing). */
export function roomsOf(db: Db, hotelId: number, roomIds: number[]) {
  return db
    .selectFrom('rooms')
    .select(['id', 'hotel_id', 'room_num', 'room_type_id'])
    .where('hotel_id', '=', hotelId)
    .where('id', 'in', roomIds)
    .orderBy('floor_num')
    .orderBy('room_num')
    .execute();
}

/** Every room of a type (a schedule applies its mode to them). */
export function roomsOfType(db: Db, roomTypeId: number) {
  return db
    .selectFrom('rooms')
    .select(['id', 'hotel_id', 'room_num', 'room_type_id'])
    .where('room_type_id', '=', roomTypeId)
    .orderBy('floor_num')
    .orderBy('room_num')
    .execute();
}

export function roomTypeOfRoom(db: Db, roomId: number) {
  return db.selectFrom('rooms').select(['room_type_id']).where('id', '=', roomId).executeTakeFirst();
}
