import type { DeviceMap, DeviceState, LiveRoomChange, LiveRoomState, RentState } from '@roompilot/contract';
import { byNaturalOrder } from '../../lib/natural';
import { deviceKindOf, RENT_STATES } from '../live/vocabulary';

/**
 * The floor view's model: each room's live flags and its air conditioners, updated one room at a
 * time from the live push. Pure functions plus a small store that tells each tile about its own
 * room only, and the page (counts, filters) at most once per batch.
 */
export interface TileRoom extends LiveRoomState {
  /** The room's air conditioners by key (AC1, AC2…), as the RCU last reported them. */
  ac: DeviceMap;
}

/** A room's rent state, or `unknown` until its RCU has reported one. */
export type RentKey = RentState | 'unknown';
export const RENT_KEYS: readonly RentKey[] = [...RENT_STATES, 'unknown'];

export function rentOf(room: Pick<LiveRoomState, 'rent'>): RentKey {
  return room.rent ?? 'unknown';
}

/** The filters the counts offer: a rent state, or one of the flags worth finding. */
export const FLAG_FILTERS = ['sos', 'offline', 'card', 'occupied', 'dnd', 'mur', 'door', 'window'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];
export type RoomFilter = { kind: 'all' } | { kind: 'rent'; rent: RentKey } | { kind: 'flag'; flag: FlagFilter };
export const ALL_ROOMS: RoomFilter = { kind: 'all' };

export function hasFlag(room: LiveRoomState, flag: FlagFilter): boolean {
  return flag === 'offline' ? !room.online : room[flag];
}

export function matches(room: LiveRoomState, filter: RoomFilter): boolean {
  if (filter.kind === 'all') return true;
  if (filter.kind === 'rent') return rentOf(room) === filter.rent;
  return hasFlag(room, filter.flag);
}

export function sameFilter(a: RoomFilter, b: RoomFilter): boolean {
  if (a.kind === 'rent' && b.kind === 'rent') return a.rent === b.rent;
  if (a.kind === 'flag' && b.kind === 'flag') return a.flag === b.flag;
  return a.kind === b.kind;
}

export interface StateCounts {
  total: number;
  online: number;
  rent: Record<RentKey, number>;
  flags: Record<FlagFilter, number>;
}

export function countStates(rooms: Iterable<LiveRoomState>): StateCounts {
  const counts: StateCounts = {
    total: 0,
    online: 0,
    rent: Object.fromEntries(RENT_KEYS.map((key) => [key, 0])) as Record<RentKey, number>,
    flags: Object.fromEntries(FLAG_FILTERS.map((flag) => [flag, 0])) as Record<FlagFilter, number>,
  };
  for (const room of rooms) {
    counts.total += 1;
    if (room.online) counts.online += 1;
    counts.rent[rentOf(room)] += 1;
    for (const flag of FLAG_FILTERS) if (hasFlag(room, flag)) counts.flags[flag] += 1;
  }
  return counts;
}

/** The air conditioner a tile shows: the first by key (AC1 before AC2), or null when the room has none. */
export function mainAc(room: Pick<TileRoom, 'ac'>): (DeviceState & { key: string }) | null {
  const key = Object.keys(room.ac).sort(byNaturalOrder)[0];
  return key ? { key, ...room.ac[key] } : null;
}

/** What a tile shows, worked out once per change of the room (the tile only draws it). */
export interface TileView {
  rent: RentKey;
  online: boolean;
  /** The last known state from before a server restart, until the RCU speaks; `since` is when it was last heard. */
  stale: { since: string | null } | null;
  sos: boolean;
  /** Active flags in the order tiles show them. */
  flags: ('card' | 'occupied' | 'dnd' | 'mur' | 'door' | 'window')[];
  /** Room temperature from the main air conditioner, when it reported one. */
  temp: number | null;
  ac: { on: boolean; mode: string | null; set: number | null } | null;
}

const TILE_FLAGS = ['card', 'occupied', 'dnd', 'mur', 'door', 'window'] as const;

export function tileView(room: TileRoom): TileView {
  const ac = mainAc(room);
  return {
    rent: rentOf(room),
    online: room.online,
    stale: room.stale ? { since: room.updated_at } : null,
    sos: room.sos,
    flags: TILE_FLAGS.filter((flag) => room[flag]),
    temp: typeof ac?.temp === 'number' ? ac.temp : null,
    ac: ac ? { on: ac.on === true, mode: ac.mode ?? null, set: typeof ac.set === 'number' ? ac.set : null } : null,
  };
}

export function toTile(state: LiveRoomState, ac: DeviceMap = {}): TileRoom {
  return { ...state, ac };
}

const STATE_FIELDS = [
  'room_num',
  'floor_num',
  'online',
  'rent',
  'card',
  'door',
  'window',
  'occupied',
  'dnd',
  'mur',
  'sos',
  'stale',
  'updated_at',
] as const;

/**
 * A room with a pushed change merged in: the flags it carries and its air conditioners, field by
 * field (a change may carry only the device fields that changed). The same object when nothing the
 * floor view shows has changed, so the tile does not draw again.
 */
export function applyChange(room: TileRoom, change: LiveRoomChange): TileRoom {
  let next: TileRoom | undefined;
  const edit = () => {
    next ??= { ...room };
    return next;
  };
  for (const field of STATE_FIELDS) {
    const value = change[field];
    if (value !== undefined && value !== room[field]) (edit() as unknown as Record<string, unknown>)[field] = value;
  }
  for (const [key, device] of Object.entries(change.devices ?? {})) {
    if (deviceKindOf(key) !== 'ac') continue;
    const before = room.ac[key] ?? {};
    const merged = { ...before, ...device };
    const changed = (Object.keys(device) as (keyof DeviceState)[]).some((field) => before[field] !== merged[field]);
    if (!changed && room.ac[key]) continue;
    const target = edit();
    target.ac = { ...target.ac, [key]: merged };
  }
  return next ?? room;
}

/** Floors that have rooms, lowest first. */
export function floorsOf(rooms: Iterable<Pick<LiveRoomState, 'floor_num'>>): number[] {
  return [...new Set([...rooms].map((room) => room.floor_num))].sort((a, b) => a - b);
}

const byRoomNumber = (a: LiveRoomState, b: LiveRoomState) => byNaturalOrder(a.room_num, b.room_num);

/** Room ids by floor (highest floor first, as a building is drawn), each floor by room number. */
export function groupByFloor(rooms: Iterable<TileRoom>): { floor: number; ids: number[] }[] {
  const floors = new Map<number, TileRoom[]>();
  for (const room of rooms) {
    const list = floors.get(room.floor_num);
    if (list) list.push(room);
    else floors.set(room.floor_num, [room]);
  }
  return [...floors.entries()]
    .sort(([a], [b]) => b - a)
    .map(([floor, list]) => ({ floor, ids: list.sort(byRoomNumber).map((room) => room.room_id) }));
}

type Listener = () => void;

/**
 * The rooms of the shown building: the page loads a snapshot, pushes update single rooms. A tile
 * subscribes to its own room; the page's subscribers hear once per batch (`schedule`), however
 * many rooms changed in it.
 */
export function createRoomStore(schedule: (flush: () => void) => void = queueMicrotask) {
  let rooms = new Map<number, TileRoom>();
  const roomListeners = new Map<number, Set<Listener>>();
  const listeners = new Set<Listener>();
  let snapshot: readonly TileRoom[] | null = null;
  let pending = false;

  const tellRooms = (ids: Iterable<number>) => {
    for (const id of ids) for (const listener of roomListeners.get(id) ?? []) listener();
  };
  const tellPage = () => {
    snapshot = null;
    for (const listener of listeners) listener();
  };
  const changed = (ids: Iterable<number>) => {
    tellRooms(ids);
    if (pending) return;
    pending = true;
    schedule(() => {
      pending = false;
      tellPage();
    });
  };

  return {
    /** Replaces every room (a fresh answer of /redisroomstate and /redisairstate); the page hears at once. */
    load(next: Iterable<TileRoom>) {
      const before = rooms;
      rooms = new Map([...next].map((room) => [room.room_id, room]));
      tellRooms(new Set([...before.keys(), ...rooms.keys()]));
      // A whole new picture is shown at once: the batch is for pushes (the overview's first tiles
      // waited up to a batch for it).
      tellPage();
    },
    /** Merges a pushed change; false when the room is not shown here (another building) or nothing changed. */
    apply(change: LiveRoomChange): boolean {
      const room = rooms.get(change.room_id);
      if (!room) return false;
      const next = applyChange(room, change);
      if (next === room) return false;
      rooms.set(room.room_id, next);
      changed([room.room_id]);
      return true;
    },
    get: (id: number): TileRoom | undefined => rooms.get(id),
    size: () => rooms.size,
    /** Every room; the same array until the next batch, so the page re-renders once per batch. */
    snapshot(): readonly TileRoom[] {
      snapshot ??= [...rooms.values()];
      return snapshot;
    },
    subscribeRoom(id: number, listener: Listener): () => void {
      let set = roomListeners.get(id);
      if (!set) {
        set = new Set();
        roomListeners.set(id, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) roomListeners.delete(id);
      };
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type RoomStore = ReturnType<typeof createRoomStore>;
