import type { Energy, LiveDevices, LiveRoom, LiveRoomChange, RentState, StatePayload } from '@roompilot/contract';

/**
 * The live-state store: what each room's RCU last reported, merged. Two implementations with the
 * same behaviour (one test suite runs against both): memory for one process, Redis when several
 * server instances share the devices (hashes per room, a pub/sub channel per hotel).
 */

/** Which room a state belongs to, as the rooms table says (the gateway's directory knows it). */
export interface RoomRef {
  room_id: number;
  hotel_id: number;
  building_id: number | null;
  room_num: string;
  floor_num: number;
}

/** A partial state to merge: a state message without its time, and the online flag. */
export type LivePatch = Omit<StatePayload, 'ts'> & { online?: boolean };

export interface LiveFilter {
  floor_num?: number;
  building_id?: number;
}

export type LiveListener = (change: LiveRoomChange) => void;

export interface LiveStore {
  /**
   * Merges a partial state; answers what changed (the room's ids, `updated_at` and only the
   * changed fields; a device with only its changed fields), or null when nothing did. Every
   * subscriber of the room's hotel gets the same change.
   */
  merge(room: RoomRef, patch: LivePatch, at: Date): Promise<LiveRoomChange | null>;
  setOnline(room: RoomRef, online: boolean, at: Date): Promise<LiveRoomChange | null>;
  get(roomId: number): Promise<LiveRoom | null>;
  /** The rooms of a hotel that have a live record, by room number. */
  list(hotelId: number, filter?: LiveFilter): Promise<LiveRoom[]>;
  /** Forgets a room (deleted, or moved to another hotel). */
  remove(roomId: number): Promise<void>;
  /** Changes of one hotel's rooms, from this process and (Redis) every other; resolves once listening. */
  subscribe(hotelId: number, listener: LiveListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// The stores keep a room as flat fields, each value JSON text: `online`, `rent`, `card`, …,
// `d.AC1.set` for a device field, `e.kwh` for the energy meter. Merging is then a comparison of
// strings, the same in a Map and in a Redis hash.

const FLAGS = ['online', 'rent', 'card', 'door', 'window', 'occupied', 'dnd', 'mur', 'sos'] as const;
type Flag = (typeof FLAGS)[number];

export type Fields = [field: string, value: string][];

export function flatten(patch: LivePatch): Fields {
  const fields: Fields = [];
  for (const flag of FLAGS) {
    const value = patch[flag];
    if (value !== undefined) fields.push([flag, JSON.stringify(value)]);
  }
  for (const [key, device] of Object.entries(patch.devices ?? {})) {
    for (const [name, value] of Object.entries(device)) {
      if (value !== undefined) fields.push([`d.${key}.${name}`, JSON.stringify(value)]);
    }
  }
  for (const [name, value] of Object.entries(patch.energy ?? {})) {
    if (value !== undefined) fields.push([`e.${name}`, JSON.stringify(value)]);
  }
  return fields;
}

/** A stored room back from its fields. */
export function inflate(room: RoomRef, fields: Iterable<[string, string]>, updatedAt: string | null): LiveRoom {
  const live: LiveRoom = {
    ...room,
    online: false,
    rent: null,
    card: false,
    door: false,
    window: false,
    occupied: false,
    dnd: false,
    mur: false,
    sos: false,
    updated_at: updatedAt,
    devices: {},
    energy: {},
  };
  applyFields(live, fields);
  return live;
}

/** A change message from the changed fields. */
export function changeOf(room: RoomRef, changed: Iterable<[string, string]>, updatedAt: string): LiveRoomChange {
  const change: LiveRoomChange = {
    room_id: room.room_id,
    hotel_id: room.hotel_id,
    room_num: room.room_num,
    floor_num: room.floor_num,
    updated_at: updatedAt,
  };
  applyFields(change, changed);
  return change;
}

function applyFields(
  target: Partial<Record<Flag, unknown>> & { devices?: LiveDevices; energy?: Energy },
  fields: Iterable<[string, string]>,
): void {
  for (const [field, text] of fields) {
    const value: unknown = JSON.parse(text);
    if (field.startsWith('d.')) {
      const dot = field.indexOf('.', 2);
      const key = field.slice(2, dot);
      target.devices ??= {};
      target.devices[key] ??= {};
      (target.devices[key] as Record<string, unknown>)[field.slice(dot + 1)] = value;
    } else if (field.startsWith('e.')) {
      target.energy ??= {};
      (target.energy as Record<string, unknown>)[field.slice(2)] = value;
    } else if ((FLAGS as readonly string[]).includes(field)) {
      (target as Record<string, unknown>)[field] = field === 'rent' ? (value as RentState) : value;
    }
  }
}

export function matches(room: RoomRef, filter: LiveFilter | undefined): boolean {
  if (filter?.floor_num !== undefined && room.floor_num !== filter.floor_num) return false;
  if (filter?.building_id !== undefined && room.building_id !== filter.building_id) return false;
  return true;
}

export function byRoomNum(a: LiveRoom, b: LiveRoom): number {
  return a.floor_num - b.floor_num || a.room_num.localeCompare(b.room_num, 'en', { numeric: true });
}
