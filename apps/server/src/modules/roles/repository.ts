import type { Db, RoleRow } from '../../db/schema.js';

export function findRole(db: Db, hotelId: number, id: number) {
  return db.selectFrom('roles').selectAll().where('hotel_id', '=', hotelId).where('id', '=', id).executeTakeFirst();
}

export function findRoleByName(db: Db, hotelId: number, name: string) {
  return db.selectFrom('roles').selectAll().where('hotel_id', '=', hotelId).where('name', '=', name).executeTakeFirst();
}

export async function pageRoles(db: Db, hotelId: number, page: { current: number; size: number }) {
  const [records, count] = await Promise.all([
    db
      .selectFrom('roles')
      .selectAll()
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

export function insertRole(db: Db, role: Omit<RoleRow, 'id'>) {
  return db.insertInto('roles').values(role).returningAll().executeTakeFirstOrThrow();
}

export function updateRole(db: Db, hotelId: number, id: number, changes: Partial<Pick<RoleRow, 'name' | 'perms'>>) {
  return db
    .updateTable('roles')
    .set(changes)
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRole(db: Db, hotelId: number, id: number): Promise<void> {
  await db.deleteFrom('roles').where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}

export async function countRoleHolders(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('holders'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.holders);
}
