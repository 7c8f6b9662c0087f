import { sql } from 'kysely';
import { contains } from '../../db/like.js';
import type { Db, RoleRow, SessionEndReason, UserRow } from '../../db/schema.js';

/**
 * The users of a hotel, deleted ones left out. Every query names its columns: the password hash
 * never leaves this file.
 */

const COLUMNS = [
  'users.id',
  'users.hotel_id',
  'users.user_name',
  'users.nick_name',
  'users.phone',
  'users.email',
  'users.sex',
  'users.state',
  'users.dept_id',
  'users.user_group',
  'users.created_at',
  'departments.name as dept_name',
  'user_two_factor.enabled_at as two_factor_at',
] as const;

export interface UserFilter {
  keyword?: string;
  /** Users of any of these departments. */
  deptIds?: number[];
  state?: string;
}

function usersOf(db: Db, hotelId: number, filter: UserFilter = {}) {
  let query = db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.dept_id')
    .leftJoin('user_two_factor', 'user_two_factor.user_id', 'users.id')
    .where('users.hotel_id', '=', hotelId)
    .where('users.deleted_at', 'is', null);
  if (filter.state) query = query.where('users.state', '=', filter.state as UserRow['state']);
  if (filter.deptIds) query = query.where('users.dept_id', 'in', filter.deptIds);
  const { keyword } = filter;
  if (keyword) {
    const columns = ['users.user_name', 'users.nick_name', 'users.phone', 'users.email'];
    query = query.where((eb) => eb.or(columns.map((column) => contains(db, column, keyword))));
  }
  return query;
}

export async function pageUsers(db: Db, hotelId: number, filter: UserFilter, page: { current: number; size: number }) {
  const [records, count] = await Promise.all([
    usersOf(db, hotelId, filter)
      .select(COLUMNS)
      .orderBy('users.id')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    usersOf(db, hotelId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

export type UserListRow = Awaited<ReturnType<typeof pageUsers>>['records'][number];

export function findUser(db: Db, hotelId: number, id: number) {
  return usersOf(db, hotelId).select(COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

/** The hotel's users among `ids` (deleted ones left out). */
export function findUsers(db: Db, hotelId: number, ids: readonly number[]) {
  return usersOf(db, hotelId).select(['users.id', 'users.user_name']).where('users.id', 'in', ids).execute();
}

/** Any user, of any hotel, whose name is `userName` whatever its case. */
export function findUserByName(db: Db, userName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
    .executeTakeFirst();
}

/** Role names by user, in role order. */
export async function rolesOfUsers(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const roles = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return roles;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
  for (const { user_id, id, name } of rows) {
    const held = roles.get(user_id);
    if (held) held.push({ id, name });
    else roles.set(user_id, [{ id, name }]);
  }
  return roles;
}

export function findRoles(db: Db, hotelId: number, ids: readonly number[]): Promise<RoleRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('roles').selectAll().where('hotel_id', '=', hotelId).where('id', 'in', ids).execute();
}

/** The hotel's department by its id, with its name (the operation log names it). */
export function findDepartment(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function departmentsOf(db: Db, hotelId: number) {
  return db.selectFrom('departments').select(['id', 'parent_id']).where('hotel_id', '=', hotelId).execute();
}

export type NewUser = Pick<
  UserRow,
  | 'hotel_id'
  | 'user_name'
  | 'password_hash'
  | 'nick_name'
  | 'phone'
  | 'email'
  | 'sex'
  | 'state'
  | 'dept_id'
  | 'user_group'
  | 'created_at'
>;

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return id;
}

export type UserChanges = Partial<
  Pick<UserRow, 'user_name' | 'nick_name' | 'phone' | 'email' | 'sex' | 'state' | 'dept_id' | 'user_group'>
>;

export async function updateUser(db: Db, hotelId: number, id: number, changes: UserChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('hotel_id', '=', hotelId).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Db, hotelId: number, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .execute();
}

export async function setUserRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length > 0) {
    await db
      .insertInto('user_roles')
      .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }
}

/**
 * Deletes users, keeping their rows: disabled, out of their department and roles, renamed out of
 * the way (`name#deleted-<id>`: a name no user can be given) so the name is free again. Their
 * sessions then answer 4433, which a vanished row could not.
 */
export async function markDeleted(db: Db, hotelId: number, ids: readonly number[], at: string): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', 'in', ids).execute();
  await db
    .updateTable('users')
    .set({
      user_name: sql<string>`user_name || '#deleted-' || cast(id as text)`,
      state: 'disabled',
      dept_id: null,
      deleted_at: at,
    })
    .where('hotel_id', '=', hotelId)
    .where('id', 'in', ids)
    .execute();
}

/** Ends every open session of the users (their next call answers 4433). */
export async function endSessions(db: Db, userIds: readonly number[], reason: SessionEndReason, at: string) {
  await db
    .updateTable('sessions')
    .set({ ended_at: at, ended_reason: reason })
    .where('user_id', 'in', userIds)
    .where('ended_at', 'is', null)
    .execute();
}
