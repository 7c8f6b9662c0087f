import {
  holds,
  type Page,
  type User,
  type UserAddBody,
  type UserDeleteBody,
  type UserDeleteResult,
  type UserListBody,
  type UserPasswordBody,
  type UserRolesBody,
  type UserUpdateBody,
  WILDCARD,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db, RoleRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import { hashPassword } from '../auth/passwords.js';
import type { EndedSessions } from '../auth/service.js';
import { subtreeIds } from '../departments/tree.js';
import { recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';

/** The key that manages users: nobody takes its own away. */
const USER_KEY = 'pm_user';

function toUser(row: repository.UserListRow, roles: { id: number; name: string }[]): User {
  const { user_group, two_factor_at, ...fields } = row;
  return {
    ...fields,
    two_factor: two_factor_at !== null && two_factor_at !== undefined,
    // Rows of a hotel: never the Administrator's (hotel_id null).
    hotel_id: fields.hotel_id as number,
    sex: fields.sex as User['sex'],
    group: user_group,
    dept_name: row.dept_name ?? null,
    roles,
  };
}

/** Every permission key the roles hold together. */
function permsOf(roles: readonly RoleRow[]): string[] {
  return [...new Set(roles.flatMap((role) => JSON.parse(role.perms) as string[]))];
}

interface RolesChange {
  before: { id: number; name: string }[];
  after: { id: number; name: string }[];
}

/** A user's roles changed, as the operation log keeps it: their ids, and their names as they were then. */
function rolesEdit({ before, after }: RolesChange) {
  return {
    role_ids: { before: before.map((role) => role.id), after: after.map((role) => role.id) },
    roles: { before: before.map((role) => role.name), after: after.map((role) => role.name) },
  };
}

/** A user named as another raced in between the check and the write: the same 4409. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('users.nameTaken');
    throw error;
  }
}

export interface UserServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Users whose roles changed, once the change is committed (their consoles rebuild their menus). */
  onRolesChanged?: (userIds: readonly number[]) => void;
  /** Users whose sessions ended (disabled, deleted, a password reset), once that is committed: their consoles are sent to the login at once. */
  onSessionsEnded?: (ended: EndedSessions) => void;
}

export function createUserService({
  db,
  clock,
  onRolesChanged = () => {},
  onSessionsEnded = () => {},
}: UserServiceOptions) {
  async function existing(trx: Db, hotelId: number, id: number) {
    const row = await repository.findUser(trx, hotelId, id);
    if (!row) throw notFound('users.notFound');
    return row;
  }

  async function shown(trx: Db, hotelId: number, id: number): Promise<User> {
    const row = await existing(trx, hotelId, id);
    const roles = await repository.rolesOfUsers(trx, [row.id]);
    return toUser(row, roles.get(row.id) ?? []);
  }

  async function ensureNameFree(trx: Db, userName: string, exceptId?: number): Promise<void> {
    const other = await repository.findUserByName(trx, userName);
    if (other && other.id !== exceptId) throw conflict('users.nameTaken');
  }

  /** The department a user is put in, with its name (4404 if it is not the hotel's); null for none. */
  async function departmentOf(trx: Db, hotelId: number, deptId: number | null | undefined) {
    if (deptId === null || deptId === undefined) return null;
    const department = await repository.findDepartment(trx, hotelId, deptId);
    if (!department) throw notFound('users.deptNotFound');
    return department;
  }

  /**
   * The roles a user is given: each of the hotel (4404 otherwise), and each one it did not hold
   * before within what the actor may grant, its own permissions (4403): nobody hands out more
   * than it holds.
   */
  async function grantable(
    trx: Db,
    actor: Actor,
    hotelId: number,
    roleIds: readonly number[],
    heldBefore: readonly number[],
  ): Promise<RoleRow[]> {
    const roles = await repository.findRoles(trx, hotelId, roleIds);
    if (roles.length !== roleIds.length) throw notFound('users.roleNotFound');
    if (actor.isAdmin || actor.perms.includes(WILDCARD)) return roles;
    for (const role of roles) {
      if (heldBefore.includes(role.id)) continue;
      const beyond = (JSON.parse(role.perms) as string[]).filter((perm) => !holds(actor.perms, perm));
      if (beyond.length > 0) throw new AppError(forbidden().code, 'users.roleBeyondOwn', { role: role.name });
    }
    return roles;
  }

  /** Sets the user's roles; the actor's own roles must keep pm_user. Null when they stay as they were. */
  async function assignRoles(
    trx: Db,
    actor: Actor,
    hotelId: number,
    userId: number,
    roleIds: readonly number[],
  ): Promise<RolesChange | null> {
    const held = (await repository.rolesOfUsers(trx, [userId])).get(userId) ?? [];
    const before = held.map((role) => role.id);
    const roles = await grantable(trx, actor, hotelId, roleIds, before);
    if (userId === actor.userId && !holds(permsOf(roles), USER_KEY)) throw conflict('users.selfLastUserPerm');
    const same = before.length === roleIds.length && roleIds.every((id) => before.includes(id));
    if (same) return null;
    await repository.setUserRoles(trx, userId, roleIds);
    return { before: held, after: [...roles].sort((a, b) => a.id - b.id) };
  }

  /** Ends the users' sessions in the change's transaction; `ended` collects them, to be told once it is kept. */
  async function endSessionsOf(
    trx: Db,
    userIds: readonly number[],
    reason: 'disabled' | 'password',
    ended: EndedSessions[],
  ) {
    await repository.endSessions(trx, userIds, reason, clock().toISOString());
    for (const userId of userIds) ended.push({ userId, reason });
  }

  const tell = (ended: readonly EndedSessions[]) => {
    for (const what of ended) onSessionsEnded(what);
  };

  return {
    async list(hotelId: number, body: UserListBody): Promise<Page<User>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const filter = body.filter ?? {};
      const deptIds =
        filter.dept_id === undefined
          ? undefined
          : subtreeIds(await repository.departmentsOf(db, hotelId), filter.dept_id);
      const { records, total } = await repository.pageUsers(
        db,
        hotelId,
        { keyword: filter.keyword, state: filter.state, deptIds },
        { current, size },
      );
      const roles = await repository.rolesOfUsers(
        db,
        records.map((row) => row.id),
      );
      return { records: records.map((row) => toUser(row, roles.get(row.id) ?? [])), total, current, size };
    },

    add(actor: Actor, hotelId: number, body: UserAddBody): Promise<User> {
      return db.transaction().execute(async (trx) => {
        const userName = body.user_name.trim();
        await ensureNameFree(trx, userName);
        const department = await departmentOf(trx, hotelId, body.dept_id);
        const roleIds = body.role_ids ?? [];
        const roles = await grantable(trx, actor, hotelId, roleIds, []);
        const id = await unique(
          repository.insertUser(trx, {
            hotel_id: hotelId,
            user_name: userName,
            password_hash: await hashPassword(body.password),
            nick_name: body.nick_name?.trim() || userName,
            phone: body.phone?.trim() ?? '',
            email: body.email?.trim() ?? '',
            sex: body.sex ?? '',
            state: body.state ?? 'enabled',
            dept_id: body.dept_id ?? null,
            user_group: body.group?.trim() ?? '',
            created_at: clock().toISOString(),
          }),
        );
        await repository.setUserRoles(trx, id, roleIds);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'user_add',
          target: userName,
          detail: {
            id,
            roles: roles.map((role) => role.name),
            dept_id: department?.id ?? null,
            dept_name: department?.name ?? null,
          },
        });
        return shown(trx, hotelId, id);
      });
    },

    /** Edits a user; disabling it ends its sessions. Nobody disables itself or drops its own pm_user. */
    async update(actor: Actor, hotelId: number, body: UserUpdateBody): Promise<User> {
      let rolesChanged = false;
      const ended: EndedSessions[] = [];
      const user = await db.transaction().execute(async (trx) => {
        const before = await existing(trx, hotelId, body.id);
        const self = before.id === actor.userId;
        if (self && body.state === 'disabled') throw conflict('users.selfDisable');
        const userName = body.user_name?.trim();
        if (userName !== undefined && userName !== before.user_name) await ensureNameFree(trx, userName, before.id);
        const department = await departmentOf(trx, hotelId, body.dept_id);
        const changes: repository.UserChanges = {
          ...(userName !== undefined && { user_name: userName }),
          ...(body.nick_name !== undefined && { nick_name: body.nick_name.trim() || (userName ?? before.user_name) }),
          ...(body.phone !== undefined && { phone: body.phone.trim() }),
          ...(body.email !== undefined && { email: body.email.trim() }),
          ...(body.sex !== undefined && { sex: body.sex }),
          ...(body.state !== undefined && { state: body.state }),
          ...(body.dept_id !== undefined && { dept_id: body.dept_id }),
          ...(body.group !== undefined && { user_group: body.group.trim() }),
        };
        const changed = Object.fromEntries(
          Object.entries(changes).filter(([key, value]) => (before as Record<string, unknown>)[key] !== value),
        );
        await unique(repository.updateUser(trx, hotelId, before.id, changed));
        const roles =
          body.role_ids === undefined ? null : await assignRoles(trx, actor, hotelId, before.id, body.role_ids);
        rolesChanged = roles !== null;
        if (changed.state === 'disabled') await endSessionsOf(trx, [before.id], 'disabled', ended);
        if (Object.keys(changed).length > 0 || roles) {
          await recordOperation(trx, clock, who(actor, hotelId), {
            action: 'user_update',
            target: userName ?? before.user_name,
            // Each field as it was and as it is; the department and the roles by name too.
            detail: {
              id: before.id,
              ...Object.fromEntries(
                Object.entries(changed).map(([key, value]) => [
                  key === 'user_group' ? 'group' : key,
                  { before: (before as Record<string, unknown>)[key], after: value },
                ]),
              ),
              ...('dept_id' in changed && {
                dept_name: { before: before.dept_name ?? null, after: department?.name ?? null },
              }),
              ...(roles && rolesEdit(roles)),
            },
          });
        }
        return shown(trx, hotelId, before.id);
      });
      if (rolesChanged) onRolesChanged([user.id]);
      tell(ended);
      return user;
    },

    async setRoles(actor: Actor, hotelId: number, body: UserRolesBody): Promise<User> {
      let rolesChanged = false;
      const shownUser = await db.transaction().execute(async (trx) => {
        const user = await existing(trx, hotelId, body.id);
        const roles = await assignRoles(trx, actor, hotelId, user.id, body.role_ids);
        rolesChanged = roles !== null;
        if (roles) {
          await recordOperation(trx, clock, who(actor, hotelId), {
            action: 'user_roles',
            target: user.user_name,
            detail: { id: user.id, ...rolesEdit(roles) },
          });
        }
        return shown(trx, hotelId, user.id);
      });
      if (rolesChanged) onRolesChanged([shownUser.id]);
      return shownUser;
    },

    /** Deletes users (all of the hotel's, or none: 4404); their sessions end at once. Nobody deletes itself. */
    async remove(actor: Actor, hotelId: number, body: UserDeleteBody): Promise<UserDeleteResult> {
      const ended: EndedSessions[] = [];
      const result = await db.transaction().execute(async (trx) => {
        if (body.ids.includes(actor.userId)) throw conflict('users.selfDelete');
        const users = await repository.findUsers(trx, hotelId, body.ids);
        if (users.length !== body.ids.length) throw notFound('users.notFound');
        await repository.markDeleted(trx, hotelId, body.ids, clock().toISOString());
        await endSessionsOf(trx, body.ids, 'disabled', ended);
        for (const user of users) {
          await recordOperation(trx, clock, who(actor, hotelId), {
            action: 'user_delete',
            target: user.user_name,
            detail: { id: user.id },
          });
        }
        return { deleted: users.length };
      });
      tell(ended);
      return result;
    },

    /** Sets another user's password (its own goes through /pwd, with the old one); its sessions end. */
    async resetPassword(actor: Actor, hotelId: number, body: UserPasswordBody): Promise<null> {
      const passwordHash = await hashPassword(body.password);
      const ended: EndedSessions[] = [];
      await db.transaction().execute(async (trx) => {
        const user = await existing(trx, hotelId, body.id);
        if (user.id === actor.userId) throw conflict('users.selfPassword');
        await repository.setPasswordHash(trx, hotelId, user.id, passwordHash);
        await endSessionsOf(trx, [user.id], 'password', ended);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'user_password_reset',
          target: user.user_name,
          detail: { id: user.id },
        });
      });
      tell(ended);
      return null;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
