// Importing rooms from a CSV or XLSX file: every row checked before anything is written; when any
// row is bad, 4400 with every bad row by line and field, and nothing imported. A header without a
// required column is one 4400 naming the missing columns.

import {
  ErrorCode,
  FLOOR_MAX,
  FLOOR_MIN,
  LANGUAGES,
  type Language,
  lettersAndDigits,
  ROOM_COLUMNS,
  ROOM_IMPORT_MAX_BYTES,
  ROOM_REMARK_MAX,
  ROOMS_BULK_MAX,
  type RoomColumn,
  type RoomImportError,
  type RoomImportResult,
} from '@roompilot/contract';
import { type Actor, who } from '../../access.js';
import type { BuildingRow, NewRoomRow, RoomTypeRow } from '../../db/schema.js';
import { AppError, invalid, tooLarge } from '../../errors.js';
import { fieldLabel, type MessageKey, translate } from '../../i18n.js';
import * as buildingRepository from '../buildings/repository.js';
import { buildingForRooms } from '../buildings/service.js';
import { recordOperation } from '../oplog/service.js';
import * as roomTypeRepository from '../roomtypes/repository.js';
import { looksLikeXlsx, readCsv, readXlsx, SheetLimitError, type SheetLine, unguardFormula } from './files.js';
import * as repository from './repository.js';
import { newRoomRow, normalizedMac, RCU_ID, ROOM_NUM, type RoomDeps, validDate } from './rules.js';

export interface RoomUpload {
  filename: string;
  content: Buffer;
  /** Overrides the building column of every row. */
  buildingId?: number;
  /** The Administrator's hotel (a form field); the handler resolves it. */
  hotelId?: number;
}

type Say = (key: MessageKey, params?: Record<string, string | number>) => string;
/** A column as the template's header labels it, in the caller's language. */
type Label = (column: RoomColumn) => string;

const headerKey = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/**
 * Each header a sheet may name a column by: the column's name (`room_num`) or its label in any
 * language (`房号`, `Room number`), as the template and the export of any language write it.
 */
const HEADER_COLUMNS = new Map<string, RoomColumn>(
  ROOM_COLUMNS.flatMap((column) =>
    [column, ...LANGUAGES.map((language) => fieldLabel(language, column))].map(
      (header) => [headerKey(header), column] as const,
    ),
  ),
);

/** How many bytes an .xlsx may inflate to: a full import of ROOMS_BULK_MAX rows is under 15 MB. */
export const ROOM_IMPORT_MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Characters kept of a cell: more than any field may hold (a longer remark is still refused as too long). */
const CELL_CHARS_KEPT = 1024;

/** A file's lines (the header is line 1), or a whole-file problem. */
async function linesOf(upload: RoomUpload): Promise<SheetLine[]> {
  if (looksLikeXlsx(upload.content)) {
    try {
      return await readXlsx(upload.content, {
        rows: ROOMS_BULK_MAX,
        inflatedBytes: ROOM_IMPORT_MAX_INFLATED_BYTES,
        cellChars: CELL_CHARS_KEPT,
      });
    } catch (error) {
      if (error instanceof SheetLimitError && error.limit === 'rows') {
        throw tooLarge('rooms.importTooManyRows', { max: ROOMS_BULK_MAX });
      }
      if (error instanceof SheetLimitError) {
        throw tooLarge('rooms.importInflatedTooLarge', { limit: ROOM_IMPORT_MAX_INFLATED_BYTES / 1024 / 1024 });
      }
      throw invalid('rooms.importUnreadable');
    }
  }
  if (/\.xlsx$/i.test(upload.filename) || upload.content.includes(0)) throw invalid('rooms.importUnreadable');
  return readCsv(upload.content).map((cells, index) => ({ line: index + 1, cells }));
}

/** The sheet's non-empty data rows and a reader of a row's cell by column name; whole-file problems throw. */
async function readSheet(upload: RoomUpload, language: Language, label: Label) {
  if (upload.content.length > ROOM_IMPORT_MAX_BYTES) {
    throw tooLarge('rooms.importTooLarge', { limit: ROOM_IMPORT_MAX_BYTES });
  }
  const lines = await linesOf(upload);
  const header = lines.find(({ line }) => line === 1)?.cells ?? [];
  const rows: SheetLine[] = lines.filter(({ line, cells }) => line > 1 && cells.some((cell) => cell.trim() !== ''));
  if (rows.length > ROOMS_BULK_MAX) throw tooLarge('rooms.importTooManyRows', { max: ROOMS_BULK_MAX });
  if (rows.length === 0) throw invalid('rooms.importEmpty');
  const columns = new Map<string, number>();
  header.forEach((name, index) => {
    const column = HEADER_COLUMNS.get(headerKey(name));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const required = ['room_num', 'floor_num', 'room_type', 'rcu_id'] as const;
  const missing = required.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    // A problem of the whole file, said once: not an error of each column on the header's line.
    const columns = new Intl.ListFormat(language, { type: 'conjunction' }).format(missing.map(label));
    throw invalid(missing.length === 1 ? 'rooms.importMissingColumn' : 'rooms.importMissingColumns', { columns });
  }
  const cell = (cells: string[], column: string) => {
    const index = columns.get(column);
    return index === undefined ? '' : unguardFormula((cells[index] ?? '').trim());
  };
  return { rows, cell };
}

/** What a row is checked against: the hotel's rooms, buildings and types, and the rows above it. */
interface RowContext {
  hotelId: number;
  now: string;
  keys: RoomDeps['keys'];
  cell: (cells: string[], column: string) => string;
  /** `building_id` of the upload: every row goes there. */
  override: BuildingRow | undefined;
  /** The building of a row that names none (made on first use when the hotel has none). */
  fallback: () => Promise<BuildingRow>;
  buildings: Map<string, BuildingRow>;
  roomTypes: Map<string, RoomTypeRow>;
  existingNums: Set<string>;
  takenRcu: Set<string>;
  /** The line of each room number and rcu_id seen so far. */
  numLines: Map<string, number>;
  rcuLines: Map<string, number>;
}

/** One row: its room, or its errors (added to `errors`). */
async function checkRow(
  context: RowContext,
  { line, cells }: SheetLine,
  errors: RoomImportError[],
  say: Say,
  label: Label,
): Promise<NewRoomRow | undefined> {
  const { cell } = context;
  const fail = (field: RoomColumn, key: MessageKey, params?: Record<string, string | number>) =>
    errors.push({ line, field, column: label(field), message: say(key, params) });
  const before = errors.length;

  const roomNum = cell(cells, 'room_num');
  if (roomNum === '') fail('room_num', 'import.required');
  else if (!ROOM_NUM.test(roomNum)) fail('room_num', 'import.badRoomNum');
  else if (context.existingNums.has(roomNum)) fail('room_num', 'import.roomNumTaken', { value: roomNum });
  else if (context.numLines.has(roomNum))
    fail('room_num', 'import.repeated', { other: context.numLines.get(roomNum) ?? 0 });
  else context.numLines.set(roomNum, line);

  let building = context.override;
  const buildingName = cell(cells, 'building');
  if (!building && buildingName !== '') {
    building = context.buildings.get(buildingName);
    if (!building) fail('building', 'import.unknownBuilding', { value: buildingName });
  } else if (!building) {
    building = await context.fallback();
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
  const roomType = context.roomTypes.get(typeName);
  if (typeName === '') fail('room_type', 'import.required');
  else if (!roomType) fail('room_type', 'import.unknownRoomType', { value: typeName });

  const rcuId = lettersAndDigits(cell(cells, 'rcu_id'));
  if (rcuId === '') fail('rcu_id', 'import.required');
  else if (!RCU_ID.test(rcuId)) fail('rcu_id', 'import.badRcuId');
  else if (context.takenRcu.has(rcuId)) fail('rcu_id', 'import.rcuTaken', { value: rcuId });
  else if (context.rcuLines.has(rcuId)) fail('rcu_id', 'import.repeated', { other: context.rcuLines.get(rcuId) ?? 0 });
  else context.rcuLines.set(rcuId, line);

  const mac = normalizedMac(cell(cells, 'mac'));
  if (mac === undefined) fail('mac', 'import.badMac');

  const remark = cell(cells, 'remark');
  if (remark.length > ROOM_REMARK_MAX) fail('remark', 'import.tooLong', { max: ROOM_REMARK_MAX });

  const validdate = cell(cells, 'validdate');
  if (validdate !== '' && !validDate(validdate)) fail('validdate', 'import.badDate');

  if (errors.length > before || !building || !roomType || mac === undefined) return undefined;
  return newRoomRow(
    {
      hotel_id: context.hotelId,
      building_id: building.id,
      room_type_id: roomType.id,
      room_num: roomNum,
      floor_num: floor,
      rcu_id: rcuId,
      mac,
      remark,
      validdate: validdate === '' ? null : validdate,
    },
    context.now,
    context.keys,
  );
}

/**
 * Every row checked before anything is written: when any row is bad, 4400 with every bad row
 * by line and field, and nothing imported. Lines are spreadsheet lines (the header is line 1).
 */
export async function importRooms(
  deps: RoomDeps,
  actor: Actor,
  hotelId: number,
  upload: RoomUpload,
  language: Language,
): Promise<RoomImportResult> {
  const say: Say = (key, params) => translate(language, key, params);
  const label: Label = (column) => fieldLabel(language, column);
  // One import at a time per hotel: a second one while the first reads and writes is 4429.
  const importing = IMPORTING.get(deps.db) ?? new Set<number>();
  IMPORTING.set(deps.db, importing);
  if (importing.has(hotelId)) throw new AppError(ErrorCode.tooManyRequests, 'rooms.importBusy');
  importing.add(hotelId);
  try {
    return await readAndImport(deps, actor, hotelId, upload, language, say, label);
  } finally {
    importing.delete(hotelId);
  }
}

/** The hotels importing now, per database (a process may serve more than one app, as the tests do). */
const IMPORTING = new WeakMap<object, Set<number>>();

async function readAndImport(
  { db, clock, keys, devices }: RoomDeps,
  actor: Actor,
  hotelId: number,
  upload: RoomUpload,
  language: Language,
  say: Say,
  label: Label,
): Promise<RoomImportResult> {
  const { rows, cell } = await readSheet(upload, language, label);

  const rooms = await db.transaction().execute(async (trx) => {
    const override =
      upload.buildingId === undefined
        ? undefined
        : await buildingForRooms(trx, clock, hotelId, upload.buildingId, language);
    let fallback: BuildingRow | undefined = override;
    const context: RowContext = {
      hotelId,
      keys,
      cell,
      override,
      fallback: async () => {
        fallback ??= await buildingForRooms(trx, clock, hotelId, undefined, language);
        return fallback;
      },
      buildings: new Map((await buildingRepository.listBuildings(trx, hotelId)).map((b) => [b.name, b])),
      roomTypes: new Map((await roomTypeRepository.listRoomTypes(trx, hotelId)).map((r) => [r.name, r])),
      existingNums: await repository.roomNumsOfHotel(trx, hotelId),
      takenRcu: await repository.takenRcuIds(
        trx,
        rows.map(({ cells }) => lettersAndDigits(cell(cells, 'rcu_id'))).filter(Boolean),
      ),
      now: clock().toISOString(),
      numLines: new Map(),
      rcuLines: new Map(),
    };

    const errors: RoomImportError[] = [];
    const rooms: NewRoomRow[] = [];
    for (const row of rows) {
      const room = await checkRow(context, row, errors, say, label);
      if (room) rooms.push(room);
    }
    if (errors.length > 0) {
      const count = new Set(errors.map((error) => error.line)).size;
      const key = count === 1 ? 'rooms.importErrorsOne' : 'rooms.importErrors';
      throw new AppError(ErrorCode.invalid, key, { count }, { errors });
    }
    await repository.insertRooms(trx, rooms);
    await recordOperation(trx, clock, who(actor, hotelId), {
      action: 'room_import',
      target: upload.filename,
      // The building chosen for every row, by its name too; none: each row's own (its column).
      detail: { created: rooms.length, building_id: override?.id ?? null, building: override?.name ?? null },
    });
    return rooms;
  });
  await devices.added(rooms.map((room) => room.rcu_id));
  return { created: rooms.length };
}
