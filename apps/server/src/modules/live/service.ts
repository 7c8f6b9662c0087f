import type {
  EventType,
  HelloPayload,
  LiveDeviceState,
  LiveRoom,
  LiveRoomChange,
  LiveRoomState,
  RentState,
  RoomAirState,
  RoomDevices,
  RoomRef,
  StatePayload,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repository from './repository.js';
import { EMPTY_FLAGS, type LiveFilter, type LivePatch, type LiveStore } from './store.js';

/** Room flags an event implies, merged at once (the RCU's next state says the same). */
const EVENT_FLAGS: Partial<Record<EventType, LivePatch>> = {
  sos: { sos: true },
  sos_clear: { sos: false },
  card_in: { card: true },
  card_out: { card: false },
  door_open: { door: true },
  door_close: { door: false },
  window_open: { window: true },
  window_close: { window: false },
  dnd_on: { dnd: true },
  dnd_off: { dnd: false },
  mur_on: { mur: true },
  mur_off: { mur: false },
};

/**
 * The live state of rooms: what each room's RCU last reported (the live-state store: memory, or
 * Redis shared by every server instance), read together with the rooms table. The ingest path
 * (ingest.ts) writes it; the consoles read it here and through the socket (socket.ts).
 */
export class LiveService {
  readonly #db: Kysely<Database>;
  /** The live-state store (the rooms and hotels services and the benchmarks read it too). */
  readonly store: LiveStore;

  constructor({ db, store }: { db: Kysely<Database>; store: LiveStore }) {
    this.#db = db;
    this.store = store;
  }

  /** Every room of a hotel (or of a floor, a building) with its live flags; never seen: offline. */
  async roomStates(hotelId: number, filter: LiveFilter = {}): Promise<LiveRoomState[]> {
    const [rooms, live] = await Promise.all([
      repository.roomsOfHotel(this.#db, hotelId, filter),
      this.store.list(hotelId, filter),
    ]);
    const byId = new Map(live.map((room) => [room.room_id, room]));
    return rooms.map((room) => {
      const state = byId.get(room.id);
      return {
        room_id: room.id,
        room_num: room.room_num,
        floor_num: room.floor_num,
        ...EMPTY_FLAGS,
        ...(state && flagsOf(state)),
        rent: (room.rent as RentState | null) ?? state?.rent ?? null,
      };
    });
  }

  /** A room's devices and energy; null when the room is not the hotel's (`hotelId` null: any). */
  async deviceState(roomId: number, hotelId: number | null): Promise<LiveDeviceState | null> {
    if (!(await repository.roomExists(this.#db, roomId, hotelId))) return null;
    const live = await this.store.get(roomId);
    return {
      room_id: roomId,
      online: live?.online ?? false,
      devices: live?.devices ?? {},
      energy: live?.energy ?? {},
    };
  }

  /** Every room's devices (the floor view's detail), as the RCUs last reported them. */
  async roomDevices(hotelId: number, filter: LiveFilter = {}): Promise<RoomDevices[]> {
    const [rooms, live] = await Promise.all([
      repository.roomsOfHotel(this.#db, hotelId, filter),
      this.store.list(hotelId, filter),
    ]);
    const byId = new Map(live.map((room) => [room.room_id, room]));
    return rooms.map((room) => ({
      room_id: room.id,
      room_num: room.room_num,
      floor_num: room.floor_num,
      online: byId.get(room.id)?.online ?? false,
      devices: byId.get(room.id)?.devices ?? {},
    }));
  }

  /** Every room's air conditioners (devices `AC…`). */
  async airStates(hotelId: number, filter: LiveFilter = {}): Promise<RoomAirState[]> {
    return (await this.roomDevices(hotelId, filter)).map(({ devices, ...room }) => ({
      ...room,
      ac: Object.fromEntries(Object.entries(devices).filter(([key]) => key.startsWith('AC'))),
    }));
  }

  /** Changes of one hotel's rooms, from every server instance; resolves once listening. */
  onRoomChange(hotelId: number, listener: (change: LiveRoomChange) => void): Promise<() => Promise<void>> {
    return this.store.subscribe(hotelId, listener);
  }

  /** An RCU connected or dropped (its broker status). */
  async setOnline(room: RoomRef, online: boolean, at: Date): Promise<void> {
    await this.store.setOnline(room, online, at);
  }

  /** An RCU said hello: its versions go to the rooms table, and it is online. */
  async recordHello(room: RoomRef, hello: HelloPayload, at: Date): Promise<void> {
    await repository.recordVersions(this.#db, room.room_id, hello);
    await this.store.setOnline(room, true, at);
  }

  /** An RCU's state message, merged. */
  async applyState(room: RoomRef, state: StatePayload, at: Date): Promise<void> {
    const { ts: _ts, ...patch } = state;
    await this.store.merge(room, { ...patch, online: true }, at);
  }

  /** The room flags an RCU's event implies (a door opened, a card taken out), merged at once. */
  async applyEvent(room: RoomRef, type: EventType, at: Date): Promise<void> {
    const flags = EVENT_FLAGS[type];
    if (flags) await this.store.merge(room, { ...flags, online: true }, at);
  }
}

function flagsOf(room: LiveRoom): Omit<LiveRoomState, 'room_id' | 'room_num' | 'floor_num'> {
  const { online, rent, card, door, window, occupied, dnd, mur, sos, updated_at } = room;
  return { online, rent, card, door, window, occupied, dnd, mur, sos, updated_at };
}
