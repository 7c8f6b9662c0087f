import Type, { type Static, type TSchema } from 'typebox';
import { Floor } from './buildings.js';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';

/**
 * Rooms (API.md "Rooms", SPEC.md section 3). A room belongs to one building and one room type of
 * its hotel. Room numbers are unique within a hotel, rcu_ids across all hotels (the rcu_id is the
 * RCU's MQTT client id). `device_key` (the RCU's MQTT password) is only in answers to holders of
 * pm_roomdetail.
 */

export const ROOM_NUM_PATTERN = '^[A-Za-z0-9-]{1,16}$';
export const RCU_ID_PATTERN = '^[A-Za-z0-9]{1,32}$';
/** A MAC as typed: 12 hex digits, separators ':' '-' '.' allowed (the server strips them). */
export const MAC_INPUT_PATTERN = '^[0-9A-Fa-f:.-]{0,20}$';
export const ROOM_REMARK_MAX = 256;
/** The longest search of the room lists (number, RCU id, MAC or remark). */
export const ROOM_KEYWORD_MAX = 64;

/** At most this many rooms in one bulk add, import, or delete. */
export const ROOMS_BULK_MAX = 10_000;
/** Imports: at most ROOMS_BULK_MAX rows and this many bytes. */
export const ROOM_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Bulk add number pattern: `{floor:2}` / `{room:2}` zero-pad to the width, `{floor}` / `{room}` do not. */
export const ROOM_PATTERN_DEFAULT = '{floor:2}{room:2}';
export const ROOM_PATTERN_MAX = 32;

/** Keeps letters and digits only (SPEC.md: rcu_id and mac strip other characters). */
export function lettersAndDigits(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The room number a bulk pattern gives for a floor and a room, or null when the pattern lacks
 * one of the two placeholders. Negative floors keep their sign before the padding ('-1' → '-01').
 */
export function roomNumber(pattern: string, floor: number, room: number): string | null {
  if (!/\{floor(:\d)?\}/.test(pattern) || !/\{room(:\d)?\}/.test(pattern)) return null;
  const pad = (value: number, width: string | undefined) => {
    const digits = String(Math.abs(value)).padStart(width ? Number(width) : 0, '0');
    return value < 0 ? `-${digits}` : digits;
  };
  return pattern
    .replace(/\{floor(?::(\d))?\}/g, (_m, width: string | undefined) => pad(floor, width))
    .replace(/\{room(?::(\d))?\}/g, (_m, width: string | undefined) => pad(room, width));
}

/** The rcu_id a bulk-added room gets: `R{hotel_id}x{room_num}`, letters and digits only. */
export function bulkRcuId(hotelId: number, roomNum: string): string {
  return lettersAndDigits(`R${hotelId}x${roomNum}`);
}

const DateOnly = Type.String({ format: 'date', maxLength: 10 });
/**
 * A string or null, as OpenAPI 3.0 says it (`nullable`): the answer serialiser writes it directly,
 * where a union would make it test every value against each branch (the room list answers 500 rooms).
 */
const NullableString = Type.Unsafe<string | null>({ type: 'string', nullable: true });

export const Room = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  building_id: Type.Integer(),
  building_name: Type.String(),
  room_type_id: Type.Integer(),
  room_type_name: Type.String(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  rcu_id: Type.String(),
  /** 12 upper-case hex digits, or '' when unknown. */
  mac: Type.String(),
  remark: Type.String(),
  /** 'YYYY-MM-DD' or null. */
  validdate: NullableString,
  /** When the RCU's firmware / configuration last changed (ISO), null until the upgrade issue. */
  versiontime: NullableString,
  pubdate: NullableString,
  /** Versions the RCU reported in its `hello` (null until it has connected). */
  fw: NullableString,
  cfg: NullableString,
  ir: NullableString,
  /** Only for holders of pm_roomdetail (or `*`). */
  device_key: Type.Optional(Type.String()),
});
export type Room = Static<typeof Room>;

export const ROOM_SORTS = ['room_num', 'floor_num', 'rcu_id', 'room_type', 'building'] as const;
export type RoomSort = (typeof ROOM_SORTS)[number];

const RoomFilter = {
  building_id: Type.Optional(Id),
  floor_num: Type.Optional(Floor),
  room_type_id: Type.Optional(Id),
  /** Contained in room_num, rcu_id, mac or remark. */
  keyword: Type.Optional(Type.String({ minLength: 1, maxLength: ROOM_KEYWORD_MAX })),
};

export const RoomListBody = Type.Object(
  {
    ...PageQuery,
    ...RoomFilter,
    sort: Type.Optional(Type.Enum([...ROOM_SORTS])),
    order: Type.Optional(Type.Enum(['asc', 'desc'])),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoomListBody = Static<typeof RoomListBody>;

const RoomFields = {
  room_num: Type.String({ pattern: ROOM_NUM_PATTERN, maxLength: 16 }),
  floor_num: Floor,
  room_type_id: Id,
  rcu_id: Type.String({ pattern: RCU_ID_PATTERN, maxLength: 32 }),
  mac: Type.String({ pattern: MAC_INPUT_PATTERN, maxLength: 20 }),
  remark: Type.String({ maxLength: ROOM_REMARK_MAX }),
  building_id: Id,
  validdate: Type.Union([DateOnly, Type.Null()]),
};

/** building_id defaults to the hotel's first building (a main building, named in the caller's language, is created when there is none). */
export const RoomAddBody = Type.Object(
  {
    room_num: RoomFields.room_num,
    floor_num: RoomFields.floor_num,
    room_type_id: RoomFields.room_type_id,
    rcu_id: RoomFields.rcu_id,
    mac: Type.Optional(RoomFields.mac),
    remark: Type.Optional(RoomFields.remark),
    building_id: Type.Optional(RoomFields.building_id),
    validdate: Type.Optional(RoomFields.validdate),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoomAddBody = Static<typeof RoomAddBody>;

const Range = Type.Array(Floor, { minItems: 2, maxItems: 2 });

export const RoomsAddBody = Type.Object(
  {
    /** [from, to] floors, within the building's range. */
    floors: Range,
    /** [from, to] room numbers on each floor (1..999). */
    rooms: Type.Array(Type.Integer({ minimum: 1, maximum: 999 }), { minItems: 2, maxItems: 2 }),
    pattern: Type.Optional(Type.String({ minLength: 1, maxLength: ROOM_PATTERN_MAX, pattern: '^[A-Za-z0-9{}:-]+$' })),
    room_type_id: Id,
    building_id: Type.Optional(Id),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoomsAddBody = Static<typeof RoomsAddBody>;

export const RoomsAddResult = Type.Object({ created: Type.Integer(), skipped: Type.Array(Type.String()) });
export type RoomsAddResult = Static<typeof RoomsAddResult>;

export const RoomUpdateBody = Type.Object(
  {
    id: Id,
    room_num: Type.Optional(RoomFields.room_num),
    floor_num: Type.Optional(RoomFields.floor_num),
    room_type_id: Type.Optional(RoomFields.room_type_id),
    rcu_id: Type.Optional(RoomFields.rcu_id),
    mac: Type.Optional(RoomFields.mac),
    remark: Type.Optional(RoomFields.remark),
    building_id: Type.Optional(RoomFields.building_id),
    validdate: Type.Optional(RoomFields.validdate),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoomUpdateBody = Static<typeof RoomUpdateBody>;

/** Any id not of the caller's hotel: 4404 and nothing deleted. */
export const RoomDeleteBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: ROOMS_BULK_MAX, uniqueItems: true }), ...HotelTarget },
  { additionalProperties: false },
);
export type RoomDeleteBody = Static<typeof RoomDeleteBody>;
export const RoomDeleteResult = Type.Object({ deleted: Type.Integer() });

/** `POST /apis/roomkey`: a new device key for the room (the old one stops working). */
export const RoomKeyBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type RoomKeyBody = Static<typeof RoomKeyBody>;
export const RoomKeyResult = Type.Object({ device_key: Type.String() });

export const AllRoomsBody = Type.Object(
  { building_id: Type.Optional(Id), ...HotelTarget },
  { additionalProperties: false },
);
export type AllRoomsBody = Static<typeof AllRoomsBody>;

export const BasicRoom = Type.Object({
  id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  building_id: Type.Integer(),
  room_type_id: Type.Integer(),
});
export type BasicRoom = Static<typeof BasicRoom>;

const VersionFilter = Type.String({ minLength: 1, maxLength: 64 });
export const UpgradeRoomListBody = Type.Object(
  {
    ...PageQuery,
    building_id: Type.Optional(Id),
    floor_num: Type.Optional(Floor),
    room_type_id: Type.Optional(Id),
    keyword: Type.Optional(Type.String({ minLength: 1, maxLength: ROOM_KEYWORD_MAX })),
    /** Rooms whose RCU runs this firmware / configuration / IR library / parameter file (exactly). */
    fw: Type.Optional(VersionFilter),
    cfg: Type.Optional(VersionFilter),
    ir: Type.Optional(VersionFilter),
    params_version: Type.Optional(VersionFilter),
    /** Only rooms whose RCU is connected now (true) or not (false), as the live state says. */
    online: Type.Optional(Type.Boolean()),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type UpgradeRoomListBody = Static<typeof UpgradeRoomListBody>;

export const UpgradeRoom = Type.Object({
  id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  room_type_name: Type.String(),
  fw: NullableString,
  cfg: NullableString,
  ir: NullableString,
  /** The version of the last parameter file the room took (an upgrade job); null until one. */
  params_version: NullableString,
  /** When the last upgrade job changed one of its versions (ISO); null until one. */
  versiontime: NullableString,
  building_id: Type.Integer(),
  /** Whether the room's RCU is connected now, as the live state says. */
  online: Type.Boolean(),
});
export type UpgradeRoom = Static<typeof UpgradeRoom>;

/** Get-hotel-rooms: the Administrator names the hotel. */
export const HotelRoomsBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type HotelRoomsBody = Static<typeof HotelRoomsBody>;
export const HotelRoom = Type.Object({ id: Type.Integer(), room_num: Type.String(), floor_num: Type.Integer() });
export type HotelRoom = Static<typeof HotelRoom>;

// Import and export

export const ROOM_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type RoomFileFormat = (typeof ROOM_FILE_FORMATS)[number];
/** The columns of an export, an import and the template, in this order (header names exactly). */
export const ROOM_COLUMNS = [
  'room_num',
  'floor_num',
  'building',
  'room_type',
  'rcu_id',
  'mac',
  'remark',
  'validdate',
] as const;
export type RoomColumn = (typeof ROOM_COLUMNS)[number];
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `POST /apis/roomexport`: answers the file itself (not an envelope). */
export const RoomExportBody = Type.Object(
  { format: Type.Enum([...ROOM_FILE_FORMATS]), ...RoomFilter, ...HotelTarget },
  { additionalProperties: false },
);
export type RoomExportBody = Static<typeof RoomExportBody>;

/**
 * `POST /apis/roomkeyexport`: the device keys of the rooms (filters as /roomlist) as a CSV that the
 * simulator (`npm run sim -- --keys FILE`) and RCU provisioning tools read. Secret: holders of
 * pm_roomdetail only, never visitors, and every export is in the operation log.
 */
export const DEVICE_KEY_COLUMNS = ['rcu_id', 'device_key', 'room_num', 'floor_num', 'building', 'devices'] as const;
export const RoomKeyExportBody = Type.Object({ ...RoomFilter, ...HotelTarget }, { additionalProperties: false });
export type RoomKeyExportBody = Static<typeof RoomKeyExportBody>;

/** `POST /apis/roomtemplate`: an empty file with the header row and one example row. */
export const RoomTemplateBody = Type.Object(
  { format: Type.Enum([...ROOM_FILE_FORMATS]), ...HotelTarget },
  { additionalProperties: false },
);
export type RoomTemplateBody = Static<typeof RoomTemplateBody>;

/**
 * `POST /apis/roomimport`, multipart: `file` (.csv UTF-8 with or without BOM, comma or semicolon;
 * or .xlsx), optional fields `building_id` (overrides the building column) and `hotel_id`
 * (Administrator). Answers `{created}`; when any row is bad: 4400 "N rows have errors" with
 * `data: {errors}` listing every bad row, and nothing imported.
 */
export const RoomImportResult = Type.Object({ created: Type.Integer() });
export type RoomImportResult = Static<typeof RoomImportResult>;

export const RoomImportError = Type.Object({
  /** Spreadsheet line number; the header is line 1. */
  line: Type.Integer(),
  /** A column of ROOM_COLUMNS, or 'file' for a problem of the whole file. */
  field: Type.String(),
  /** The field as the template's header labels it, in the caller's language (`房号`, `Room number`). */
  column: Type.String(),
  message: Type.String(),
});
export type RoomImportError = Static<typeof RoomImportError>;
export const RoomImportErrors = Type.Object({ errors: Type.Array(RoomImportError) });
export type RoomImportErrors = Static<typeof RoomImportErrors>;

/** Every room of a list without paging, and how many. */
const ListOf = <T extends TSchema>(record: T) => Type.Object({ records: Type.Array(record), total: Type.Integer() });

/** Rooms of a hotel (pm_roomdetail), their import and export. */
export const roomCalls = defineCalls('rooms', {
  list: {
    method: 'POST',
    path: '/roomlist',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's rooms, filtered and sorted",
    description:
      '`keyword` is contained in room_num, rcu_id, mac or remark (ASCII letters in either case, other characters as written). Sorted by room_num unless `sort` says otherwise; ties go by room_num; `room_type` and `building` sort by the name as people read it ("Wing 2" before "Wing 10"). `device_key` only for holders of pm_roomdetail.',
    body: RoomListBody,
    response: PageSchema(Room),
  },
  all: {
    method: 'POST',
    path: '/allrooms',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: 'Every room of the hotel (or of one building), without paging',
    body: AllRoomsBody,
    response: ListOf(Room),
  },
  basic: {
    method: 'POST',
    path: '/basicroomlist',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: 'Every room of the hotel as {id, room_num, floor_num, building_id, room_type_id}, without paging',
    body: AllRoomsBody,
    response: ListOf(BasicRoom),
  },
  upgradeList: {
    method: 'POST',
    path: '/upgraderoomlist',
    // The rooms screen's, and each upgrade screen's (their keys: upgrades.ts UPGRADE_KEYS).
    access: ['pm_roomdetail', 'pm_upgradepara', 'pm_upgradeconfigfile', 'pm_upgradebinfile', 'pm_infrared'],
    write: false,
    hotelScoped: true,
    summary: 'A page of rooms with their firmware, configuration and IR versions',
    description:
      'Filters: building, floor, room type, keyword (as /roomlist), a version exactly (`fw`, `cfg`, `ir`, `params_version`), `online` (the RCU connected now or not, as the live state says). Sorted by room_num.',
    body: UpgradeRoomListBody,
    response: PageSchema(UpgradeRoom),
  },
  hotelRooms: {
    method: 'POST',
    path: '/hotelrooms',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: 'Get-hotel-rooms: every room of a hotel as {id, room_num, floor_num}',
    description: 'The Administrator names the hotel with `hotel_id`.',
    body: HotelRoomsBody,
    response: Type.Array(HotelRoom),
  },
  add: {
    method: 'POST',
    path: '/roomadd',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Add a room',
    description:
      "building_id defaults to the hotel's first building (a main building, named in the caller's language, is created when there is none); floor_num must lie in the building's range. Room numbers are unique in the hotel, rcu_ids everywhere (4409). The answer carries the new device key.",
    body: RoomAddBody,
    response: Room,
  },
  bulkAdd: {
    method: 'POST',
    path: '/roomsadd',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Bulk add: floors × rooms with a number pattern',
    description:
      'pattern defaults to {floor:2}{room:2} (floors 2..20 × rooms 1..30 → 0201…2030); {floor}/{room} without a width are not padded. rcu_id of each room: R{hotel_id}x{room_num}. At most 10000 rooms per call; existing room numbers are skipped and listed in `skipped`; one transaction.',
    body: RoomsAddBody,
    response: RoomsAddResult,
  },
  update: {
    method: 'PUT',
    path: '/update',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: "Change a room's fields",
    body: RoomUpdateBody,
    response: Room,
  },
  remove: {
    method: 'POST',
    path: '/roomdel',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Delete rooms (1..10000 ids)',
    description: 'All or nothing: when any id is not a room of the hotel, 4404 and nothing is deleted.',
    body: RoomDeleteBody,
    response: RoomDeleteResult,
  },
  regenerateKey: {
    method: 'POST',
    path: '/roomkey',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: "Regenerate a room's device key (the RCU's MQTT password)",
    body: RoomKeyBody,
    response: RoomKeyResult,
  },
  export: {
    method: 'POST',
    path: '/roomexport',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: "Export the hotel's rooms as CSV or XLSX (answers the file, not an envelope)",
    description:
      'Columns room_num, floor_num, building, room_type, rcu_id, mac, remark, validdate (building and type by name). CSV is UTF-8 with a BOM. Filters as /roomlist.',
    body: RoomExportBody,
    answers: 'file',
  },
  /**
   * A secret leaves the server: declared as a write so that visitors are refused and every
   * export is in the operation log, though nothing changes.
   */
  exportKeys: {
    method: 'POST',
    path: '/roomkeyexport',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Export the device keys of the rooms as CSV (answers the file, not an envelope)',
    description:
      "Columns rcu_id, device_key, room_num, floor_num, building, devices (the room type's device keys, space separated): what RCU provisioning and the simulator (`npm run sim -- --keys FILE`) read. Filters as /roomlist. Holders of pm_roomdetail only; recorded in the operation log.",
    body: RoomKeyExportBody,
    answers: 'file',
  },
  template: {
    method: 'POST',
    path: '/roomtemplate',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: 'An import template: the header row and one example row (answers the file)',
    body: RoomTemplateBody,
    answers: 'file',
  },
  import: {
    method: 'POST',
    path: '/roomimport',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Import rooms from CSV or XLSX (multipart: file, optional building_id)',
    description:
      "multipart/form-data with `file` (.csv UTF-8, with or without BOM, comma or semicolon; or .xlsx; at most 10000 rows and 5 MB, 4413 above) and optional `building_id` (overrides the building column) and `hotel_id` (Administrator). The columns of /roomexport. When any row is bad: 4400 'N rows have errors' with data.errors [{line, field, message}] listing every bad row (the header is line 1), and nothing imported.",
    takes: 'multipart',
    response: RoomImportResult,
  },
});
