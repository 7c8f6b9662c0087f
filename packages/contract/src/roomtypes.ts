import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';

/**
 * Room types and their device templates (docs/rcu-protocol.md "Device keys"). A room refers to
 * its type: changing a template changes every room of that type.
 */

/** Device kinds and the key prefix of each. */
export const DEVICE_PREFIXES = {
  light: 'L',
  dimmer: 'D',
  curtain: 'C',
  ac: 'AC',
  floor_heating: 'FH',
  ventilation: 'V',
  socket: 'S',
  ir: 'IR',
} as const;
export type DeviceKind = keyof typeof DEVICE_PREFIXES;
export const DEVICE_KINDS = Object.keys(DEVICE_PREFIXES) as DeviceKind[];

/** Kinds whose template carries setpoint defaults. */
export const SETPOINT_KINDS: readonly DeviceKind[] = ['ac', 'floor_heating'];
export const SETPOINT_MIN = 16;
export const SETPOINT_MAX = 30;
export const SETPOINT_STEP = 0.5;

export const DEVICES_MAX = 64;
export const DEVICE_NAME_MAX = 32;
export const ROOM_TYPE_NAME_MAX = 64;
/** A device key: the kind's prefix and a number 1..99 (L1, AC1, FH2). */
export const DEVICE_KEY_PATTERN = '^(L|D|C|AC|FH|V|S|IR)([1-9]|[1-9][0-9])$';

const Setpoint = Type.Number({ minimum: SETPOINT_MIN, maximum: SETPOINT_MAX, multipleOf: SETPOINT_STEP });

export const DeviceDefaults = Type.Object(
  { set_min: Type.Optional(Setpoint), set_max: Type.Optional(Setpoint), set: Type.Optional(Setpoint) },
  { additionalProperties: false },
);
export type DeviceDefaults = Static<typeof DeviceDefaults>;

export const Device = Type.Object(
  {
    key: Type.String({ pattern: DEVICE_KEY_PATTERN, maxLength: 4 }),
    kind: Type.Enum(DEVICE_KINDS),
    /** The name staff see. */
    name: Type.String({ minLength: 1, maxLength: DEVICE_NAME_MAX }),
    defaults: Type.Optional(DeviceDefaults),
  },
  { additionalProperties: false },
);
export type Device = Static<typeof Device>;

export const Devices = Type.Array(Device, { maxItems: DEVICES_MAX });

/** The prefix of a device key ('AC' of 'AC1'), or null when the key is malformed. */
export function deviceKeyPrefix(key: string): string | null {
  const match = new RegExp(DEVICE_KEY_PATTERN).exec(key);
  return match ? (match[1] ?? null) : null;
}

export interface DeviceProblem {
  /** Index of the device in the list. */
  index: number;
  field: 'key' | 'kind' | 'name' | 'defaults';
  problem: 'prefix' | 'duplicate' | 'setpoint_order' | 'not_setpoint_kind';
}

/**
 * What the schema cannot say about a template: the key's prefix matches the kind, keys are unique,
 * set_min ≤ set ≤ set_max, defaults only on AC and floor heating. Empty when the template is fine.
 */
export function deviceProblems(devices: readonly Device[]): DeviceProblem[] {
  const problems: DeviceProblem[] = [];
  const seen = new Set<string>();
  devices.forEach((device, index) => {
    if (deviceKeyPrefix(device.key) !== DEVICE_PREFIXES[device.kind]) {
      problems.push({ index, field: 'key', problem: 'prefix' });
    }
    if (seen.has(device.key)) problems.push({ index, field: 'key', problem: 'duplicate' });
    seen.add(device.key);
    const defaults = device.defaults;
    if (defaults && Object.keys(defaults).length > 0) {
      if (!SETPOINT_KINDS.includes(device.kind)) {
        problems.push({ index, field: 'defaults', problem: 'not_setpoint_kind' });
        return;
      }
      const { set_min: min, set_max: max, set } = defaults;
      const ordered =
        (min === undefined || max === undefined || min <= max) &&
        (set === undefined || ((min === undefined || min <= set) && (max === undefined || set <= max)));
      if (!ordered) problems.push({ index, field: 'defaults', problem: 'setpoint_order' });
    }
  });
  return problems;
}

export const RoomType = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  name: Type.String(),
  remark: Type.String(),
  devices: Type.Array(Device),
  room_count: Type.Integer(),
});
export type RoomType = Static<typeof RoomType>;

export const RoomTypeOption = Type.Object({ id: Type.Integer(), name: Type.String() });
export type RoomTypeOption = Static<typeof RoomTypeOption>;

export const RoomTypeListBody = Type.Object({ ...PageQuery, ...HotelTarget }, { additionalProperties: false });
export type RoomTypeListBody = Static<typeof RoomTypeListBody>;

/** `POST /apis/roomtypeoptions` (pm_roomdetail): every type of the hotel as `{id, name}`. */
export const RoomTypeOptionsBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type RoomTypeOptionsBody = Static<typeof RoomTypeOptionsBody>;

export const RoomTypeAddBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ROOM_TYPE_NAME_MAX }),
    remark: Type.Optional(Type.String({ maxLength: 256 })),
    devices: Devices,
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoomTypeAddBody = Static<typeof RoomTypeAddBody>;

export const RoomTypeUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: ROOM_TYPE_NAME_MAX })),
    remark: Type.Optional(Type.String({ maxLength: 256 })),
    devices: Type.Optional(Devices),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoomTypeUpdateBody = Static<typeof RoomTypeUpdateBody>;

/** `PUT /apis/roomtypedevices` (pm_roomdetail): the roomtypedevice screen saves a template. */
export const RoomTypeDevicesBody = Type.Object(
  { id: Id, devices: Devices, ...HotelTarget },
  { additionalProperties: false },
);
export type RoomTypeDevicesBody = Static<typeof RoomTypeDevicesBody>;

/** Refused (4409) while rooms use the type. */
/** `POST /apis/roomtypedetail`: one type with its devices (pm_roomdetail). */
export const RoomTypeDetailBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type RoomTypeDetailBody = Static<typeof RoomTypeDetailBody>;

export const RoomTypeDeleteBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type RoomTypeDeleteBody = Static<typeof RoomTypeDeleteBody>;

/** Room types and their device templates (pm_roomtype; the roomtypedevice screen is pm_roomdetail). */
export const roomTypeCalls = defineCalls('room types', {
  list: {
    method: 'POST',
    path: '/roomtype',
    access: 'pm_roomtype',
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's room types with their device templates",
    body: RoomTypeListBody,
    response: PageSchema(RoomType),
  },
  detail: {
    method: 'POST',
    path: '/roomtypedetail',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: 'One room type of the hotel with its device template (for pm_roomdetail: the device editor)',
    body: RoomTypeDetailBody,
    response: RoomType,
  },
  options: {
    method: 'POST',
    path: '/roomtypeoptions',
    access: 'pm_roomdetail',
    write: false,
    hotelScoped: true,
    summary: "Every room type of the hotel as {id, name} (for the rooms screens' pickers)",
    body: RoomTypeOptionsBody,
    response: Type.Array(RoomTypeOption),
  },
  add: {
    method: 'POST',
    path: '/roomtypeadd',
    access: 'pm_roomtype',
    write: true,
    hotelScoped: true,
    summary: 'Add a room type with its device template',
    description:
      "A device key is its kind's prefix and 1..99 (L light, D dimmer, C curtain, AC air conditioner, FH floor heating, V ventilation, S socket, IR infrared); keys unique within the type; setpoint defaults only on AC and FH, 16..30 in 0.5 steps, set_min ≤ set ≤ set_max. Names unique within the hotel (4409).",
    body: RoomTypeAddBody,
    response: RoomType,
  },
  update: {
    method: 'PUT',
    path: '/roomtypeupdate',
    access: 'pm_roomtype',
    write: true,
    hotelScoped: true,
    summary: 'Change a room type: name, remark or device template',
    description: 'Rooms refer to their type: a new template applies to every room of the type at once.',
    body: RoomTypeUpdateBody,
    response: RoomType,
  },
  saveDevices: {
    method: 'PUT',
    path: '/roomtypedevices',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: "Save a room type's device template (the roomtypedevice screen)",
    description: 'Same rules as /roomtypeadd; every room of the type gets the new template.',
    body: RoomTypeDevicesBody,
    response: RoomType,
  },
  remove: {
    method: 'POST',
    path: '/roomtypedel',
    access: 'pm_roomtype',
    write: true,
    hotelScoped: true,
    summary: 'Delete a room type; refused (4409) while rooms use it',
    body: RoomTypeDeleteBody,
    response: Type.Null(),
  },
});
