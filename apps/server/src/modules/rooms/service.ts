import { randomBytes } from 'node:crypto';
import {
  type AllRoomsBody,
  type BasicRoom,
  bulkRcuId,
  DEVICE_KEY_COLUMNS,
  type Device,
  ErrorCode,
  FLOOR_MAX,
  FLOOR_MIN,
  type HotelRoom,
  type HotelRoomsBody,
  holds,
  type Language,
  lettersAndDigits,
  type Page,
  RCU_ID_PATTERN,
  ROOM_COLUMNS,
  ROOM_IMPORT_MAX_BYTES,
  ROOM_NUM_PATTERN,
  ROOM_PATTERN_DEFAULT,
  ROOM_REMARK_MAX,
  ROOMS_BULK_MAX,
  type Room,
  type RoomAddBody,
  type RoomDeleteBody,
  type RoomExportBody,
  type RoomFileFormat,
  type RoomImportError,
  type RoomKeyBody,
  type RoomKeyExportBody,
  type RoomListBody,
  type RoomsAddBody,
  type RoomsAddResult,
  type RoomTemplateBody,
  type RoomUpdateBody,
  roomNumber,
  type UpgradeRoom,
  type UpgradeRoomListBody,
  XLSX_CONTENT_TYPE,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, hotelOf, who } from '../../access.js';
import { type Clock, isoDate } from '../../clock.js';
import type { BuildingRow, Database, Db, NewRoomRow } from '../../db/schema.js';
import { AppError, invalid, notFound, tooLarge } from '../../errors.js';
import { type MessageKey, translate } from '../../i18n.js';
import * as buildingRepository from '../buildings/repository.js';
import { buildingForRooms, checkFloor } from '../buildings/service.js';
import { scopedHotel } from '../hotels/service.js';
import { recordOperation } from '../oplog/service.js';
import * as roomTypeRepository from '../roomtypes/repository.js';
import { looksLikeXlsx, readCsv, readXlsx, unguardFormula, writeCsv, writeXlsx } from './files.js';
import * as repository from './repository.js';

const ROOM_NUM = new RegExp(ROOM_NUM_PATTERN);
const RCU_ID = new RegExp(RCU_ID_PATTERN);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A new device key: the RCU's MQTT password (PROTOCOL.md), stored as given, compared by the broker. */
export function newDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

/** A MAC as stored: separators stripped, upper case; '' when none. Undefined when it is not 12 hex digits. */
export function normalizedMac(value: string): string | undefined {
  const mac = value.replace(/[:.\-\s]/g, '').toUpperCase();
  return mac === '' || /^[0-9A-F]{12}$/.test(mac) ? mac : undefined;
}

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDate(date) === value;
}

/** Rooms as answered: the device key only to holders of pm_roomdetail (or `*`). */
function roomsFor(actor: Actor): (row: repository.NamedRoomRow) => Room {
  // The answer schema leaves out what a Room does not have (created_at); rows pass as they are.
  if (holds(actor.perms, 'pm_roomdetail')) return (row) => row;
  return ({ device_key: _key, ...rest }) => rest;
}

function toRoom(row: repository.NamedRoomRow, actor: Actor): Room {
  return roomsFor(actor)(row);
}

function page(body: { current?: number; size?: number }) {
  return { current: body.current ?? 1, size: body.size ?? 20 };
}

export interface RoomFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export interface RoomUpload {
  filename: string;
  content: Buffer;
  /** Overrides the building column of every row. */
  buildingId?: number;
  hotelId?: number;
}

/** A file's rows, or a whole-file problem. */
async function rowsOf(upload: RoomUpload): Promise<string[][]> {
  try {
    if (looksLikeXlsx(upload.content)) return await readXlsx(upload.content);
  } catch {
    throw invalid('rooms.importUnreadable');
  }
  if (/\.xlsx$/i.test(upload.filename) || upload.content.includes(0)) throw invalid('rooms.importUnreadable');
  return readCsv(upload.content);
}

/**
 * What the live side is told after rooms change (committed): RCUs whose room changed (rcu_id, key,
 * place: the gateway re-reads them and drops a connection whose key no longer opens the door), and
 * rooms that are gone (their RCUs are disconnected, their live state forgotten).
 */
export interface RoomDeviceHooks {
  changed(rcuIds: string[]): Promise<void>;
  removed(rooms: { id: number; rcu_id: string }[]): Promise<void>;
}

export const NO_ROOM_DEVICES: RoomDeviceHooks = { changed: async () => {}, removed: async () => {} };

/** Room ids that are online now, as the live store says. */
export type OnlineRooms = (roomIds: number[]) => Promise<Set<number>>;

export function createRoomService({
  db,
  clock,
  devices = NO_ROOM_DEVICES,
  online = async () => new Set(),
}: {
  db: Kysely<Database>;
  clock: Clock;
  devices?: RoomDeviceHooks;
  online?: OnlineRooms;
}) {
  async function existingRoom(trx: Db, hotelId: number, id: number) {
    const room = await repository.findRoom(trx, hotelId, id);
    if (!room) throw notFound('rooms.notFound');
    return room;
  }

  async function existingRoomType(trx: Db, hotelId: number, id: number) {
    const roomType = await roomTypeRepository.findRoomType(trx, hotelId, id);
    if (!roomType) throw new AppError(ErrorCode.notFound, 'rooms.roomTypeNotFound', { id });
    return roomType;
  }

  async function ensureNumFree(trx: Db, hotelId: number, roomNum: string, exceptId?: number): Promise<void> {
    const other = await repository.findRoomByNum(trx, hotelId, roomNum);
    if (other && other.id !== exceptId) throw new AppError(ErrorCode.conflict, 'rooms.numTaken', { room_num: roomNum });
  }

  async function ensureRcuFree(trx: Db, rcuId: string, exceptId?: number): Promise<void> {
    const other = await repository.findRoomByRcuId(trx, rcuId);
    if (other && other.id !== exceptId) throw new AppError(ErrorCode.conflict, 'rooms.rcuTaken', { rcu_id: rcuId });
  }

  function macOf(value: string): string {
    const mac = normalizedMac(value);
    if (mac === undefined) throw invalid('rooms.badMac');
    return mac;
  }

  /** Rows of the hotel's rooms for a sheet, header first. */
  async function sheetRows(hotelId: number, filter: repository.RoomFilter): Promise<string[][]> {
    const rooms = await repository.listRooms(db, hotelId, filter);
    return [
      [...ROOM_COLUMNS],
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
    ];
  }

  async function fileOf(format: RoomFileFormat, name: string, rows: string[][]): Promise<RoomFile> {
    return format === 'csv'
      ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: writeCsv(rows) }
      : { filename: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await writeXlsx(rows) };
  }

  return {
    async list(actor: Actor, body: RoomListBody): Promise<Page<Room>> {
      const { current, size } = page(body);
      const { records, total } = await repository.pageRooms(
        db,
        hotelOf(actor, body.hotel_id),
        body,
        { sort: body.sort ?? 'room_num', direction: body.order ?? 'asc' },
        { current, size },
      );
      return { records: records.map(roomsFor(actor)), total, current, size };
    },

    async all(actor: Actor, body: AllRoomsBody): Promise<{ records: Room[]; total: number }> {
      const rows = await repository.listRooms(db, hotelOf(actor, body.hotel_id), { building_id: body.building_id });
      return { records: rows.map(roomsFor(actor)), total: rows.length };
    },

    async basic(actor: Actor, body: AllRoomsBody): Promise<{ records: BasicRoom[]; total: number }> {
      const rows = await repository.listBasicRooms(db, hotelOf(actor, body.hotel_id), {
        building_id: body.building_id,
      });
      return { records: rows, total: rows.length };
    },

    async upgradeList(actor: Actor, body: UpgradeRoomListBody): Promise<Page<UpgradeRoom>> {
      const { current, size } = page(body);
      const { records, total } = await repository.pageUpgradeRooms(
        db,
        hotelOf(actor, body.hotel_id),
        { room_type_id: body.room_type_id, keyword: body.keyword },
        { current, size },
      );
      const onlineNow = await online(records.map((row) => row.id));
      return { records: records.map((row) => ({ ...row, online: onlineNow.has(row.id) })), total, current, size };
    },

    async hotelRooms(actor: Actor, body: HotelRoomsBody): Promise<HotelRoom[]> {
      const rows = await repository.listBasicRooms(db, hotelOf(actor, body.hotel_id), {});
      return rows.map(({ id, room_num, floor_num }) => ({ id, room_num, floor_num }));
    },

    add(actor: Actor, body: RoomAddBody): Promise<Room> {
      return db.transaction().execute(async (trx) => {
        const hotelId = await scopedHotel(trx, actor, body.hotel_id);
        const building = await buildingForRooms(trx, clock, hotelId, body.building_id);
        checkFloor(building, body.floor_num);
        await existingRoomType(trx, hotelId, body.room_type_id);
        const rcuId = lettersAndDigits(body.rcu_id);
        await ensureNumFree(trx, hotelId, body.room_num);
        await ensureRcuFree(trx, rcuId);
        const id = await repository.insertRoom(trx, {
          hotel_id: hotelId,
          building_id: building.id,
          room_type_id: body.room_type_id,
          room_num: body.room_num,
          floor_num: body.floor_num,
          rcu_id: rcuId,
          mac: macOf(body.mac ?? ''),
          remark: body.remark ?? '',
          validdate: body.validdate ?? null,
          versiontime: null,
          pubdate: null,
          fw: null,
          cfg: null,
          ir: null,
          device_key: newDeviceKey(),
          created_at: clock().toISOString(),
        });
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          { action: 'room_add', target: body.room_num, detail: { id, rcu_id: rcuId, building_id: building.id } },
        );
        return toRoom(await existingRoom(trx, hotelId, id), actor);
      });
    },

    /**
     * Floors × rooms with a number pattern, in one transaction: existing numbers are skipped and
     * reported; any other problem refuses the whole call.
     */
    bulkAdd(actor: Actor, body: RoomsAddBody): Promise<RoomsAddResult> {
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
      return db.transaction().execute(async (trx) => {
        const hotelId = await scopedHotel(trx, actor, body.hotel_id);
        const building = await buildingForRooms(trx, clock, hotelId, body.building_id);
        checkFloor(building, floorFrom);
        checkFloor(building, floorTo);
        await existingRoomType(trx, hotelId, body.room_type_id);
        const existing = await repository.roomNumsOfHotel(trx, hotelId);
        const skipped = planned.filter(({ roomNum }) => existing.has(roomNum)).map(({ roomNum }) => roomNum);
        const fresh = planned.filter(({ roomNum }) => !existing.has(roomNum));
        const rcuIds = fresh.map(({ roomNum }) => bulkRcuId(hotelId, roomNum));
        const [takenRcuId] = await repository.takenRcuIds(trx, rcuIds);
        if (takenRcuId !== undefined) throw new AppError(ErrorCode.conflict, 'rooms.rcuTaken', { rcu_id: takenRcuId });
        const now = clock().toISOString();
        await repository.insertRooms(
          trx,
          fresh.map(({ roomNum, floor }, index) => ({
            hotel_id: hotelId,
            building_id: building.id,
            room_type_id: body.room_type_id,
            room_num: roomNum,
            floor_num: floor,
            rcu_id: rcuIds[index] as string,
            mac: '',
            remark: '',
            validdate: null,
            versiontime: null,
            pubdate: null,
            fw: null,
            cfg: null,
            ir: null,
            device_key: newDeviceKey(),
            created_at: now,
          })),
        );
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          {
            action: 'rooms_add',
            target: building.name,
            detail: {
              floors: body.floors,
              rooms: body.rooms,
              pattern,
              room_type_id: body.room_type_id,
              created: fresh.length,
              skipped: skipped.length,
            },
          },
        );
        return { created: fresh.length, skipped };
      });
    },

    async update(actor: Actor, body: RoomUpdateBody): Promise<Room> {
      const { room, rcuIds } = await db.transaction().execute(async (trx) => {
        const hotelId = hotelOf(actor, body.hotel_id);
        const before = await existingRoom(trx, hotelId, body.id);
        const changes: Partial<NewRoomRow> = {};
        let building: BuildingRow | undefined;
        if (body.building_id !== undefined && body.building_id !== before.building_id) {
          building = await buildingForRooms(trx, clock, hotelId, body.building_id);
          changes.building_id = building.id;
        }
        if (body.floor_num !== undefined) changes.floor_num = body.floor_num;
        if (building || body.floor_num !== undefined) {
          building ??= await buildingForRooms(trx, clock, hotelId, before.building_id);
          checkFloor(building, body.floor_num ?? before.floor_num);
        }
        if (body.room_type_id !== undefined) {
          await existingRoomType(trx, hotelId, body.room_type_id);
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
        const { device_key: _key, ...logged } = before;
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          { action: 'room_update', target: after.room_num, detail: { id: after.id, before: logged, changes } },
        );
        return { room: toRoom(after, actor), rcuIds: [...new Set([before.rcu_id, after.rcu_id])] };
      });
      await devices.changed(rcuIds);
      return room;
    },

    /** All or nothing: an id that is not a room of the caller's hotel is 4404 and nothing goes. */
    async remove(actor: Actor, body: RoomDeleteBody): Promise<{ deleted: number }> {
      const gone = await db.transaction().execute(async (trx) => {
        const hotelId = hotelOf(actor, body.hotel_id);
        const rooms = await repository.rcuIdsOfRooms(trx, hotelId, body.ids);
        if (rooms.length !== body.ids.length) throw notFound('rooms.notFound');
        await repository.deleteRooms(trx, hotelId, body.ids);
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          { action: 'room_delete', target: String(body.ids.length), detail: { ids: body.ids } },
        );
        return rooms;
      });
      await devices.removed(gone);
      return { deleted: gone.length };
    },

    /** A new device key: the RCU must be given it; the old one stops working. */
    async regenerateKey(actor: Actor, body: RoomKeyBody): Promise<{ device_key: string }> {
      const { deviceKey, rcuId } = await db.transaction().execute(async (trx) => {
        const hotelId = hotelOf(actor, body.hotel_id);
        const room = await existingRoom(trx, hotelId, body.id);
        const deviceKey = newDeviceKey();
        await repository.updateRoom(trx, hotelId, room.id, { device_key: deviceKey });
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          { action: 'room_key', target: room.room_num, detail: { id: room.id, rcu_id: room.rcu_id } },
        );
        return { deviceKey, rcuId: room.rcu_id };
      });
      await devices.changed([rcuId]);
      return { device_key: deviceKey };
    },

    async export(actor: Actor, body: RoomExportBody): Promise<RoomFile> {
      const hotelId = hotelOf(actor, body.hotel_id);
      const { format, hotel_id: _hotel, ...filter } = body;
      return fileOf(format, `rooms-${hotelId}-${isoDate(clock())}`, await sheetRows(hotelId, filter));
    },

    /** The rooms' device keys with their room type's device keys (`devices`, space separated). */
    async exportKeys(actor: Actor, body: RoomKeyExportBody): Promise<RoomFile> {
      const hotelId = hotelOf(actor, body.hotel_id);
      const { hotel_id: _hotel, ...filter } = body;
      const [rooms, types] = await Promise.all([
        repository.listRooms(db, hotelId, filter),
        roomTypeRepository.listRoomTypes(db, hotelId),
      ]);
      const keysOfType = new Map(
        types.map((type) => [type.id, (JSON.parse(type.devices) as Device[]).map((device) => device.key).join(' ')]),
      );
      await recordOperation(
        db,
        clock,
        { ...who(actor), hotelId },
        { action: 'room_key_export', target: String(rooms.length), detail: filter },
      );
      return fileOf('csv', `device-keys-${hotelId}-${isoDate(clock())}`, [
        [...DEVICE_KEY_COLUMNS],
        ...rooms.map((room) => [
          room.rcu_id,
          room.device_key,
          room.room_num,
          String(room.floor_num),
          room.building_name,
          keysOfType.get(room.room_type_id) ?? '',
        ]),
      ]);
    },

    /** The header row and one example row, with the hotel's first building and type when it has them. */
    async template(actor: Actor, body: RoomTemplateBody): Promise<RoomFile> {
      const hotelId = hotelOf(actor, body.hotel_id);
      const [building] = await buildingRepository.listBuildings(db, hotelId);
      const [roomType] = await roomTypeRepository.listRoomTypes(db, hotelId);
      const example = [
        '0201',
        '2',
        building?.name ?? 'Main building',
        roomType?.name ?? 'Standard King',
        'R0201',
        'A1B2C3D4E5F6',
        'example row: replace or delete',
        '',
      ];
      return fileOf(body.format, 'rooms-template', [[...ROOM_COLUMNS], example]);
    },

    /**
     * Every row checked before anything is written: when any row is bad, 4400 with every bad row
     * by line and field, and nothing imported. Lines are spreadsheet lines (the header is line 1).
     */
    async import(actor: Actor, upload: RoomUpload, language: Language): Promise<{ created: number }> {
      if (upload.content.length > ROOM_IMPORT_MAX_BYTES) {
        throw tooLarge('rooms.importTooLarge', { limit: ROOM_IMPORT_MAX_BYTES });
      }
      const say = (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
      const rows = await rowsOf(upload);
      const [header = [], ...body] = rows;
      const dataRows = body
        .map((cells, index) => ({ line: index + 2, cells }))
        .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
      if (dataRows.length > ROOMS_BULK_MAX) throw tooLarge('rooms.importTooManyRows', { max: ROOMS_BULK_MAX });
      if (dataRows.length === 0) throw invalid('rooms.importEmpty');

      const columns = new Map(
        header.map((name, index) => [
          name
            .replace(/^\uFEFF/, '')
            .trim()
            .toLowerCase(),
          index,
        ]),
      );
      const required = ['room_num', 'floor_num', 'room_type', 'rcu_id'] as const;
      const missing = required.filter((name) => !columns.has(name));
      if (missing.length > 0) {
        const errors = missing.map((field) => ({
          line: 1,
          field,
          message: say('import.missingColumn', { column: field }),
        }));
        throw new AppError(ErrorCode.invalid, 'rooms.importErrors', { count: 1 }, { errors });
      }
      const cell = (cells: string[], column: string) => {
        const index = columns.get(column);
        return index === undefined ? '' : unguardFormula((cells[index] ?? '').trim());
      };

      return db.transaction().execute(async (trx) => {
        const hotelId = await scopedHotel(trx, actor, upload.hotelId);
        const override =
          upload.buildingId === undefined ? undefined : await buildingForRooms(trx, clock, hotelId, upload.buildingId);
        const buildings = new Map((await buildingRepository.listBuildings(trx, hotelId)).map((b) => [b.name, b]));
        const roomTypes = new Map((await roomTypeRepository.listRoomTypes(trx, hotelId)).map((r) => [r.name, r]));
        const existingNums = await repository.roomNumsOfHotel(trx, hotelId);
        const takenRcu = await repository.takenRcuIds(
          trx,
          dataRows.map(({ cells }) => lettersAndDigits(cell(cells, 'rcu_id'))).filter(Boolean),
        );
        let fallback: BuildingRow | undefined = override;

        const errors: RoomImportError[] = [];
        const rooms: NewRoomRow[] = [];
        const numLines = new Map<string, number>();
        const rcuLines = new Map<string, number>();
        const now = clock().toISOString();
        for (const { line, cells } of dataRows) {
          const fail = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
            errors.push({ line, field, message: say(key, params) });
          const before = errors.length;

          const roomNum = cell(cells, 'room_num');
          if (roomNum === '') fail('room_num', 'import.required');
          else if (!ROOM_NUM.test(roomNum)) fail('room_num', 'import.badRoomNum');
          else if (existingNums.has(roomNum)) fail('room_num', 'import.roomNumTaken', { value: roomNum });
          else if (numLines.has(roomNum)) fail('room_num', 'import.repeated', { other: numLines.get(roomNum) ?? 0 });
          else numLines.set(roomNum, line);

          let building = override;
          const buildingName = cell(cells, 'building');
          if (!building && buildingName !== '') {
            building = buildings.get(buildingName);
            if (!building) fail('building', 'import.unknownBuilding', { value: buildingName });
          } else if (!building) {
            fallback ??= await buildingForRooms(trx, clock, hotelId, undefined);
            building = fallback;
          }

          const floorText = cell(cells, 'floor_num');
          const floor = Number(floorText);
          if (floorText === '') fail('floor_num', 'import.required');
          else if (!/^-?\d+$/.test(floorText) || floor < FLOOR_MIN || floor > FLOOR_MAX) {
            fail('floor_num', 'import.badFloor', { min: FLOOR_MIN, max: FLOOR_MAX });
          } else if (building && (floor < building.floor_from || floor > building.floor_to)) {
            fail('floor_num', 'import.floorOutOfRange', {
              building: building.name,
              from: building.floor_from,
              to: building.floor_to,
            });
          }

          const typeName = cell(cells, 'room_type');
          const roomType = roomTypes.get(typeName);
          if (typeName === '') fail('room_type', 'import.required');
          else if (!roomType) fail('room_type', 'import.unknownRoomType', { value: typeName });

          const rcuId = lettersAndDigits(cell(cells, 'rcu_id'));
          if (rcuId === '') fail('rcu_id', 'import.required');
          else if (!RCU_ID.test(rcuId)) fail('rcu_id', 'import.badRcuId');
          else if (takenRcu.has(rcuId)) fail('rcu_id', 'import.rcuTaken', { value: rcuId });
          else if (rcuLines.has(rcuId)) fail('rcu_id', 'import.repeated', { other: rcuLines.get(rcuId) ?? 0 });
          else rcuLines.set(rcuId, line);

          const mac = normalizedMac(cell(cells, 'mac'));
          if (mac === undefined) fail('mac', 'import.badMac');

          const remark = cell(cells, 'remark');
          if (remark.length > ROOM_REMARK_MAX) fail('remark', 'import.tooLong', { max: ROOM_REMARK_MAX });

          const validdate = cell(cells, 'validdate');
          if (validdate !== '' && !validDate(validdate)) fail('validdate', 'import.badDate');

          if (errors.length > before || !building || !roomType || mac === undefined) continue;
          rooms.push({
            hotel_id: hotelId,
            building_id: building.id,
            room_type_id: roomType.id,
            room_num: roomNum,
            floor_num: floor,
            rcu_id: rcuId,
            mac,
            remark,
            validdate: validdate === '' ? null : validdate,
            versiontime: null,
            pubdate: null,
            fw: null,
            cfg: null,
            ir: null,
            device_key: newDeviceKey(),
            created_at: now,
          });
        }
        if (errors.length > 0) {
          const count = new Set(errors.map((error) => error.line)).size;
          throw new AppError(ErrorCode.invalid, 'rooms.importErrors', { count }, { errors });
        }
        await repository.insertRooms(trx, rooms);
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          {
            action: 'room_import',
            target: upload.filename,
            detail: { created: rooms.length, building_id: upload.buildingId ?? null },
          },
        );
        return { created: rooms.length };
      });
    },
  };
}
export type RoomService = ReturnType<typeof createRoomService>;
