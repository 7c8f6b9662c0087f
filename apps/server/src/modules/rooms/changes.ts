// Changing a hotel's rooms: add one, add floors × rooms, change, delete, a new device key.

import {
  bulkRcuId,
  ErrorCode,
  type Language,
  lettersAndDigits,
  ROOM_PATTERN_DEFAULT,
  ROOMS_BULK_MAX,
  type Room,
  type RoomAddBody,
  type RoomDeleteBody,
  type RoomKeyBody,
  type RoomsAddBody,
  type RoomsAddResult,
  type RoomUpdateBody,
  roomNumber,
} from '@roompilot/contract';
import { type Actor, who } from '../../access.js';
import type { BuildingRow, NewRoomRow } from '../../db/schema.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { buildingForRooms, checkFloor } from '../buildings/service.js';
import { asLogged, recordOperation } from '../oplog/service.js';
import * as repository from './repository.js';
import {
  ensureNumFree,
  ensureRcuFree,
  existingRoom,
  existingRoomType,
  macOf,
  newDeviceKey,
  newRoomRow,
  ROOM_NUM,
  type RoomDeps,
  roomsFor,
} from './rules.js';

export async function addRoom(
  { db, clock, keys, devices }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomAddBody,
  language: Language,
): Promise<Room> {
  const room = await db.transaction().execute(async (trx) => {
    const building = await buildingForRooms(trx, clock, hotelId, body.building_id, language);
    checkFloor(building, body.floor_num);
    await existingRoomType(trx, hotelId, body.room_type_id);
    const rcuId = lettersAndDigits(body.rcu_id);
    await ensureNumFree(trx, hotelId, body.room_num);
    await ensureRcuFree(trx, rcuId);
    const id = await repository.insertRoom(
      trx,
      newRoomRow(
        {
          hotel_id: hotelId,
          building_id: building.id,
          room_type_id: body.room_type_id,
          room_num: body.room_num,
          floor_num: body.floor_num,
          rcu_id: rcuId,
          mac: macOf(body.mac ?? ''),
          remark: body.remark ?? '',
          validdate: body.validdate ?? null,
        },
        clock().toISOString(),
        keys,
      ),
    );
    await recordOperation(trx, clock, who(actor, hotelId), {
      action: 'room_add',
      target: body.room_num,
      detail: { id, rcu_id: rcuId, building_id: building.id, building: building.name },
    });
    return roomsFor(actor, keys)(await existingRoom(trx, hotelId, id));
  });
  await devices.added([room.rcu_id]);
  return room;
}

/** The room numbers of floors × rooms, checked before the database is asked anything. */
function plannedRooms(body: RoomsAddBody): { pattern: string; planned: { roomNum: string; floor: number }[] } {
  const [floorFrom, floorTo] = body.floors as [number, number];
  const [roomFrom, roomTo] = body.rooms as [number, number];
  if (floorFrom > floorTo || roomFrom > roomTo) throw invalid('rooms.bulkRange');
  if ((floorTo - floorFrom + 1) * (roomTo - roomFrom + 1) > ROOMS_BULK_MAX) {
    throw invalid('rooms.bulkLimit', { max: ROOMS_BULK_MAX });
  }
  const pattern = body.pattern ?? ROOM_PATTERN_DEFAULT;
  if (roomNumber(pattern, floorFrom, roomFrom) === null) throw invalid('rooms.badPattern', { pattern });
  const planned: { roomNum: string; floor: number }[] = [];
  const seen = new Set<string>();
  for (let floor = floorFrom; floor <= floorTo; floor++) {
    for (let room = roomFrom; room <= roomTo; room++) {
      const roomNum = roomNumber(pattern, floor, room) as string;
      if (!ROOM_NUM.test(roomNum)) throw invalid('rooms.patternGivesBadNumber', { room_num: roomNum });
      if (seen.has(roomNum)) throw invalid('rooms.patternRepeats', { room_num: roomNum });
      seen.add(roomNum);
      planned.push({ roomNum, floor });
    }
  }
  return { pattern, planned };
}

/**
 * Floors × rooms with a number pattern, in one transaction: existing numbers are skipped and
 * reported; any other problem refuses the whole call.
 */
export async function bulkAddRooms(
  { db, clock, keys, devices }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomsAddBody,
  language: Language,
): Promise<RoomsAddResult> {
  const { pattern, planned } = plannedRooms(body);
  const [floorFrom, floorTo] = body.floors as [number, number];
  const { result, rcuIds } = await db.transaction().execute(async (trx) => {
    const building = await buildingForRooms(trx, clock, hotelId, body.building_id, language);
    checkFloor(building, floorFrom);
    checkFloor(building, floorTo);
    const roomType = await existingRoomType(trx, hotelId, body.room_type_id);
    const existing = await repository.roomNumsOfHotel(trx, hotelId);
    const skipped = planned.filter(({ roomNum }) => existing.has(roomNum)).map(({ roomNum }) => roomNum);
    const fresh = planned.filter(({ roomNum }) => !existing.has(roomNum));
    const rcuIds = fresh.map(({ roomNum }) => bulkRcuId(hotelId, roomNum));
    const [takenRcuId] = await repository.takenRcuIds(trx, rcuIds);
    if (takenRcuId !== undefined) throw new AppError(ErrorCode.conflict, 'rooms.rcuTaken', { rcu_id: takenRcuId });
    const now = clock().toISOString();
    await repository.insertRooms(
      trx,
      fresh.map(({ roomNum, floor }, index) =>
        newRoomRow(
          {
            hotel_id: hotelId,
            building_id: building.id,
            room_type_id: body.room_type_id,
            room_num: roomNum,
            floor_num: floor,
            rcu_id: rcuIds[index] as string,
          },
          now,
          keys,
        ),
      ),
    );
    await recordOperation(trx, clock, who(actor, hotelId), {
      action: 'rooms_add',
      target: building.name,
      detail: {
        floors: body.floors,
        rooms: body.rooms,
        pattern,
        room_type_id: roomType.id,
        room_type: roomType.name,
        created: fresh.length,
        skipped: skipped.length,
      },
    });
    return { result: { created: fresh.length, skipped }, rcuIds };
  });
  await devices.added(rcuIds);
  return result;
}

export async function updateRoom(
  { db, clock, devices, keys }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomUpdateBody,
  language: Language,
): Promise<Room> {
  const { room, rcuIds } = await db.transaction().execute(async (trx) => {
    const before = await existingRoom(trx, hotelId, body.id);
    const changes: Partial<NewRoomRow> = {};
    let building: BuildingRow | undefined;
    let roomTypeName: string | undefined;
    if (body.building_id !== undefined && body.building_id !== before.building_id) {
      building = await buildingForRooms(trx, clock, hotelId, body.building_id, language);
      changes.building_id = building.id;
    }
    if (body.floor_num !== undefined) changes.floor_num = body.floor_num;
    if (building || body.floor_num !== undefined) {
      building ??= await buildingForRooms(trx, clock, hotelId, before.building_id, language);
      checkFloor(building, body.floor_num ?? before.floor_num);
    }
    if (body.room_type_id !== undefined) {
      roomTypeName = (await existingRoomType(trx, hotelId, body.room_type_id)).name;
      changes.room_type_id = body.room_type_id;
    }
    if (body.room_num !== undefined) {
      await ensureNumFree(trx, hotelId, body.room_num, before.id);
      changes.room_num = body.room_num;
    }
    if (body.rcu_id !== undefined) {
      changes.rcu_id = lettersAndDigits(body.rcu_id);
      await ensureRcuFree(trx, changes.rcu_id, before.id);
    }
    if (body.mac !== undefined) changes.mac = macOf(body.mac);
    if (body.remark !== undefined) changes.remark = body.remark;
    if (body.validdate !== undefined) changes.validdate = body.validdate;
    await repository.updateRoom(trx, hotelId, before.id, changes);
    const after = await existingRoom(trx, hotelId, before.id);
    const { device_key: _key, ...logged } = asLogged(before);
    await recordOperation(trx, clock, who(actor, hotelId), {
      action: 'room_update',
      target: after.room_num,
      // The new type and building by their names too, as they are called now: the log keeps what they were then.
      detail: {
        id: after.id,
        before: logged,
        changes: {
          ...changes,
          room_type: roomTypeName,
          building: changes.building_id === undefined ? undefined : building?.name,
        },
      },
    });
    return { room: roomsFor(actor, keys)(after), rcuIds: [...new Set([before.rcu_id, after.rcu_id])] };
  });
  await devices.changed(rcuIds);
  return room;
}

/** All or nothing: an id that is not a room of the hotel is 4404 and nothing goes. */
export async function removeRooms(
  { db, clock, devices }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomDeleteBody,
): Promise<{ deleted: number }> {
  const gone = await db.transaction().execute(async (trx) => {
    const rooms = await repository.roomsOfIds(trx, hotelId, body.ids);
    if (rooms.length !== body.ids.length) throw notFound('rooms.notFound');
    await repository.deleteRooms(trx, hotelId, body.ids);
    await recordOperation(trx, clock, who(actor, hotelId), {
      action: 'room_delete',
      target: String(body.ids.length),
      // The rooms by their numbers too: once deleted, their ids name nothing a reader can find.
      detail: { ids: body.ids, room_nums: rooms.map((room) => room.room_num) },
    });
    return rooms;
  });
  await devices.removed(gone);
  return { deleted: gone.length };
}

/** A new device key: the RCU must be given it; the old one stops working. */
export async function regenerateKey(
  { db, clock, devices, keys }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomKeyBody,
): Promise<{ device_key: string }> {
  const { deviceKey, rcuId } = await db.transaction().execute(async (trx) => {
    const room = await existingRoom(trx, hotelId, body.id);
    const deviceKey = newDeviceKey();
    await repository.updateRoom(trx, hotelId, room.id, { device_key: keys.seal(deviceKey) });
    await recordOperation(trx, clock, who(actor, hotelId), {
      action: 'room_key',
      target: room.room_num,
      detail: { id: room.id, rcu_id: room.rcu_id },
    });
    return { deviceKey, rcuId: room.rcu_id };
  });
  await devices.changed([rcuId]);
  return { device_key: deviceKey };
}

/**
 * The start-up pass over stored device keys (idempotent): keys stored before sealing (no `v1:`)
 * are sealed with this server's secret; then one sealed key is tried, and when it does not open,
 * the keys that do not are counted, so that the server says at start that its secret is not
 * the one they were sealed with (docs/operations.md "Device-key secret").
 */
export async function sealStoredKeys({ db, keys }: RoomDeps): Promise<{ sealed: number; unreadable: number }> {
  const plain = await repository.unsealedDeviceKeys(db);
  if (plain.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const room of plain)
        await repository.replaceDeviceKey(trx, room.id, room.device_key, keys.seal(room.device_key));
    });
  }
  const [sample] = await repository.sealedDeviceKeys(db, 1);
  if (!sample || keys.open(sample.device_key) !== null) return { sealed: plain.length, unreadable: 0 };
  const all = await repository.sealedDeviceKeys(db);
  return { sealed: plain.length, unreadable: all.filter((room) => keys.open(room.device_key) === null).length };
}
