import type { RoomRef } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Database, SealedDeviceKey } from '../db/schema.js';
import type { DeviceKeys } from '../device-keys.js';

/** What the gateway knows of one RCU: its room and its key. */
export interface Device extends RoomRef {
  rcu_id: string;
  /** The key, opened from its sealed form once per cache fill; null when it does not open (no login). */
  device_key: string | null;
}

export interface DeviceDirectory {
  /** The room of an rcu_id: from the cache, or read from the database on a miss. */
  find(rcuId: string): Promise<Device | null>;
  /** The cached room of an rcu_id, at once; undefined when not cached (then `find`). */
  cached(rcuId: string): Device | undefined;
  findByRoom(roomId: number): Promise<Device | null>;
  /** Forgets what the cache holds of an rcu_id (the room changed, was deleted, got a new key). */
  invalidate(rcuId: string): void;
  /**
   * Loads every room's device into the cache, WARM_PAGE rooms a query, and answers how many it
   * took. Run once at start: an instance that joins a running cluster hears RCUs it has never met,
   * and each one's first message (an SOS among them) would wait for a lookup on a busy pool.
   * What changed meanwhile (`invalidate`) is not taken from it.
   */
  warm(): Promise<number>;
}

/** An unknown rcu_id is remembered this long, so that a stranger retrying cannot load the database. */
const UNKNOWN_TTL_MS = 5_000;

/**
 * rcu_ids looked up in one query at most. The misses of one turn of the event loop go together: an
 * instance that starts (or joins a cluster) under a fleet's traffic hears thousands of RCUs it has
 * not cached within a second, and a query each queued them on the database pool past its time-out
 * (found by bench/cluster-scale.mjs: the second instance never caught up).
 */
export const LOOKUP_BATCH = 500;

/** Rooms read in one query of `warm` (one instance's fleet: a few queries; about 300 bytes a room). */
export const WARM_PAGE = 2_000;

interface Lookup {
  promise: Promise<Device | null>;
  resolve(device: Device | null): void;
  reject(error: unknown): void;
}

/** rcu_id → room, cached in memory and loaded from the rooms table on a miss; keys opened with `keys`. */
export function createDeviceDirectory(
  db: Kysely<Database>,
  keys: DeviceKeys,
  now: () => number = Date.now,
): DeviceDirectory {
  const byRcu = new Map<string, Device>();
  const rcuOfRoom = new Map<number, string>();
  const unknownUntil = new Map<string, number>();
  const loading = new Map<string, Lookup>();
  let queued: string[] = [];
  /** While `warm` runs: the rcu_ids invalidated since it began, which its pages must not bring back. */
  let changedWhileWarming: Set<string> | null = null;

  const columns = ['id', 'hotel_id', 'building_id', 'room_num', 'floor_num', 'rcu_id', 'device_key'] as const;
  type Row = {
    id: number;
    hotel_id: number;
    building_id: number;
    room_num: string;
    floor_num: number;
    rcu_id: string;
    device_key: SealedDeviceKey;
  };

  function remember(row: Row): Device {
    const device: Device = {
      room_id: row.id,
      hotel_id: row.hotel_id,
      building_id: row.building_id,
      room_num: row.room_num,
      floor_num: row.floor_num,
      rcu_id: row.rcu_id,
      device_key: keys.open(row.device_key),
    };
    byRcu.set(device.rcu_id, device);
    rcuOfRoom.set(device.room_id, device.rcu_id);
    unknownUntil.delete(device.rcu_id);
    return device;
  }

  /** Looks an rcu_id up with the other misses of this turn (one query per LOOKUP_BATCH ids). */
  function load(rcuId: string): Promise<Device | null> {
    const pending = loading.get(rcuId);
    if (pending) return pending.promise;
    let resolve!: Lookup['resolve'];
    let reject!: Lookup['reject'];
    const promise = new Promise<Device | null>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    loading.set(rcuId, { promise, resolve, reject });
    queued.push(rcuId);
    if (queued.length === 1) setImmediate(lookUpQueued);
    return promise;
  }

  function lookUpQueued(): void {
    const ids = queued;
    queued = [];
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH) void lookUp(ids.slice(start, start + LOOKUP_BATCH));
  }

  async function lookUp(ids: string[]): Promise<void> {
    const settle = (rcuId: string): Lookup | undefined => {
      const lookup = loading.get(rcuId);
      loading.delete(rcuId);
      return lookup;
    };
    let rows: Row[];
    try {
      rows = await db.selectFrom('rooms').select(columns).where('rcu_id', 'in', ids).execute();
    } catch (error) {
      for (const rcuId of ids) settle(rcuId)?.reject(error);
      return;
    }
    const found = new Map(rows.map((row) => [row.rcu_id, row]));
    for (const rcuId of ids) {
      const row = found.get(rcuId);
      if (!row) unknownUntil.set(rcuId, now() + UNKNOWN_TTL_MS);
      settle(rcuId)?.resolve(row ? remember(row) : null);
    }
  }

  return {
    async find(rcuId) {
      const cached = byRcu.get(rcuId);
      if (cached) return cached;
      const until = unknownUntil.get(rcuId);
      if (until !== undefined && until > now()) return null;
      return load(rcuId);
    },

    cached: (rcuId) => byRcu.get(rcuId),

    async findByRoom(roomId) {
      const rcuId = rcuOfRoom.get(roomId);
      const cached = rcuId === undefined ? undefined : byRcu.get(rcuId);
      if (cached) return cached;
      const row = await db.selectFrom('rooms').select(columns).where('id', '=', roomId).executeTakeFirst();
      return row ? remember(row) : null;
    },

    async warm() {
      changedWhileWarming = new Set();
      let taken = 0;
      let after = 0;
      try {
        for (;;) {
          const rows = await db
            .selectFrom('rooms')
            .select(columns)
            .where('id', '>', after)
            .orderBy('id')
            .limit(WARM_PAGE)
            .execute();
          for (const row of rows) {
            if (byRcu.has(row.rcu_id) || changedWhileWarming.has(row.rcu_id)) continue;
            remember(row);
            taken += 1;
          }
          const last = rows.at(-1);
          if (!last || rows.length < WARM_PAGE) return taken;
          after = last.id;
        }
      } finally {
        changedWhileWarming = null;
      }
    },

    invalidate(rcuId) {
      changedWhileWarming?.add(rcuId);
      const cached = byRcu.get(rcuId);
      if (cached) rcuOfRoom.delete(cached.room_id);
      byRcu.delete(rcuId);
      unknownUntil.delete(rcuId);
    },
  };
}
