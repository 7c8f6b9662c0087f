import {
  DEVICE_PREFIXES,
  type Device,
  deviceProblems,
  type Page,
  type RoomType,
  type RoomTypeAddBody,
  type RoomTypeDeleteBody,
  type RoomTypeDetailBody,
  type RoomTypeDevicesBody,
  type RoomTypeListBody,
  type RoomTypeOption,
  type RoomTypeUpdateBody,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database, Db, RoomTypeRow } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../errors.js';
import type { MessageKey } from '../../i18n.js';
import { asLogged, recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';

export function toRoomType(row: RoomTypeRow & { room_count: number }): RoomType {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return { ...rest, devices: JSON.parse(row.devices) as Device[] };
}

const PROBLEM_KEYS: Record<ReturnType<typeof deviceProblems>[number]['problem'], MessageKey> = {
  prefix: 'roomtypes.devicePrefix',
  duplicate: 'roomtypes.deviceDuplicate',
  setpoint_order: 'roomtypes.setpointOrder',
  not_setpoint_kind: 'roomtypes.setpointKind',
};

/** What the schema cannot check (contract `deviceProblems`): 4400 naming the first bad device. */
function checkDevices(devices: readonly Device[]): void {
  const [problem] = deviceProblems(devices);
  if (!problem) return;
  const device = devices[problem.index] as Device;
  throw invalid(PROBLEM_KEYS[problem.problem], {
    n: problem.index + 1,
    key: device.key,
    kind: device.kind,
    prefix: DEVICE_PREFIXES[device.kind],
  });
}

/** Names and remarks of devices are trimmed; the order of the template is kept. */
function normalized(devices: readonly Device[]): Device[] {
  return devices.map((device) => ({ ...device, name: device.name.trim() }));
}

export function createRoomTypeService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function existing(trx: Db, hotelId: number, id: number) {
    const roomType = await repository.findRoomType(trx, hotelId, id);
    if (!roomType) throw notFound('roomtypes.notFound');
    return roomType;
  }

  async function ensureNameFree(trx: Db, hotelId: number, name: string, exceptId?: number): Promise<void> {
    const other = await repository.findRoomTypeByName(trx, hotelId, name);
    if (other && other.id !== exceptId) throw conflict('roomtypes.nameTaken');
  }

  async function change(
    actor: Actor,
    hotelId: number,
    body: { id: number; name?: string; remark?: string; devices?: Device[] },
    action: 'roomtype_update' | 'roomtype_devices',
  ): Promise<RoomType> {
    return db.transaction().execute(async (trx) => {
      const before = await existing(trx, hotelId, body.id);
      const name = body.name?.trim();
      if (name !== undefined) await ensureNameFree(trx, hotelId, name, before.id);
      const devices = body.devices && normalized(body.devices);
      if (devices) checkDevices(devices);
      await repository.updateRoomType(trx, hotelId, before.id, {
        ...(name !== undefined && { name }),
        ...(body.remark !== undefined && { remark: body.remark }),
        ...(devices !== undefined && { devices: JSON.stringify(devices) }),
        updated_at: clock().toISOString(),
      });
      const after = toRoomType(await existing(trx, hotelId, before.id));
      await recordOperation(trx, clock, who(actor, hotelId), {
        action,
        target: after.name,
        detail: { id: after.id, before: asLogged(toRoomType(before)), rooms: after.room_count },
      });
      return after;
    });
  }

  return {
    async list(hotelId: number, body: RoomTypeListBody): Promise<Page<RoomType>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const { records, total } = await repository.pageRoomTypes(db, hotelId, { current, size });
      return { records: records.map(toRoomType), total, current, size };
    },

    /** One room type with its device template (the device editor and device control read it). */
    async detail(hotelId: number, body: RoomTypeDetailBody): Promise<RoomType> {
      return toRoomType(await existing(db, hotelId, body.id));
    },

    options(hotelId: number): Promise<RoomTypeOption[]> {
      return repository.roomTypeOptions(db, hotelId);
    },

    add(actor: Actor, hotelId: number, body: RoomTypeAddBody): Promise<RoomType> {
      return db.transaction().execute(async (trx) => {
        const name = body.name.trim();
        const devices = normalized(body.devices);
        checkDevices(devices);
        await ensureNameFree(trx, hotelId, name);
        const now = clock().toISOString();
        const row = await repository.insertRoomType(trx, {
          hotel_id: hotelId,
          name,
          remark: body.remark ?? '',
          devices: JSON.stringify(devices),
          created_at: now,
          updated_at: now,
        });
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'roomtype_add',
          target: name,
          detail: { id: row.id, devices },
        });
        return toRoomType({ ...row, room_count: 0 });
      });
    },

    /** Rooms refer to their type: a new template is every room's of that type at once. */
    update(actor: Actor, hotelId: number, body: RoomTypeUpdateBody): Promise<RoomType> {
      return change(actor, hotelId, body, 'roomtype_update');
    },

    saveDevices(actor: Actor, hotelId: number, body: RoomTypeDevicesBody): Promise<RoomType> {
      return change(actor, hotelId, body, 'roomtype_devices');
    },

    /** Refused (4409) while rooms use the type. */
    remove(actor: Actor, hotelId: number, body: RoomTypeDeleteBody): Promise<null> {
      return db.transaction().execute(async (trx) => {
        const roomType = await existing(trx, hotelId, body.id);
        if (roomType.room_count > 0) throw conflict('roomtypes.inUse');
        await repository.deleteRoomType(trx, hotelId, roomType.id);
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'roomtype_delete',
          target: roomType.name,
          detail: { id: roomType.id },
        });
        return null;
      });
    },
  };
}
export type RoomTypeService = ReturnType<typeof createRoomTypeService>;
