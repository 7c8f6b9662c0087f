// Reading a hotel's rooms: pages filtered and sorted, whole lists for pickers, versions.

import type {
  AllRoomsBody,
  BasicRoom,
  HotelRoom,
  Page,
  Room,
  RoomListBody,
  UpgradeRoom,
  UpgradeRoomListBody,
} from '@roompilot/contract';
import type { Actor } from '../../access.js';
import * as repository from './repository.js';
import { type RoomDeps, roomsFor } from './rules.js';

function page(body: { current?: number; size?: number }) {
  return { current: body.current ?? 1, size: body.size ?? 20 };
}

export async function listRooms(
  { db, keys }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomListBody,
): Promise<Page<Room>> {
  const { current, size } = page(body);
  const { records, total } = await repository.pageRooms(
    db,
    hotelId,
    body,
    { sort: body.sort ?? 'room_num', direction: body.order ?? 'asc' },
    { current, size },
  );
  return { records: records.map(roomsFor(actor, keys)), total, current, size };
}

export async function allRooms(
  { db, keys }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: AllRoomsBody,
): Promise<{ records: Room[]; total: number }> {
  const rows = await repository.listRooms(db, hotelId, { building_id: body.building_id });
  return { records: rows.map(roomsFor(actor, keys)), total: rows.length };
}

export async function basicRooms(
  { db }: RoomDeps,
  hotelId: number,
  body: AllRoomsBody,
): Promise<{ records: BasicRoom[]; total: number }> {
  const rows = await repository.listBasicRooms(db, hotelId, { building_id: body.building_id });
  return { records: rows, total: rows.length };
}

export async function upgradeRooms(
  { db, online }: RoomDeps,
  hotelId: number,
  body: UpgradeRoomListBody,
): Promise<Page<UpgradeRoom>> {
  const { current, size } = page(body);
  const filter: repository.UpgradeRoomFilter = {
    building_id: body.building_id,
    floor_num: body.floor_num,
    room_type_id: body.room_type_id,
    keyword: body.keyword,
    fw: body.fw,
    cfg: body.cfg,
    ir: body.ir,
    params_version: body.params_version,
  };
  if (body.online !== undefined) {
    // Online is the live state's: the matching rooms' ids first, then the page among them.
    const candidates = await repository.listBasicRooms(db, hotelId, filter);
    const onlineIds = await online(candidates.map((room) => room.id));
    filter.ids = candidates.filter((room) => onlineIds.has(room.id) === body.online).map((room) => room.id);
    if (filter.ids.length === 0) return { records: [], total: 0, current, size };
  }
  const { records, total } = await repository.pageUpgradeRooms(db, hotelId, filter, { current, size });
  const onlineNow = await online(records.map((row) => row.id));
  return { records: records.map((row) => ({ ...row, online: onlineNow.has(row.id) })), total, current, size };
}

export async function hotelRooms({ db }: RoomDeps, hotelId: number): Promise<HotelRoom[]> {
  const rows = await repository.listBasicRooms(db, hotelId, {});
  return rows.map(({ id, room_num, floor_num }) => ({ id, room_num, floor_num }));
}
