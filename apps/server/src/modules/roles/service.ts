import type { Page, Role, RoleAddBody, RoleDeleteBody, RoleListBody, RoleUpdateBody } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db, RoleRow } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import { recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';

function toRole(row: RoleRow): Role {
  return { ...row, perms: JSON.parse(row.perms) as string[] };
}

export function createRoleService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function existingRole(trx: Db, hotelId: number, id: number): Promise<RoleRow> {
    const role = await repository.findRole(trx, hotelId, id);
    if (!role) throw notFound('roles.notFound');
    return role;
  }

  async function ensureNameFree(trx: Db, hotelId: number, name: string, exceptId?: number): Promise<void> {
    const other = await repository.findRoleByName(trx, hotelId, name);
    if (other && other.id !== exceptId) throw conflict('roles.nameTaken');
  }

  return {
    async list(hotelId: number, body: RoleListBody): Promise<Page<Role>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const { records, total } = await repository.pageRoles(db, hotelId, { current, size });
      return { records: records.map(toRole), total, current, size };
    },

    add(actor: Actor, hotelId: number, body: RoleAddBody): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        const name = body.name.trim();
        await ensureNameFree(trx, hotelId, name);
        const role = await repository.insertRole(trx, {
          hotel_id: hotelId,
          name,
          perms: JSON.stringify(body.perms),
          created_at: clock().toISOString(),
        });
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'role_add',
          target: name,
          detail: { id: role.id, perms: body.perms },
        });
        return toRole(role);
      });
    },

    /** Users holding the role see the change at their next call: perms are read per request. */
    update(actor: Actor, hotelId: number, body: RoleUpdateBody): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        const before = await existingRole(trx, hotelId, body.id);
        const name = body.name?.trim();
        if (name !== undefined) await ensureNameFree(trx, hotelId, name, before.id);
        const role = await repository.updateRole(trx, hotelId, before.id, {
          ...(name !== undefined && { name }),
          ...(body.perms !== undefined && { perms: JSON.stringify(body.perms) }),
        });
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'role_update',
          target: role.name,
          detail: { id: role.id, before: toRole(before), name, perms: body.perms },
        });
        return toRole(role);
      });
    },

    remove(actor: Actor, hotelId: number, body: RoleDeleteBody): Promise<null> {
      return db.transaction().execute(async (trx) => {
        const role = await existingRole(trx, hotelId, body.id);
        if ((await repository.countRoleHolders(trx, role.id)) > 0) throw conflict('roles.inUse');
        await repository.deleteRole(trx, hotelId, role.id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'role_delete',
          target: role.name,
          detail: { id: role.id, perms: JSON.parse(role.perms) },
        });
        return null;
      });
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
