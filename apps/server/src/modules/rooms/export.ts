// The files a hotel's rooms leave in: the rooms as CSV or XLSX, their device keys, the import template.

import {
  DEMO_WORDS,
  DEVICE_KEY_COLUMNS,
  type Device,
  type Language,
  ROOM_COLUMNS,
  type RoomExportBody,
  type RoomFileFormat,
  type RoomKeyExportBody,
  type RoomTemplateBody,
  XLSX_CONTENT_TYPE,
} from '@roompilot/contract';
import { type Actor, who } from '../../access.js';
import { isoDate } from '../../clock.js';
import { fieldLabel, translate } from '../../i18n.js';
import * as buildingRepository from '../buildings/repository.js';
import { recordOperation } from '../oplog/service.js';
import * as roomTypeRepository from '../roomtypes/repository.js';
import { writeCsv, writeXlsx } from './files.js';
import * as repository from './repository.js';
import type { RoomDeps } from './rules.js';

export interface RoomFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

async function fileOf(format: RoomFileFormat, name: string, rows: string[][]): Promise<RoomFile> {
  return format === 'csv'
    ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: writeCsv(rows) }
    : { filename: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await writeXlsx(rows) };
}

/**
 * The header row of a room sheet: each column of ROOM_COLUMNS as the screens label it, in the
 * caller's language (an import reads these headers in any language, or the column names themselves).
 */
export const roomHeaders = (language: Language): string[] => ROOM_COLUMNS.map((column) => fieldLabel(language, column));

/** The columns of ROOM_COLUMNS (building and type by name), filtered as the room list. */
export async function exportRooms(
  { db, clock }: RoomDeps,
  hotelId: number,
  body: RoomExportBody,
  language: Language,
): Promise<RoomFile> {
  const { format, hotel_id: _hotel, ...filter } = body;
  const rooms = await repository.listRooms(db, hotelId, filter);
  return fileOf(format, `rooms-${hotelId}-${isoDate(clock())}`, [
    roomHeaders(language),
    ...rooms.map((room) => [
      room.room_num,
      String(room.floor_num),
      room.building_name,
      room.room_type_name,
      room.rcu_id,
      room.mac,
      room.remark,
      room.validdate ?? '',
    ]),
  ]);
}

/** The rooms' device keys with their room type's device keys (`devices`, space separated). */
export async function exportDeviceKeys(
  { db, clock, keys }: RoomDeps,
  actor: Actor,
  hotelId: number,
  body: RoomKeyExportBody,
): Promise<RoomFile> {
  const { hotel_id: _hotel, ...filter } = body;
  const [rooms, types] = await Promise.all([
    repository.listRooms(db, hotelId, filter),
    roomTypeRepository.listRoomTypes(db, hotelId),
  ]);
  const keysOfType = new Map(
    types.map((type) => [type.id, (JSON.parse(type.devices) as Device[]).map((device) => device.key).join(' ')]),
  );
  await recordOperation(db, clock, who(actor, hotelId), {
    action: 'room_key_export',
    target: String(rooms.length),
    // The type and the building picked by their names too (the rooms found are all of that building).
    detail: {
      ...filter,
      room_type: types.find((type) => type.id === filter.room_type_id)?.name,
      building: filter.building_id === undefined ? undefined : rooms[0]?.building_name,
    },
  });
  return fileOf('csv', `device-keys-${hotelId}-${isoDate(clock())}`, [
    [...DEVICE_KEY_COLUMNS],
    ...rooms.map((room) => [
      room.rcu_id,
      keys.open(room.device_key) ?? '',
      room.room_num,
      String(room.floor_num),
      room.building_name,
      keysOfType.get(room.room_type_id) ?? '',
    ]),
  ]);
}

/** The header row and one example row, with the hotel's first building and type when it has them. */
export async function roomTemplate(
  { db }: RoomDeps,
  hotelId: number,
  body: RoomTemplateBody,
  language: Language,
): Promise<RoomFile> {
  const [building] = await buildingRepository.listBuildings(db, hotelId);
  const [roomType] = await roomTypeRepository.listRoomTypes(db, hotelId);
  const example = [
    '0201',
    '2',
    building?.name ?? DEMO_WORDS[language].building,
    roomType?.name ?? DEMO_WORDS[language].roomTypes.standard,
    'R0201',
    'A1B2C3D4E5F6',
    translate(language, 'import.exampleRow'),
    '',
  ];
  return fileOf(body.format, 'rooms-template', [roomHeaders(language), example]);
}
