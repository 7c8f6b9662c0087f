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

export async function countRoles(db: Db, hotelId: number): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.countAll<number>().as('roles'))
    .where('hotel_id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return Number(row.roles);
}

/** How many users hold each of the roles (a role no user holds is left out). */
export async function countHolders(db: Db, roleIds: readonly number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('holders')])
    .where('role_id', 'in', roleIds)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.holders)]));
}

/** The ids of the users holding a role. */
export async function holderIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).execute();
  return rows.map((row) => row.user_id);
}

/** The roles a user holds, with their perms (JSON text). */
export function rolesOfUser(db: Db, userId: number) {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.perms'])
    .where('user_roles.user_id', '=', userId)
    .execute();
}
