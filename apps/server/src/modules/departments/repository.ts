import type { Db, DepartmentRow } from '../../db/schema.js';

/** Every department of the hotel (bounded by DEPARTMENTS_PER_HOTEL_MAX), siblings in their order. */
export function allDepartments(db: Db, hotelId: number): Promise<DepartmentRow[]> {
  return db
    .selectFrom('departments')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .orderBy('sort')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findDepartment(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('departments')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The sibling (same parent) named `name`, if any. */
export function findSibling(db: Db, hotelId: number, parentId: number | null, name: string) {
  return db
    .selectFrom('departments')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function countDepartments(db: Db, hotelId: number): Promise<number> {
  const row = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hotel_id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countChildren(db: Db, hotelId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hotel_id', '=', hotelId)
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Users (not deleted) of the hotel by department id: the departments' own members. */
export async function memberCounts(db: Db, hotelId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['dept_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('hotel_id', '=', hotelId)
    .where('deleted_at', 'is', null)
    .where('dept_id', 'is not', null)
    .groupBy('dept_id')
    .execute();
  return new Map(rows.map((row) => [row.dept_id as number, Number(row.n)]));
}

export async function countMembers(db: Db, hotelId: number, id: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hotel_id', '=', hotelId)
    .where('deleted_at', 'is', null)
    .where('dept_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertDepartment(db: Db, row: Omit<DepartmentRow, 'id'>) {
  return db.insertInto('departments').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateDepartment(
  db: Db,
  hotelId: number,
  id: number,
  changes: Partial<Pick<DepartmentRow, 'name' | 'parent_id' | 'sort' | 'updated_at'>>,
) {
  return db
    .updateTable('departments')
    .set(changes)
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDepartment(db: Db, hotelId: number, id: number): Promise<void> {
  await db.deleteFrom('departments').where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}
