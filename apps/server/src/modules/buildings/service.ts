import {
  type Building,
  type BuildingAddBody,
  type BuildingDeleteBody,
  type BuildingListBody,
  type BuildingUpdateBody,
  FLOOR_MAX,
  FLOOR_MIN,
  type Language,
  type Page,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { BuildingRow, Database, Db } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { translate } from '../../i18n.js';
import { asLogged, recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';

function checkRange(from: number, to: number): void {
  if (from > to) throw invalid('buildings.floorRange', { from, to });
}

/**
 * The building rooms go to: the named one (4404 when it is not the hotel's), else the hotel's
 * first, else a new main building spanning every floor, named in the caller's language ("主楼",
 * "Main building").
 */
export async function buildingForRooms(
  trx: Db,
  clock: Clock,
  hotelId: number,
  buildingId: number | undefined,
  language: Language,
): Promise<BuildingRow> {
  if (buildingId !== undefined) {
    const building = await repository.findBuilding(trx, hotelId, buildingId);
    if (!building) throw notFound('buildings.notFound');
    return building;
  }
  const first = await repository.firstBuilding(trx, hotelId);
  if (first) return first;
  return repository.insertBuilding(trx, {
    hotel_id: hotelId,
    name: translate(language, 'buildings.defaultName'),
    floor_from: FLOOR_MIN,
    floor_to: FLOOR_MAX,
    remark: '',
    created_at: clock().toISOString(),
  });
}

/** 4400 naming the floor and the building's range when the floor lies outside it. */
export function checkFloor(building: BuildingRow, floor: number): void {
  if (floor < building.floor_from || floor > building.floor_to) {
    throw invalid('rooms.floorOutOfRange', {
      floor,
      building: building.name,
      from: building.floor_from,
      to: building.floor_to,
    });
  }
}

export function createBuildingService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function existing(trx: Db, hotelId: number, id: number) {
    const building = await repository.findBuilding(trx, hotelId, id);
    if (!building) throw notFound('buildings.notFound');
    return building;
  }

  async function ensureNameFree(trx: Db, hotelId: number, name: string, exceptId?: number): Promise<void> {
    const other = await repository.findBuildingByName(trx, hotelId, name);
    if (other && other.id !== exceptId) throw conflict('buildings.nameTaken');
  }

  return {
    async list(hotelId: number, body: BuildingListBody): Promise<Page<Building>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const { records, total } = await repository.pageBuildings(db, hotelId, { current, size });
      return { records, total, current, size };
    },

    add(actor: Actor, hotelId: number, body: BuildingAddBody): Promise<Building> {
      return db.transaction().execute(async (trx) => {
        const name = body.name.trim();
        checkRange(body.floor_from, body.floor_to);
        await ensureNameFree(trx, hotelId, name);
        const building = await repository.insertBuilding(trx, {
          hotel_id: hotelId,
          name,
          floor_from: body.floor_from,
          floor_to: body.floor_to,
          remark: body.remark ?? '',
          created_at: clock().toISOString(),
        });
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'building_add',
          target: name,
          detail: { id: building.id, floor_from: body.floor_from, floor_to: body.floor_to },
        });
        return { ...building, room_count: 0 };
      });
    },

    /** A new floor range may not leave out floors that have rooms (4409). */
    update(actor: Actor, hotelId: number, body: BuildingUpdateBody): Promise<Building> {
      return db.transaction().execute(async (trx) => {
        const before = await existing(trx, hotelId, body.id);
        const name = body.name?.trim();
        if (name !== undefined) await ensureNameFree(trx, hotelId, name, before.id);
        const from = body.floor_from ?? before.floor_from;
        const to = body.floor_to ?? before.floor_to;
        checkRange(from, to);
        if ((await repository.countRoomsOutside(trx, before.id, from, to)) > 0) {
          throw conflict('buildings.floorsInUse');
        }
        await repository.updateBuilding(trx, hotelId, before.id, {
          ...(name !== undefined && { name }),
          ...(body.floor_from !== undefined && { floor_from: body.floor_from }),
          ...(body.floor_to !== undefined && { floor_to: body.floor_to }),
          ...(body.remark !== undefined && { remark: body.remark }),
        });
        const after = await existing(trx, hotelId, before.id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'building_update',
          target: after.name,
          detail: { id: after.id, before: asLogged(before) },
        });
        return after;
      });
    },

    /** Refused (4409) while the building has rooms. */
    remove(actor: Actor, hotelId: number, body: BuildingDeleteBody): Promise<null> {
      return db.transaction().execute(async (trx) => {
        const building = await existing(trx, hotelId, body.id);
        if (building.room_count > 0) throw conflict('buildings.inUse');
        await repository.deleteBuilding(trx, hotelId, building.id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'building_delete',
          target: building.name,
          detail: { id: building.id },
        });
        return null;
      });
    },
  };
}
export type BuildingService = ReturnType<typeof createBuildingService>;
