import type { Db, SessionEndReason, SessionRow } from '../../db/schema.js';

export function findUserByName(db: Db, userName: string) {
  return db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findHotel(db: Db, hotelId: number) {
  return db.selectFrom('hotels').selectAll().where('hotel_id', '=', hotelId).executeTakeFirst();
}

/**
 * A session with what every request needs to know about its user, hotel and roles, in one round
 * trip (a row per role of the user; one with no role when there is none).
 */
export async function findSession(db: Db, tokenHash: string) {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('hotels', 'hotels.hotel_id', 'users.hotel_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .select([
      'sessions.token_hash',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.ended_reason',
      'users.id as user_id',
      'users.user_name',
      'users.hotel_id',
      'users.state',
      'hotels.validdate',
      'roles.name as role_name',
      'roles.perms as role_perms',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .orderBy('roles.id')
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const { role_name: _name, role_perms: _perms, ...session } = first;
  return { ...session, ...rolesOf(rows.filter((row) => row.role_name !== null) as RoleRow[]) };
}

type RoleRow = { role_name: string; role_perms: string };

/** Role names and the union of their permission keys. */
function rolesOf(rows: readonly RoleRow[]): { roles: string[]; perms: string[] } {
  const perms = new Set<string>();
  for (const row of rows) for (const perm of JSON.parse(row.role_perms) as string[]) perms.add(perm);
  return { roles: rows.map((row) => row.role_name), perms: [...perms] };
}

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function touchSession(db: Db, tokenHash: string, lastSeenAt: string, expiresAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function endSession(db: Db, tokenHash: string, reason: SessionEndReason, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: at, ended_reason: reason })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endUserSessions(db: Db, userId: number, reason: SessionEndReason, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: at, ended_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function recordLoginFailure(db: Db, userName: string, ip: string, at: string): Promise<void> {
  await db.insertInto('login_failures').values({ user_name: userName, ip, created_at: at }).execute();
}

/** A throttle's key: one user name from one address, or one address whatever the name. */
export type FailureKey = { userName: string; ip: string } | { ip: string };

/** Failures of a key since `since`, and the latest of them (when its wait started). */
export async function countLoginFailures(db: Db, key: FailureKey, since: string) {
  let query = db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('failures'), eb.fn.max('created_at').as('latest')])
    .where('ip', '=', key.ip)
    .where('created_at', '>', since);
  if ('userName' in key) query = query.where('user_name', '=', key.userName);
  const row = await query.executeTakeFirstOrThrow();
  return { failures: Number(row.failures), latest: row.latest as string | null };
}

/** How many addresses failed on a user name since `since`, and how many times in all. */
export async function countNameFailures(db: Db, userName: string, since: string) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('failures'), eb.fn.count<number>('ip').distinct().as('addresses')])
    .where('user_name', '=', userName)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), addresses: Number(row.addresses) };
}

/** Whether the alarm for a user name was already logged since `since` (once per window). */
export async function alarmLoggedSince(db: Db, userName: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('oplog')
    .select('id')
    .where('action', '=', 'login_alarm')
    .where('target', '=', userName)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** A success forgets that user name's failures from that address only. */
export async function clearLoginFailures(db: Db, userName: string, ip: string): Promise<void> {
  await db.deleteFrom('login_failures').where('user_name', '=', userName).where('ip', '=', ip).execute();
}

export async function pruneLoginFailures(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<=', before).execute();
}
