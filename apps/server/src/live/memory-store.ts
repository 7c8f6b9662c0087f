import type { LiveRoom, LiveRoomChange } from '@roompilot/contract';
import {
  byRoomNum,
  changeOf,
  type Fields,
  flatten,
  inflate,
  type LiveFilter,
  type LiveListener,
  type LivePatch,
  type LiveStore,
  matches,
  type RoomRef,
} from './store.js';

interface Entry {
  room: RoomRef;
  fields: Map<string, string>;
  updatedAt: string | null;
}

/** The live state of one process, in memory: the default when there is no Redis. */
export function createMemoryStore(): LiveStore {
  const rooms = new Map<number, Entry>();
  const roomsOfHotel = new Map<number, Set<number>>();
  const listeners = new Map<number, Set<LiveListener>>();

  function entryOf(room: RoomRef): Entry {
    let entry = rooms.get(room.room_id);
    if (entry && entry.room.hotel_id !== room.hotel_id) roomsOfHotel.get(entry.room.hotel_id)?.delete(room.room_id);
    if (!entry) {
      entry = { room, fields: new Map(), updatedAt: null };
      rooms.set(room.room_id, entry);
    }
    entry.room = room;
    let ids = roomsOfHotel.get(room.hotel_id);
    if (!ids) {
      ids = new Set();
      roomsOfHotel.set(room.hotel_id, ids);
    }
    ids.add(room.room_id);
    return entry;
  }

  function publish(change: LiveRoomChange): void {
    for (const listener of listeners.get(change.hotel_id) ?? []) listener(change);
  }

  const store: LiveStore = {
    async merge(room: RoomRef, patch: LivePatch, at: Date) {
      const entry = entryOf(room);
      entry.updatedAt = at.toISOString();
      const changed: Fields = [];
      for (const [field, value] of flatten(patch)) {
        if (entry.fields.get(field) === value) continue;
        entry.fields.set(field, value);
        changed.push([field, value]);
      }
      if (changed.length === 0) return null;
      const change = changeOf(room, changed, entry.updatedAt);
      publish(change);
      return change;
    },

    setOnline(room: RoomRef, online: boolean, at: Date) {
      return store.merge(room, { online }, at);
    },

    async get(roomId: number): Promise<LiveRoom | null> {
      const entry = rooms.get(roomId);
      return entry ? inflate(entry.room, entry.fields, entry.updatedAt) : null;
    },

    async list(hotelId: number, filter?: LiveFilter): Promise<LiveRoom[]> {
      const found: LiveRoom[] = [];
      for (const id of roomsOfHotel.get(hotelId) ?? []) {
        const entry = rooms.get(id);
        if (entry && matches(entry.room, filter)) found.push(inflate(entry.room, entry.fields, entry.updatedAt));
      }
      return found.sort(byRoomNum);
    },

    async remove(roomId: number) {
      const entry = rooms.get(roomId);
      if (!entry) return;
      rooms.delete(roomId);
      roomsOfHotel.get(entry.room.hotel_id)?.delete(roomId);
    },

    async subscribe(hotelId: number, listener: LiveListener) {
      let set = listeners.get(hotelId);
      if (!set) {
        set = new Set();
        listeners.set(hotelId, set);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },

    async close() {
      listeners.clear();
    },
  };
  return store;
}
