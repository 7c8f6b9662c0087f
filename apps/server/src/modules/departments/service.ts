import {
  DEPARTMENT_DEPTH_MAX,
  DEPARTMENTS_PER_HOTEL_MAX,
  type Department,
  type DepartmentAddBody,
  type DepartmentDeleteBody,
  type DepartmentList,
  type DepartmentUpdateBody,
  ErrorCode,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db, DepartmentRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';
import { heightOf, levelOf, subtreeIds, userTotals } from './tree.js';

function toDepartment(row: DepartmentRow, own: number, total: number): Department {
  const { updated_at: _updated, ...fields } = row;
  return { ...fields, user_count: own, user_total: total };
}

/** A sibling raced in with the same name between the check and the write: the same 4409. */
async function unique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('departments.nameTaken');
    throw error;
  }
}

export function createDepartmentService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function existing(trx: Db, hotelId: number, id: number): Promise<DepartmentRow> {
    const row = await repository.findDepartment(trx, hotelId, id);
    if (!row) throw notFound('departments.notFound');
    return row;
  }

  async function ensureNameFree(trx: Db, hotelId: number, parentId: number | null, name: string, exceptId?: number) {
    const other = await repository.findSibling(trx, hotelId, parentId, name);
    if (other && other.id !== exceptId) throw conflict('departments.nameTaken');
  }

  /** The department as the list shows it, counted. */
  async function counted(trx: Db, hotelId: number, row: DepartmentRow): Promise<Department> {
    const rows = await repository.allDepartments(trx, hotelId);
    const own = await repository.memberCounts(trx, hotelId);
    return toDepartment(row, own.get(row.id) ?? 0, userTotals(rows, own).get(row.id) ?? 0);
  }

  return {
    /** The whole tree, flat: each row names its parent. */
    async list(hotelId: number): Promise<DepartmentList> {
      const [rows, own] = await Promise.all([
        repository.allDepartments(db, hotelId),
        repository.memberCounts(db, hotelId),
      ]);
      const totals = userTotals(rows, own);
      const records = rows.map((row) => toDepartment(row, own.get(row.id) ?? 0, totals.get(row.id) ?? 0));
      return { records, total: records.length };
    },

    add(actor: Actor, hotelId: number, body: DepartmentAddBody): Promise<Department> {
      return db.transaction().execute(async (trx) => {
        const name = body.name.trim();
        if (name === '') throw invalid('departments.nameRequired');
        const parentId = body.parent_id ?? null;
        const parent = parentId === null ? null : await existing(trx, hotelId, parentId);
        if (parentId !== null) {
          const rows = await repository.allDepartments(trx, hotelId);
          if (levelOf(rows, parentId) + 1 > DEPARTMENT_DEPTH_MAX) {
            throw invalid('departments.tooDeep', { max: DEPARTMENT_DEPTH_MAX });
          }
        }
        if ((await repository.countDepartments(trx, hotelId)) >= DEPARTMENTS_PER_HOTEL_MAX) {
          throw new AppError(ErrorCode.conflict, 'departments.tooMany', { max: DEPARTMENTS_PER_HOTEL_MAX });
        }
        await ensureNameFree(trx, hotelId, parentId, name);
        const now = clock().toISOString();
        const row = await unique(
          repository.insertDepartment(trx, {
            hotel_id: hotelId,
            parent_id: parentId,
            name,
            sort: body.sort ?? 0,
            created_at: now,
            updated_at: now,
          }),
        );
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'dept_add',
          target: name,
          detail: { id: row.id, parent_id: parentId, parent_name: parent?.name ?? null },
        });
        return toDepartment(row, 0, 0);
      });
    },

    /** Renames, reorders or moves it with everything below it; never below itself, never past the depth. */
    update(actor: Actor, hotelId: number, body: DepartmentUpdateBody): Promise<Department> {
      return db.transaction().execute(async (trx) => {
        const before = await existing(trx, hotelId, body.id);
        const name = body.name?.trim();
        if (name === '') throw invalid('departments.nameRequired');
        const parentId = body.parent_id === undefined ? before.parent_id : body.parent_id;
        const moved = parentId !== before.parent_id;
        // A move is logged with both parents by name: the tree is read once, for the checks too.
        const rows = moved ? await repository.allDepartments(trx, hotelId) : [];
        if (moved && parentId !== null) {
          await existing(trx, hotelId, parentId);
          if (subtreeIds(rows, before.id).includes(parentId)) throw conflict('departments.intoItself');
          if (levelOf(rows, parentId) + heightOf(rows, before.id) > DEPARTMENT_DEPTH_MAX) {
            throw invalid('departments.tooDeep', { max: DEPARTMENT_DEPTH_MAX });
          }
        }
        const nameOf = (id: number | null) => rows.find((dept) => dept.id === id)?.name ?? null;
        await ensureNameFree(trx, hotelId, parentId, name ?? before.name, before.id);
        const row = await unique(
          repository.updateDepartment(trx, hotelId, before.id, {
            ...(name !== undefined && { name }),
            parent_id: parentId,
            ...(body.sort !== undefined && { sort: body.sort }),
            updated_at: clock().toISOString(),
          }),
        );
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'dept_update',
          target: row.name,
          detail: {
            id: row.id,
            ...(name !== undefined && name !== before.name && { name: { before: before.name, after: name } }),
            ...(moved && {
              parent_id: { before: before.parent_id, after: parentId },
              parent_name: { before: nameOf(before.parent_id), after: nameOf(parentId) },
            }),
            ...(body.sort !== undefined &&
              body.sort !== before.sort && { sort: { before: before.sort, after: body.sort } }),
          },
        });
        return counted(trx, hotelId, row);
      });
    },

    /** Refused (4409) while users or departments remain in it. */
    remove(actor: Actor, hotelId: number, body: DepartmentDeleteBody): Promise<null> {
      return db.transaction().execute(async (trx) => {
        const row = await existing(trx, hotelId, body.id);
        if ((await repository.countChildren(trx, hotelId, row.id)) > 0) throw conflict('departments.hasChildren');
        if ((await repository.countMembers(trx, hotelId, row.id)) > 0) throw conflict('departments.hasUsers');
        const parent = row.parent_id === null ? null : await repository.findDepartment(trx, hotelId, row.parent_id);
        await repository.deleteDepartment(trx, hotelId, row.id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'dept_delete',
          target: row.name,
          detail: { id: row.id, parent_id: row.parent_id, parent_name: parent?.name ?? null },
        });
        return null;
      });
    },
  };
}
export type DepartmentService = ReturnType<typeof createDepartmentService>;
