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
import { Batcher } from '../../batcher.js';
import type { Database } from '../../db/schema.js';
import * as repository from './repository.js';
import {
  EMPTY_FLAGS,
  type LastState,
  type LastStateRecord,
  type LiveFilter,
  type LiveListener,
  type LivePatch,
  type LiveStore,
} from './store.js';

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

/** The flags events set: a state sent before such an event does not undo them. */
const EVENT_FLAG_NAMES = [...new Set(Object.values(EVENT_FLAGS).flatMap((flags) => Object.keys(flags ?? {})))] as (
  | 'sos'
  | 'card'
  | 'door'
  | 'window'
  | 'dnd'
  | 'mur'
)[];

export interface LiveServiceOptions {
  db: Kysely<Database>;
  store: LiveStore;
  /** Where a failed write of the last known states is reported. */
  log?: { warn(details: object, message: string): void };
}

/** Rooms whose last known state a flush writes at a time, letting the event loop go between. */
const FLUSH_ROOMS = 250;

/**
 * The live state of rooms: what each room's RCU last reported (the live-state store: memory, or
 * Redis shared by every server instance), read together with the rooms table. The ingest path
 * (ingest.ts) writes it; the consoles read it here and through the socket (socket.ts).
 *
 * Each room's last known state is also kept in the database (`room_last_state`): the rooms whose
 * RCU spoke are written every few seconds in one batch (`startFlushing`) and once more on close,
 * never once per message. A restarted server (`restore`) puts it back in the store, offline and
 * `stale`, for the rooms the store does not know, and the reads do the same for a room the store
 * lost while the server ran (a restarted Redis); the RCU's next message clears `stale`.
 */
export class LiveService {
  readonly #db: Kysely<Database>;
  /** The live-state store (the rooms and hotels services and the benchmarks read it too). */
  readonly store: LiveStore;
  readonly #log: LiveServiceOptions['log'];
  /** Rooms whose RCU spoke since the last flush. */
  #dirty = new Set<number>();
  /**
   * Rooms whose last known state the store has had since it (re)connected: restored, or known to
   * have none. A room not in it has its last known state put back before the first merge, so a
   * message after a Redis restart does not start the room's record from nothing (and the next
   * flush does not write that over its last known state).
   */
  #settled = new Set<number>();
  /**
   * Every room's last known state is back since the store (re)connected (a whole `restore` ran):
   * a room not in `#settled` then has none, and its first message costs no query (10,000 RCUs
   * connecting at once would queue 10,000 on the database pool).
   */
  #allSettled = false;
  /** Each room's newest event that set flags, by the RCU's clock (see applyState). */
  #eventTimes = new Map<number, number>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  /**
   * The versions of the hellos of the moment, written together: 10,000 RCUs reconnecting at once
   * (a server or broker restart) had cost an UPDATE each, and half of them failed waiting for
   * PostgreSQL's pool (docs/benchmarks.md, "Hello storms").
   */
  readonly #versions = new Batcher<number, repository.RoomVersions>({
    run: async (rows) => {
      await repository.recordVersions(this.#db, [...rows.values()]);
      return undefined;
    },
    onError: (error, failed) =>
      this.#log?.warn({ err: error, ...failed }, 'live state: a batch of RCU versions was not written'),
  });

  constructor({ db, store, log }: LiveServiceOptions) {
    this.#db = db;
    this.store = store;
    this.#log = log;
    store.onReconnect(() => {
      this.#settled.clear();
      this.#allSettled = false;
      this.restore().catch((error: unknown) =>
        this.#log?.warn(
          { err: error },
          'live state: the last known states were not put back after the store came back',
        ),
      );
    });
  }

  /**
   * Puts each room's last known state back into the store, offline and stale, where the store has
   * no record of the room (an empty memory store after a restart, a restarted Redis). Answers how
   * many rooms it restored.
   */
  async restore(roomIds?: readonly number[]): Promise<number> {
    const whole = roomIds === undefined;
    let restored = 0;
    for (const row of await repository.lastStates(this.#db, roomIds)) {
      let state: LastState;
      try {
        state = JSON.parse(row.state) as LastState;
      } catch {
        continue;
      }
      const room: RoomRef = {
        room_id: row.room_id,
        hotel_id: row.hotel_id,
        building_id: row.building_id,
        room_num: row.room_num,
        floor_num: row.floor_num,
      };
      if (await this.store.restore(room, { ...state, online: false, stale: true }, new Date(row.updated_at))) {
        restored += 1;
      }
      this.#settled.add(row.room_id);
    }
    for (const id of roomIds ?? []) this.#settled.add(id);
    if (whole) this.#allSettled = true;
    return restored;
  }

  /** Writes the last known state of the rooms that changed every `intervalMs`. */
  startFlushing(intervalMs: number): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      if (this.#flushing) return;
      this.#flushing = this.flush()
        .catch((error: unknown) =>
          this.#log?.warn({ err: error }, 'live state: the last known states were not written'),
        )
        .finally(() => {
          this.#flushing = null;
        });
    }, intervalMs);
    this.#timer.unref();
  }

  /**
   * Writes the last known state of every room whose RCU spoke since the last flush: one upsert
   * statement per FLUSH_ROOMS rooms, the event loop let go between them (2,000 rooms written in one
   * go held it some 50 ms every 5 s, and an SOS read meanwhile waited). A batch the database refuses
   * (a room deleted meanwhile) is written room by room; a room that still fails is left out and
   * reported. The store away (Redis restarting): the rooms not yet written stay for a later flush.
   */
  async flush(): Promise<void> {
    if (this.#dirty.size === 0) return;
    const ids = [...this.#dirty];
    this.#dirty.clear();
    for (let start = 0; start < ids.length; start += FLUSH_ROOMS) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      let records: LastStateRecord[];
      try {
        records = await this.store.lastStates(ids.slice(start, start + FLUSH_ROOMS));
      } catch (error) {
        for (const id of ids.slice(start)) this.#dirty.add(id);
        throw error;
      }
      await this.#writeLastStates(records);
    }
  }

  async #writeLastStates(records: readonly LastStateRecord[]): Promise<void> {
    try {
      await repository.saveLastStates(this.#db, records);
    } catch {
      for (const record of records) {
        await repository.saveLastStates(this.#db, [record]).catch((error: unknown) => {
          this.#log?.warn({ err: error, room_id: record.room_id }, 'live state: the last known state was not written');
        });
      }
    }
  }

  /** Stops the periodic flush and writes what is left (a graceful shutdown). */
  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#versions.flush();
    await this.#flushing;
    await this.flush();
  }

  /** A hotel's rooms (or a floor's, a building's) and their live state by id, the last known where the store has none. */
  async #roomsWithState(hotelId: number, filter: LiveFilter) {
    const [rooms, live] = await Promise.all([
      repository.roomsOfHotel(this.#db, hotelId, filter),
      this.store.list(hotelId, filter),
    ]);
    return { rooms, byId: await this.#withLastKnown(rooms, live) };
  }

  /** Every room of a hotel (or of a floor, a building) with its live flags; never seen: offline. */
  async roomStates(hotelId: number, filter: LiveFilter = {}): Promise<LiveRoomState[]> {
    const { rooms, byId } = await this.#roomsWithState(hotelId, filter);
    // Written out, not spread: spreading the flags into each of a hotel's 2,000 rooms cost ~15 ms.
    return rooms.map((room) => {
      const state = byId.get(room.id) ?? EMPTY_FLAGS;
      return {
        room_id: room.id,
        room_num: room.room_num,
        floor_num: room.floor_num,
        building_id: room.building_id,
        online: state.online,
        rent: (room.rent as RentState | null) ?? state.rent ?? null,
        card: state.card,
        door: state.door,
        window: state.window,
        occupied: state.occupied,
        dnd: state.dnd,
        mur: state.mur,
        sos: state.sos,
        stale: state.stale,
        updated_at: state.updated_at,
      };
    });
  }

  /** A room's devices, their names and its energy; null when the room is not the hotel's (`hotelId` null: any). */
  async deviceState(roomId: number, hotelId: number | null): Promise<LiveDeviceState | null> {
    const names = await repository.roomDeviceNames(this.#db, roomId, hotelId);
    if (names === null) return null;
    let live = await this.store.get(roomId);
    if (!live && (await this.restore([roomId])) > 0) live = await this.store.get(roomId);
    return {
      room_id: roomId,
      online: live?.online ?? false,
      devices: live?.devices ?? {},
      energy: live?.energy ?? {},
      names,
    };
  }

  /** Every room's devices (the floor view's detail), as the RCUs last reported them. */
  async roomDevices(hotelId: number, filter: LiveFilter = {}): Promise<RoomDevices[]> {
    const { rooms, byId } = await this.#roomsWithState(hotelId, filter);
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
    const { rooms, byId } = await this.#roomsWithState(hotelId, filter);
    return rooms.map((room) => {
      const state = byId.get(room.id);
      const ac: RoomAirState['ac'] = {};
      for (const key in state?.devices) {
        if (key.startsWith('AC')) ac[key] = state.devices[key] as RoomAirState['ac'][string];
      }
      return {
        room_id: room.id,
        room_num: room.room_num,
        floor_num: room.floor_num,
        online: state?.online ?? false,
        ac,
        updated_at: state?.updated_at ?? null,
      };
    });
  }

  /**
   * Changes of one hotel's rooms, from every server instance, as the consoles' `room` message text
   * (sent as it is); resolves once listening.
   */
  onRoomChange(hotelId: number, listener: LiveListener): Promise<() => Promise<void>> {
    return this.store.subscribe(hotelId, listener);
  }

  /**
   * An RCU connected or dropped (its broker status). Connected, it is heard again: its state is no
   * longer stale. Dropped, a restored room stays stale (its state is still the last known one).
   */
  setOnline(room: RoomRef, online: boolean, at: Date): Promise<LiveRoomChange | null> {
    return this.#heard(room, online ? { online, stale: false } : { online }, at);
  }

  /**
   * An RCU said hello: it is online at once; its versions go to the rooms table with the other
   * hellos of the moment (`#versions`: one statement per batch, a failed one tried again with the
   * next; `versionsWritten` waits for them).
   */
  async recordHello(room: RoomRef, hello: HelloPayload, at: Date): Promise<LiveRoomChange | null> {
    const { fw, cfg, ir } = hello;
    this.#versions
      .add(room.room_id, { room_id: room.room_id, fw, cfg: cfg ?? null, ir: ir ?? null })
      .catch((error: unknown) =>
        this.#log?.warn({ err: error, room_id: room.room_id }, "live state: an RCU's versions were not written"),
      );
    return this.#heard(room, { online: true, stale: false }, at);
  }

  /** Resolves once the versions of the hellos heard so far are written (or given up). */
  versionsWritten(): Promise<void> {
    return this.#versions.flush();
  }

  /** An RCU's state message, merged; answers what changed (null: nothing). */
  applyState(room: RoomRef, state: StatePayload, at: Date): Promise<LiveRoomChange | null> {
    const { ts, ...rest } = state;
    const patch: LivePatch = rest;
    patch.online = true;
    patch.stale = false;
    // Sent before an event already applied (it came later, on a busier path: an outside broker
    // reads events on a connection of their own): the flags the event set are newer than its own.
    const eventAt = this.#eventTimes.get(room.room_id);
    if (eventAt !== undefined && ts !== undefined && ts < eventAt) {
      for (const flag of EVENT_FLAG_NAMES) delete patch[flag];
    }
    return this.#heard(room, patch, at);
  }

  /**
   * The room flags an RCU's event implies (a door opened, a card taken out), merged at once.
   * `sentAt`: the event's time on the RCU (its receive time when the RCU's is not plausible).
   */
  applyEvent(room: RoomRef, type: EventType, at: Date, sentAt = at.getTime()): Promise<LiveRoomChange | null> {
    const flags = EVENT_FLAGS[type];
    if (!flags) return Promise.resolve(null);
    if (sentAt > (this.#eventTimes.get(room.room_id) ?? Number.NEGATIVE_INFINITY)) {
      this.#eventTimes.set(room.room_id, sentAt);
    }
    return this.#heard(room, { ...flags, online: true, stale: false }, at);
  }

  /**
   * The live records by room id, with the last known state put back (stale) for the rooms the store
   * has lost while this server ran (a restarted Redis): one more query, only when such rooms exist.
   */
  async #withLastKnown(
    rooms: readonly { id: number; last_heard: string | null }[],
    live: LiveRoom[],
  ): Promise<Map<number, LiveRoom>> {
    const byId = new Map(live.map((room) => [room.room_id, room]));
    const lost = rooms.filter((room) => room.last_heard !== null && !byId.has(room.id)).map((room) => room.id);
    if (lost.length === 0 || (await this.restore(lost)) === 0) return byId;
    for (const room of await Promise.all(lost.map((id) => this.store.get(id)))) {
      if (room) byId.set(room.room_id, room);
    }
    return byId;
  }

  /**
   * Merges what an RCU said and answers what changed (the alerts look at it: a door closed may end
   * an alert); its room's last known state is written with the next flush.
   */
  async #heard(room: RoomRef, patch: LivePatch, at: Date): Promise<LiveRoomChange | null> {
    if (!this.#allSettled && !this.#settled.has(room.room_id)) {
      // The database away a moment: the report still goes to the consoles; it is tried next time.
      await this.restore([room.room_id]).catch(() => 0);
    }
    const change = await this.store.merge(room, patch, at);
    this.#dirty.add(room.room_id);
    return change;
  }
}
