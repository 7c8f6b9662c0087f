import {
  ErrorCode,
  holds,
  type Page,
  ROLES_PER_HOTEL_MAX,
  type Role,
  type RoleAddBody,
  type RoleDeleteBody,
  type RoleListBody,
  type RoleUpdateBody,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db, RoleRow } from '../../db/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/unique.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { asLogged, recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';

/** The key of the People screens: nobody takes it from itself. */
const USER_MANAGEMENT = 'pm_user';

function toRole(row: RoleRow, userCount: number): Role {
  return { ...row, perms: JSON.parse(row.perms) as string[], user_count: userCount };
}

/** A role's name as stored: trimmed, and not blank. */
function roleName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('roles.nameRequired');
  return trimmed;
}

function unionOf(permsLists: readonly (readonly string[])[]): string[] {
  return [...new Set(permsLists.flat())];
}

/**
 * Refuses (4409) a change after which the acting user would no longer manage users: `after` is
 * what it would hold once the change is made (the union of its roles' perms). The Administrator
 * keeps every key whatever its roles. For the users module too: a user changing its own roles.
 */
export function ensureKeepsUserManagement(actor: Actor, after: readonly string[]): void {
  if (actor.isAdmin || !holds(actor.perms, USER_MANAGEMENT)) return;
  if (!holds(after, USER_MANAGEMENT)) throw conflict('roles.ownUserManagement');
}

/** Told which users' perms just changed (after the change is committed). */
export type PermsChangedListener = (userIds: number[]) => void;

export function createRoleService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const permsListeners = new Set<PermsChangedListener>();

  async function existingRole(trx: Db, hotelId: number, id: number): Promise<RoleRow> {
    const role = await repository.findRole(trx, hotelId, id);
    if (!role) throw notFound('roles.notFound');
    return role;
  }

  async function ensureNameFree(trx: Db, hotelId: number, name: string, exceptId?: number): Promise<void> {
    const other = await repository.findRoleByName(trx, hotelId, name);
    if (other && other.id !== exceptId) throw conflict('roles.nameTaken');
  }

  /** A name that raced in between the check and the write is the same conflict. */
  function nameTakenOr(error: unknown): unknown {
    return isUniqueViolation(error) ? conflict('roles.nameTaken') : error;
  }

  /** What the actor would hold once the role has `perms`, if it holds that role. */
  async function actorPermsAfter(trx: Db, actor: Actor, roleId: number, perms: readonly string[]) {
    const held = await repository.rolesOfUser(trx, actor.userId);
    if (!held.some((role) => role.id === roleId)) return null;
    return unionOf(held.map((role) => (role.id === roleId ? perms : (JSON.parse(role.perms) as string[]))));
  }

  /**
   * Tells whoever listens (the live socket, which tells every server instance) that these users'
   * permissions changed, so their consoles read /userinfo again. The roles service calls it when a
   * role changes; the users service when a user's roles change (after committing).
   */
  function notifyPermsChanged(userIds: readonly number[]): void {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    for (const listener of permsListeners) listener(unique);
  }

  return {
    async list(hotelId: number, body: RoleListBody): Promise<Page<Role>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const { records, total } = await repository.pageRoles(db, hotelId, { current, size });
      const holders = await repository.countHolders(
        db,
        records.map((role) => role.id),
      );
      return { records: records.map((role) => toRole(role, holders.get(role.id) ?? 0)), total, current, size };
    },

    add(actor: Actor, hotelId: number, body: RoleAddBody): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        const name = roleName(body.name);
        await ensureNameFree(trx, hotelId, name);
        if ((await repository.countRoles(trx, hotelId)) >= ROLES_PER_HOTEL_MAX) {
          throw new AppError(ErrorCode.conflict, 'roles.tooMany', { max: ROLES_PER_HOTEL_MAX });
        }
        const role = await repository
          .insertRole(trx, {
            hotel_id: hotelId,
            name,
            perms: JSON.stringify(body.perms),
            created_at: clock().toISOString(),
          })
          .catch((error: unknown) => Promise.reject(nameTakenOr(error)));
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'role_add',
          target: name,
          detail: { id: role.id, perms: body.perms },
        });
        return toRole(role, 0);
      });
    },

    /**
     * Renames a role or changes its perms. Its users see the change at their next call (perms are
     * read per request) and their consoles are told at once; a change that would take pm_user
     * from the caller is refused.
     */
    async update(actor: Actor, hotelId: number, body: RoleUpdateBody): Promise<Role> {
      const { role, holders } = await db.transaction().execute(async (trx) => {
        const before = await existingRole(trx, hotelId, body.id);
        const name = body.name === undefined ? undefined : roleName(body.name);
        if (name !== undefined) await ensureNameFree(trx, hotelId, name, before.id);
        if (body.perms !== undefined) {
          const after = await actorPermsAfter(trx, actor, before.id, body.perms);
          if (after) ensureKeepsUserManagement(actor, after);
        }
        const role = await repository
          .updateRole(trx, hotelId, before.id, {
            ...(name !== undefined && { name }),
            ...(body.perms !== undefined && { perms: JSON.stringify(body.perms) }),
          })
          .catch((error: unknown) => Promise.reject(nameTakenOr(error)));
        const holders = await repository.holderIds(trx, role.id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'role_update',
          target: role.name,
          detail: { id: role.id, before: asLogged(toRole(before, holders.length)), name, perms: body.perms },
        });
        return { role, holders };
      });
      notifyPermsChanged(holders);
      return toRole(role, holders.length);
    },

    remove(actor: Actor, hotelId: number, body: RoleDeleteBody): Promise<null> {
      return db.transaction().execute(async (trx) => {
        const role = await existingRole(trx, hotelId, body.id);
        if ((await repository.holderIds(trx, role.id)).length > 0) throw conflict('roles.inUse');
        // A user given the role meanwhile still refers to it.
        await repository.deleteRole(trx, hotelId, role.id).catch((error: unknown) => {
          throw isForeignKeyViolation(error) ? conflict('roles.inUse') : error;
        });
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'role_delete',
          target: role.name,
          detail: { id: role.id, perms: JSON.parse(role.perms) },
        });
        return null;
      });
    },

    notifyPermsChanged,

    /** Listens to `notifyPermsChanged`; answers a function that stops. */
    onPermsChanged(listener: PermsChangedListener): () => void {
      permsListeners.add(listener);
      return () => permsListeners.delete(listener);
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
