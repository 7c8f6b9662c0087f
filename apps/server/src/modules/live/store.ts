import type {
  Energy,
  LiveDevices,
  LiveMessage,
  LiveRoom,
  LiveRoomChange,
  RentState,
  RoomRef,
  StatePayload,
} from '@roompilot/contract';

/**
 * The live-state store: what each room's RCU last reported, merged. Two implementations with the
 * same behaviour (one test suite runs against both): memory for one process, Redis when several
 * server instances share the devices (hashes per room, a pub/sub channel per hotel).
 */

/**
 * A partial state to merge: a state message without its time, the online flag, and `stale` (true
 * on a room's last known state restored after a restart; false once its RCU speaks again).
 */
export type LivePatch = Omit<StatePayload, 'ts'> & { online?: boolean; stale?: boolean };

export interface LiveFilter {
  floor_num?: number;
  building_id?: number;
}

/** What a room's last known state keeps: not its ids, nor `online` and `stale` (the connection's). */
export type LastState = Omit<LivePatch, 'online' | 'stale'>;

/** A room's last known state: `state` is the JSON text of a LastState. */
export interface LastStateRecord {
  room_id: number;
  hotel_id: number;
  state: string;
  updated_at: string;
}

/** A live room's last known state, as JSON text (the memory store's way: its values are values). */
export function lastStateOf(room: LiveRoom): string {
  const { rent, card, door, window, occupied, dnd, mur, sos, devices, energy } = room;
  return JSON.stringify({
    rent: rent ?? undefined,
    card,
    door,
    window,
    occupied,
    dnd,
    mur,
    sos,
    devices,
    energy,
  } satisfies LastState);
}

/**
 * The same text from a room's fields as JSON text (the Redis store's hash), written out without
 * parsing one value: the flush reads every heard room every few seconds, and parsing, copying and
 * writing each anew cost some 5 % of an instance under a fleet's flood (bench/cluster-scale.mjs).
 * A flag never set is `false`; `rent` unset or null is left out, as `lastStateOf` does.
 */
export function lastStateFromText(fields: Readonly<Record<string, string>>): string {
  let text = '{';
  for (const flag of LAST_STATE_FLAGS) {
    const value = fields[flag];
    if (flag === 'rent') {
      if (value !== undefined && value !== 'null') text += `"rent":${value},`;
    } else {
      text += `"${flag}":${value ?? 'false'},`;
    }
  }
  const devices = new Map<string, string>();
  let energy = '';
  for (const field in fields) {
    if (field.startsWith('d.')) {
      const dot = field.indexOf('.', 2);
      const key = field.slice(2, dot);
      const pair = `${JSON.stringify(field.slice(dot + 1))}:${fields[field]}`;
      const before = devices.get(key);
      devices.set(key, before === undefined ? pair : `${before},${pair}`);
    } else if (field.startsWith('e.')) {
      energy += `${energy === '' ? '' : ','}${JSON.stringify(field.slice(2))}:${fields[field]}`;
    }
  }
  let deviceText = '';
  for (const [key, pairs] of devices) deviceText += `${deviceText === '' ? '' : ','}${JSON.stringify(key)}:{${pairs}}`;
  return `${text}"devices":{${deviceText}},"energy":{${energy}}}`;
}

/**
 * Gets each change of a hotel's rooms as the consoles' `room` message, its JSON text, which a
 * console is sent as it is (`roomMessageText`; the change itself: `.data` of the parsed text).
 */
export type LiveListener = (text: string) => void;

export interface LiveStore {
  /**
   * Merges a partial state; answers what changed (the room's ids, `updated_at` and only the
   * changed fields; a device with only its changed fields), or null when nothing did. Every
   * subscriber of the room's hotel gets the same change.
   */
  merge(room: RoomRef, patch: LivePatch, at: Date): Promise<LiveRoomChange | null>;
  setOnline(room: RoomRef, online: boolean, at: Date): Promise<LiveRoomChange | null>;
  /**
   * Sets a room's state only when the store has no record of it (after a restart: its last known
   * state, kept in the database); publishes nothing. Answers whether it was set.
   */
  restore(room: RoomRef, patch: LivePatch, at: Date): Promise<boolean>;
  get(roomId: number): Promise<LiveRoom | null>;
  /**
   * The rooms of a hotel that have a live record, in no set order (each caller goes by room id: the
   * floor view in the rooms table's order, the alert rules room by room; sorting a 10,000-room
   * hotel's took ~36 ms of a busy event loop every alert sweep).
   */
  list(hotelId: number, filter?: LiveFilter): Promise<LiveRoom[]>;
  /**
   * The last known state of these rooms, as the database keeps it (`room_last_state`), for those
   * the store has a record of with a time: the live service writes them every few seconds.
   */
  lastStates(roomIds: readonly number[]): Promise<LastStateRecord[]>;
  /** Forgets a room (deleted, or moved to another hotel). */
  remove(roomId: number): Promise<void>;
  /** Changes of one hotel's rooms, from this process and (Redis) every other; resolves once listening. */
  subscribe(hotelId: number, listener: LiveListener): Promise<() => Promise<void>>;
  /** Resolves when the store answers (Redis: both its connections are up and it answers PING); memory always does. */
  ping(): Promise<void>;
  /**
   * Calls `listener` each time the store may have lost records while this process ran (Redis: its
   * connection came back, after a restart of Redis perhaps); a memory store never does.
   */
  onReconnect(listener: () => void): void;
  close(): Promise<void>;
}

// The stores keep a room as flat fields: `online`, `rent`, `card`, …, `d.AC1.set` for a device
// field, `e.kwh` for the energy meter. Redis keeps each value as JSON text (merging is a comparison
// of strings in the hash); the memory store keeps the value itself and compares with `sameValue`,
// which says equal exactly when the JSON texts are equal.

export const FLAGS = ['online', 'rent', 'card', 'door', 'window', 'occupied', 'dnd', 'mur', 'sos', 'stale'] as const;
export type Flag = (typeof FLAGS)[number];

/** The flags a last known state keeps (all but the connection's), in the order its text has them. */
const LAST_STATE_FLAGS = FLAGS.filter((flag) => flag !== 'online' && flag !== 'stale');

export type Fields = [field: string, value: string][];
/** Fields with their values, not their text. */
export type Values = [field: string, value: unknown][];

/**
 * A value's JSON text, as the Redis store writes it. Numbers, booleans and strings take the short
 * way (the same text as `JSON.stringify`: a finite number's JSON text is `String(number)`).
 */
export function textOf(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return JSON.stringify(value);
  }
}

/** Whether two values have the same JSON text, without writing it for primitives. */
export function sameValue(stored: unknown, value: unknown): boolean {
  if (stored === value) return true;
  const a = typeof stored;
  const b = typeof value;
  if (a === 'number' && b === 'number') {
    // Distinct finite numbers never share a text; NaN and ±Infinity are all `null`.
    if (Number.isFinite(stored) && Number.isFinite(value)) return false;
  } else if (a !== 'object' && b !== 'object' && a !== 'number' && b !== 'number') {
    return false;
  }
  if (stored === undefined || value === undefined) return false;
  return JSON.stringify(stored) === JSON.stringify(value);
}

/** Field names made so far, by device key and name (JSON.parse gives both as interned strings). */
const deviceFieldNames = new Map<string, Map<string, string>>();
const energyFieldNames = new Map<string, string>();
/** Past this many, names are made anew each time (an RCU inventing keys does not grow the maps). */
const MAX_FIELD_NAMES = 10_000;
let fieldNameCount = 0;

/**
 * `d.{key}.{name}`, the same string each time for the same device field: a state message names
 * each of its devices' fields, and a new string for each, looked up in the room's fields, cost its
 * making and its hashing every time.
 */
export function deviceField(key: string, name: string): string {
  let names = deviceFieldNames.get(key);
  let field = names?.get(name);
  if (field !== undefined) return field;
  field = `d.${key}.${name}`;
  if (fieldNameCount < MAX_FIELD_NAMES) {
    if (!names) {
      names = new Map();
      deviceFieldNames.set(key, names);
    }
    names.set(name, field);
    fieldNameCount += 1;
  }
  return field;
}

/** `e.{name}`, the same string each time (see deviceField). */
export function energyField(name: string): string {
  let field = energyFieldNames.get(name);
  if (field !== undefined) return field;
  field = `e.${name}`;
  if (fieldNameCount < MAX_FIELD_NAMES) {
    energyFieldNames.set(name, field);
    fieldNameCount += 1;
  }
  return field;
}

/** Calls `visit` with each of the patch's fields and its value (undefined ones left out). */
function eachField(patch: LivePatch, visit: (field: string, value: unknown) => void): void {
  for (const flag of FLAGS) {
    const value = patch[flag];
    if (value !== undefined) visit(flag, value);
  }
  const devices = patch.devices;
  if (devices) {
    for (const key in devices) {
      const device = devices[key] as Record<string, unknown> | undefined;
      if (!device) continue;
      for (const name in device) {
        const value = device[name];
        if (value !== undefined) visit(deviceField(key, name), value);
      }
    }
  }
  const energy = patch.energy as Record<string, unknown> | undefined;
  if (energy) {
    for (const name in energy) {
      const value = energy[name];
      if (value !== undefined) visit(energyField(name), value);
    }
  }
}

/** The patch's fields with their values (undefined ones left out). */
export function flattenValues(patch: LivePatch): Values {
  const fields: Values = [];
  eachField(patch, (field, value) => fields.push([field, value]));
  return fields;
}

/**
 * Pushes the patch's fields onto `args`, each name then its value as JSON text (the Redis store's
 * script arguments), with no pair made for each on the way.
 */
export function pushFieldTexts(args: string[], patch: LivePatch): string[] {
  eachField(patch, (field, value) => args.push(field, textOf(value)));
  return args;
}

/** Text fields back to values. */
export function parseFields(fields: Iterable<[string, string]>): Values {
  const values: Values = [];
  for (const [field, text] of fields) values.push([field, JSON.parse(text)]);
  return values;
}

/** A room's flags before its RCU has said anything. */
export const EMPTY_FLAGS = {
  online: false,
  rent: null,
  card: false,
  door: false,
  window: false,
  occupied: false,
  dnd: false,
  mur: false,
  sos: false,
  stale: false,
  updated_at: null,
} as const;

/** A stored room back from its fields' values. */
export function inflate(room: RoomRef, fields: Iterable<[string, unknown]>, updatedAt: string | null): LiveRoom {
  // One spread, leading: V8 copies it fast. Spreading the room and then the flags into one object
  // took ~8 µs a room (18 ms for a 2,000-room hotel), this ~0.2 µs.
  const live: LiveRoom = {
    ...EMPTY_FLAGS,
    room_id: room.room_id,
    hotel_id: room.hotel_id,
    building_id: room.building_id,
    room_num: room.room_num,
    floor_num: room.floor_num,
    updated_at: updatedAt,
    devices: {},
    energy: {},
  };
  applyFields(live, fields);
  return live;
}

/** The head of a change message: the room's ids and the time, no field yet. */
export function changeHead(room: RoomRef, updatedAt: string): LiveRoomChange {
  return {
    room_id: room.room_id,
    hotel_id: room.hotel_id,
    room_num: room.room_num,
    floor_num: room.floor_num,
    updated_at: updatedAt,
  };
}

/**
 * The room's ids as a store keeps them with its state (JSON): only these, never what else the
 * caller's object carries (the gateway's device holds its RCU's key, which is no business of Redis).
 */
export function roomText(room: RoomRef): string {
  const { room_id, hotel_id, building_id, room_num, floor_num } = room;
  return JSON.stringify({ room_id, hotel_id, building_id, room_num, floor_num } satisfies RoomRef);
}

/** The consoles' `room` message of a change, its JSON text (what a store's listeners get). */
export function roomMessageText(change: LiveRoomChange): string {
  return JSON.stringify({ type: 'room', data: change } satisfies LiveMessage);
}

/**
 * The `room` message's text up to its time, open: the time, its closing quote, the changed fields
 * and `}}` make the whole message (the Redis store adds them). It is `roomMessageText` of a change
 * with no field and an empty time (`updated_at` comes last), cut before that time's closing quote.
 */
export function roomMessageHead(room: RoomRef): string {
  return roomMessageText(changeHead(room, '')).slice(0, -'"}}'.length);
}

/** A change message from the changed fields' values. */
export function changeOf(room: RoomRef, changed: Iterable<[string, unknown]>, updatedAt: string): LiveRoomChange {
  const change = changeHead(room, updatedAt);
  applyFields(change, changed);
  return change;
}

/** Sets one field's value on a room or a change (objects are copied: the caller may keep them). */
export function applyField(
  target: Partial<Record<Flag, unknown>> & { devices?: LiveDevices; energy?: Energy },
  field: string,
  value: unknown,
): void {
  const own = typeof value === 'object' && value !== null ? structuredClone(value) : value;
  if (field.startsWith('d.')) {
    const dot = field.indexOf('.', 2);
    const key = field.slice(2, dot);
    target.devices ??= {};
    target.devices[key] ??= {};
    (target.devices[key] as Record<string, unknown>)[field.slice(dot + 1)] = own;
  } else if (field.startsWith('e.')) {
    target.energy ??= {};
    (target.energy as Record<string, unknown>)[field.slice(2)] = own;
  } else if ((FLAGS as readonly string[]).includes(field)) {
    (target as Record<string, unknown>)[field] = field === 'rent' ? (own as RentState) : own;
  }
}

function applyFields(
  target: Partial<Record<Flag, unknown>> & { devices?: LiveDevices; energy?: Energy },
  fields: Iterable<[string, unknown]>,
): void {
  for (const [field, value] of fields) applyField(target, field, value);
}

export function matches(room: RoomRef, filter: LiveFilter | undefined): boolean {
  if (filter?.floor_num !== undefined && room.floor_num !== filter.floor_num) return false;
  if (filter?.building_id !== undefined && room.building_id !== filter.building_id) return false;
  return true;
}
