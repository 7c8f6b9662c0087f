import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { CONTROL_ROOMS_MAX, ControlResult } from './control.js';
import { HotelTarget, Id } from './envelope.js';
import { AC_MODES, type DeviceField, FAN_SPEEDS, VENT_SPEEDS } from './protocol.js';
import {
  DEVICE_KEY_PATTERN,
  Device,
  type DeviceKind,
  RoomTypeOption,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
} from './roomtypes.js';

/**
 * Modes (scenes, pm_model): per room type, a named set of device states taken from the type's
 * device template, sent to the RCU as PROTOCOL.md's `scene` command (`"mode":"welcome","devices":{…}`).
 * Every type has the built-in modes; a hotel adds its own. Triggers: card in → welcome, card out →
 * leave after the type's delay, checkout → checkout, by hand (room control screens) and by schedule.
 */

/** The built-in modes of every room type, by the name the `scene` command carries. */
export const BUILTIN_MODES = ['welcome', 'sleep', 'leave', 'checkout', 'housekeeping'] as const;
export type BuiltinMode = (typeof BUILTIN_MODES)[number];

export function isBuiltinMode(name: string): name is BuiltinMode {
  return (BUILTIN_MODES as readonly string[]).includes(name);
}

export const MODE_NAME_MAX = 32;
/** Modes of one room type, built-in ones included. */
export const MODES_PER_TYPE_MAX = 32;
export const SCHEDULES_MAX = 16;
/** Card out → leave mode after this many minutes at most (0: at once). */
export const LEAVE_DELAY_MAX_MIN = 240;
export const LEAVE_DELAY_DEFAULT_MIN = 5;
/** `HH:MM`, 24 hours. */
export const SCHEDULE_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** What a mode may set on a device of each kind (the room temperature is measured, never set). */
export const MODE_FIELDS: Readonly<Record<DeviceKind, readonly DeviceField[]>> = {
  light: ['on'],
  dimmer: ['on', 'level'],
  curtain: ['pos'],
  ac: ['on', 'mode', 'set', 'fan'],
  floor_heating: ['on', 'set'],
  ventilation: ['on', 'speed'],
  socket: ['on'],
  ir: ['on'],
};

/** One device's state in a mode: the fields of PROTOCOL.md's device state that can be set. */
export const ModeDeviceState = Type.Object(
  {
    on: Type.Optional(Type.Boolean()),
    level: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    pos: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    mode: Type.Optional(Type.Enum([...AC_MODES])),
    set: Type.Optional(Type.Number({ minimum: SETPOINT_MIN, maximum: SETPOINT_MAX, multipleOf: SETPOINT_STEP })),
    fan: Type.Optional(Type.Enum([...FAN_SPEEDS])),
    speed: Type.Optional(Type.Enum([...VENT_SPEEDS])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ModeDeviceState = Static<typeof ModeDeviceState>;

/** A mode's devices by key (`L1`, `AC1`): a device left out keeps its state when the mode is applied. */
export const ModeDevices = Type.Record(Type.String({ pattern: DEVICE_KEY_PATTERN }), ModeDeviceState, {
  additionalProperties: false,
  maxProperties: 64,
});
export type ModeDevices = Record<string, ModeDeviceState>;

export const Mode = Type.Object({
  id: Type.Integer(),
  room_type_id: Type.Integer(),
  /** A built-in mode's name is its code (`welcome`); the console shows it translated. */
  name: Type.String(),
  builtin: Type.Boolean(),
  devices: ModeDevices,
});
export type Mode = Static<typeof Mode>;

export const ModeSchedule = Type.Object(
  {
    /** Local time of the hotel (`HH:MM`): the server's time zone. */
    time: Type.String({ pattern: SCHEDULE_TIME_PATTERN }),
    mode_id: Id,
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ModeSchedule = Static<typeof ModeSchedule>;

const LeaveDelay = Type.Integer({ minimum: 0, maximum: LEAVE_DELAY_MAX_MIN });
const Schedules = Type.Array(ModeSchedule, { maxItems: SCHEDULES_MAX });

export const ModeSettings = Type.Object({
  /** Card out → the leave mode after this many minutes (0: at once); card in before then cancels it. */
  leave_delay_min: Type.Integer(),
  schedules: Type.Array(ModeSchedule),
});
export type ModeSettings = Static<typeof ModeSettings>;

/** What `/modellist` answers: the type with its template, its modes and its triggers' settings. */
export const ModesOfType = Type.Object({
  room_type: Type.Object({ id: Type.Integer(), name: Type.String(), devices: Type.Array(Device) }),
  modes: Type.Array(Mode),
  settings: ModeSettings,
});
export type ModesOfType = Static<typeof ModesOfType>;

const ModeName = Type.String({ minLength: 1, maxLength: MODE_NAME_MAX });

export const ModeListBody = Type.Object({ room_type_id: Id, ...HotelTarget }, { additionalProperties: false });
export type ModeListBody = Static<typeof ModeListBody>;

export const ModeAddBody = Type.Object(
  { room_type_id: Id, name: ModeName, devices: ModeDevices, ...HotelTarget },
  { additionalProperties: false },
);
export type ModeAddBody = Static<typeof ModeAddBody>;

export const ModeUpdateBody = Type.Object(
  { id: Id, name: Type.Optional(ModeName), devices: Type.Optional(ModeDevices), ...HotelTarget },
  { additionalProperties: false },
);
export type ModeUpdateBody = Static<typeof ModeUpdateBody>;

export const ModeDeleteBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type ModeDeleteBody = Static<typeof ModeDeleteBody>;

export const ModeSettingsBody = Type.Object(
  {
    room_type_id: Id,
    leave_delay_min: Type.Optional(LeaveDelay),
    schedules: Type.Optional(Schedules),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type ModeSettingsBody = Static<typeof ModeSettingsBody>;

/** `POST /apis/modelapply`: a mode by name, applied to each room with the mode of its own type. */
export const ModeApplyBody = Type.Object(
  {
    room_ids: Type.Array(Id, { minItems: 1, maxItems: CONTROL_ROOMS_MAX, uniqueItems: true }),
    mode: ModeName,
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type ModeApplyBody = Static<typeof ModeApplyBody>;

export const ModeOptionsBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });

/** The names of the modes of each room type of the hotel (the control screens' mode pickers). */
export const ModeOption = Type.Object({ room_type_id: Type.Integer(), names: Type.Array(Type.String()) });
export type ModeOption = Static<typeof ModeOption>;

export interface ModeDeviceProblem {
  key: string;
  problem: 'unknown_device' | 'field' | 'setpoint_range';
  field?: string;
}

/**
 * What the schema cannot say about a mode's devices against its type's template: every key is a
 * device of the template, every field one its kind takes, a setpoint inside the device's limits.
 */
export function modeDeviceProblems(template: readonly Device[], devices: ModeDevices): ModeDeviceProblem[] {
  const byKey = new Map(template.map((device) => [device.key, device]));
  const problems: ModeDeviceProblem[] = [];
  for (const [key, state] of Object.entries(devices)) {
    const device = byKey.get(key);
    if (!device) {
      problems.push({ key, problem: 'unknown_device' });
      continue;
    }
    const allowed = MODE_FIELDS[device.kind];
    for (const field of Object.keys(state)) {
      if (!(allowed as readonly string[]).includes(field)) problems.push({ key, problem: 'field', field });
    }
    const { set } = state;
    const limits = device.defaults;
    if (
      set !== undefined &&
      ((limits?.set_min !== undefined && set < limits.set_min) ||
        (limits?.set_max !== undefined && set > limits.set_max))
    ) {
      problems.push({ key, problem: 'setpoint_range', field: 'set' });
    }
  }
  return problems;
}

/** A mode's devices as they can be sent to a room of the type now: keys and fields of the template only. */
export function modeDevicesFor(template: readonly Device[], devices: ModeDevices): ModeDevices {
  const byKey = new Map(template.map((device) => [device.key, device]));
  const sent: ModeDevices = {};
  for (const [key, state] of Object.entries(devices)) {
    const device = byKey.get(key);
    if (!device) continue;
    const allowed = MODE_FIELDS[device.kind] as readonly string[];
    const kept = Object.fromEntries(Object.entries(state).filter(([field]) => allowed.includes(field)));
    if (Object.keys(kept).length > 0) sent[key] = kept as ModeDeviceState;
  }
  return sent;
}

/** Modes (pm_model): the modes of a room type, their device states and their triggers. */
export const modeCalls = defineCalls('modes', {
  roomTypes: {
    method: 'POST',
    path: '/modelroomtypes',
    access: 'pm_model',
    write: false,
    hotelScoped: true,
    summary: 'Every room type of the hotel as {id, name} (the modes screen picks one)',
    body: ModeOptionsBody,
    response: Type.Array(RoomTypeOption),
  },
  list: {
    method: 'POST',
    path: '/modellist',
    access: 'pm_model',
    write: false,
    hotelScoped: true,
    summary: 'A room type with its device template, its modes and their triggers (card-out delay, schedules)',
    description:
      'Every type has the built-in modes welcome, sleep, leave, checkout and housekeeping (made with sensible states from its template the first time they are read), and the modes the hotel added.',
    body: ModeListBody,
    response: ModesOfType,
  },
  add: {
    method: 'POST',
    path: '/modeladd',
    access: 'pm_model',
    write: true,
    hotelScoped: true,
    summary: "Add a mode to a room type: a name and device states of the type's template",
    description:
      "Names unique within the type, not a built-in mode's (4409); at most 32 modes per type (4409). Each device key must be in the template, each field one its kind takes (L, S, IR: on; D: on, level; C: pos; AC: on, mode, set, fan; FH: on, set; V: on, speed), a setpoint inside the device's limits (4400).",
    body: ModeAddBody,
    response: Mode,
  },
  update: {
    method: 'PUT',
    path: '/modelupdate',
    access: 'pm_model',
    write: true,
    hotelScoped: true,
    summary: "Change a mode's device states, or a hotel mode's name (a built-in mode keeps its name: 4400)",
    body: ModeUpdateBody,
    response: Mode,
  },
  remove: {
    method: 'POST',
    path: '/modeldel',
    access: 'pm_model',
    write: true,
    hotelScoped: true,
    summary: 'Delete a mode the hotel added (built-in modes cannot be deleted: 4409); its schedules go with it',
    body: ModeDeleteBody,
    response: Type.Null(),
  },
  saveSettings: {
    method: 'PUT',
    path: '/modelsettings',
    access: 'pm_model',
    write: true,
    hotelScoped: true,
    summary: "A room type's mode triggers: the card-out delay before the leave mode, and the schedules",
    description:
      "`leave_delay_min` 0..240 (0: at once). `schedules`: up to 16 `{time: 'HH:MM', mode_id, enabled}`, each applying a mode of the type to every room of the type at that time of day (the server's time zone); a mode of another type is 4400.",
    body: ModeSettingsBody,
    response: ModeSettings,
  },
  options: {
    method: 'POST',
    path: '/modeloptions',
    access: 'pm_roomstatecontrl',
    write: false,
    hotelScoped: true,
    summary: 'The names of the modes of every room type of the hotel (the control screens pick one)',
    body: ModeOptionsBody,
    response: Type.Array(ModeOption),
  },
  apply: {
    method: 'POST',
    path: '/modelapply',
    access: 'pm_roomstatecontrl',
    write: true,
    hotelScoped: true,
    summary: "Apply a mode by hand: each room gets its own type's mode of that name as a `scene` command",
    description:
      "16 rooms at a time, each waiting for its RCU's ack (10 s); a result per room (`error` says why: offline, no answer, refused, or no mode of that name for the room's type). A room id that is not the hotel's is 4404 and nothing is sent. Written to the event log (type `mode`) and the operation log.",
    body: ModeApplyBody,
    response: Type.Array(ControlResult),
  },
});
