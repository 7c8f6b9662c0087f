import type { LiveRoom, LiveRoomChange, RoomRef } from '@roompilot/contract';
import { channelListeners, connectPair, DEFAULT_PREFIX, type LiveRedisOptions, pingPair } from './redis.js';
import {
  changeOf,
  type Fields,
  inflate,
  type LastStateRecord,
  type LiveFilter,
  type LiveListener,
  type LivePatch,
  type LiveStore,
  lastStateFromText,
  matches,
  parseFields,
  pushFieldTexts,
  roomMessageHead,
  roomText,
} from './store.js';

/**
 * Merges rooms' fields, a batch of rooms in a single round trip (MERGE_BATCH at most): for each room
 * in turn, compares each field with the stored value, writes and publishes only what changed (so
 * every instance sees each change once, in order; two merges of one room in a batch apply in the
 * order they were made). What it publishes is the change as the consoles' `room` message, its JSON
 * text whole: each instance sends it to its consoles as it comes, with no parsing and no writing
 * anew per change (every instance gets every change of the hotels its consoles watch, the whole
 * cluster's, not only its own).
 * KEYS: per room, its hash and its hotel's set. ARGV: per room, channel, room id, updated_at, room
 * JSON, the message's head (up to its time's closing quote, `roomMessageHead` and the time), the
 * number of fields, then field/value pairs (values as JSON text).
 * Answers, per room, its changed pairs, flat, or the error that room met.
 */
const MERGE_SCRIPT = `
local function merge(roomKey, hotelKey, channel, roomId, updatedAt, roomJson, head, fields, values)
  local count = #fields
  local changed = {}
  if count > 0 then
    local stored = redis.call('HMGET', roomKey, unpack(fields))
    for i = 1, count do
      if stored[i] ~= values[i] then
        changed[#changed + 1] = fields[i]
        changed[#changed + 1] = values[i]
      end
    end
  end
  redis.call('HSET', roomKey, 'room', roomJson, 'updated_at', updatedAt)
  redis.call('SADD', hotelKey, roomId)
  if #changed > 0 then
    redis.call('HSET', roomKey, unpack(changed))
    -- The message: a flag as it is, "d.{key}.{name}" under devices.{key}, "e.{name}" under energy.
    local text, keys, devices, energy = { head }, {}, {}, {}
    for i = 1, #changed, 2 do
      local field, value = changed[i], changed[i + 1]
      local kind = string.sub(field, 1, 2)
      if kind == 'd.' then
        local dot = string.find(field, '.', 3, true)
        local key = string.sub(field, 3, dot - 1)
        local device = devices[key]
        if not device then
          device = {}
          devices[key] = device
          keys[#keys + 1] = key
        end
        device[#device + 1] = cjson.encode(string.sub(field, dot + 1)) .. ':' .. value
      elseif kind == 'e.' then
        energy[#energy + 1] = cjson.encode(string.sub(field, 3)) .. ':' .. value
      else
        text[#text + 1] = ',"' .. field .. '":' .. value
      end
    end
    if #keys > 0 then
      local parts = {}
      for i = 1, #keys do
        parts[i] = cjson.encode(keys[i]) .. ':{' .. table.concat(devices[keys[i]], ',') .. '}'
      end
      text[#text + 1] = ',"devices":{' .. table.concat(parts, ',') .. '}'
    end
    if #energy > 0 then text[#text + 1] = ',"energy":{' .. table.concat(energy, ',') .. '}' end
    text[#text + 1] = '}}'
    redis.call('PUBLISH', channel, table.concat(text))
  end
  return changed
end
local results = {}
local a = 1
for r = 1, #KEYS / 2 do
  local count = tonumber(ARGV[a + 5])
  local fields, values = {}, {}
  for i = 1, count do
    fields[i] = ARGV[a + 4 + 2 * i]
    values[i] = ARGV[a + 5 + 2 * i]
  end
  -- A room that fails (its key not a hash) fails alone: the others are merged and answered.
  local ok, result = pcall(merge, KEYS[2 * r - 1], KEYS[2 * r], ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3],
    ARGV[a + 4], fields, values)
  if ok then
    results[r] = result
  elseif type(result) == 'table' and result.err then
    results[r] = result
  else
    results[r] = { err = tostring(result) }
  end
  a = a + 6 + 2 * count
end
return results
`;

/**
 * Rooms one merge script call takes at most. The merges made in one go (the gateway hands a slice
 * of folded states on in one task; they are sent in a microtask after it) go to Redis
 * together: one command object, one script call and one reply instead of one each per room, 37 %
 * less of the instance's CPU a room (bench/live-merge.mjs). Bounded so one call holds Redis briefly
 * (a script runs alone) and its arguments stay small.
 */
export const MERGE_BATCH = 128;

/**
 * Writes a room's fields only when the room has no hash yet (a restored last known state); publishes
 * nothing. KEYS: the room's hash, its hotel's set. ARGV: room id, updated_at, room JSON, then
 * field/value pairs. Answers 1 when written.
 */
const RESTORE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'room', ARGV[3], 'updated_at', ARGV[2], unpack(ARGV, 4))
redis.call('SADD', KEYS[2], ARGV[1])
return 1
`;

interface MergeCommand {
  /** The number of keys, then the keys, then the arguments (MERGE_SCRIPT). */
  liveMerge(args: (string | number)[]): Promise<(string[] | Error)[]>;
  liveRestore(roomKey: string, hotelKey: string, ...args: string[]): Promise<number>;
}

/** A merge waiting for the end of the turn. */
interface PendingMerge {
  room: RoomRef;
  updatedAt: string;
  keys: [string, string];
  args: string[];
  resolve: (change: LiveRoomChange | null) => void;
  reject: (error: unknown) => void;
}

function pairs(flat: readonly string[]): Fields {
  const result: Fields = [];
  for (let i = 0; i + 1 < flat.length; i += 2) result.push([flat[i] as string, flat[i + 1] as string]);
  return result;
}

/**
 * Rooms a list reads and builds at a time. A 10,000-room hotel read in one go (the alert rules'
 * sweep, every 15 s) was one block of ~250 ms on a busy event loop: an SOS that came meanwhile
 * waited for it (bench/cluster-scale.mjs).
 */
export const LIST_PAGE = 500;

/**
 * Each room object's texts for the merge script, made once: the gateway passes the same device
 * object with each message of an RCU (its directory makes a new one when the room changes), and
 * writing both anew cost two JSON.stringify a merge. A room object is not changed in place.
 */
const roomTexts = new WeakMap<RoomRef, { room: string; head: string }>();
function textsOf(room: RoomRef): { room: string; head: string } {
  let texts = roomTexts.get(room);
  if (!texts) {
    texts = { room: roomText(room), head: roomMessageHead(room) };
    roomTexts.set(room, texts);
  }
  return texts;
}

/** The live state in Redis, shared by every server instance that uses the same Redis and prefix. */
export async function createRedisStore(options: LiveRedisOptions): Promise<LiveStore> {
  const { prefix = DEFAULT_PREFIX } = options;
  // No offline queue: a merge made while Redis is away fails at once (the RCU's next report says
  // it again) instead of running after it comes back, possibly empty, before the last known states
  // are put back (onReconnect) and starting a room's record from nothing.
  const { commands: redis, subscriber } = await connectPair(options, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
  });
  redis.defineCommand('liveMerge', { lua: MERGE_SCRIPT });
  redis.defineCommand('liveRestore', { numberOfKeys: 2, lua: RESTORE_SCRIPT });
  const merger = redis as unknown as MergeCommand;

  const roomKey = (roomId: number) => `${prefix}room:${roomId}`;
  const hotelKey = (hotelId: number) => `${prefix}hotel:${hotelId}:rooms`;
  const channelOf = (hotelId: number) => `${prefix}hotel:${hotelId}`;
  const channels = channelListeners<LiveListener>(subscriber);

  subscriber.on('message', (channel: string, text: string) => {
    const set = channels.of(channel);
    if (!set) return;
    for (const listener of set) listener(text);
  });

  /** Merges made in this go, sent together in a microtask (MERGE_SCRIPT, MERGE_BATCH). */
  let pending: PendingMerge[] = [];

  function sendPending(): void {
    const merges = pending;
    pending = [];
    for (let start = 0; start < merges.length; start += MERGE_BATCH) {
      sendBatch(merges.slice(start, start + MERGE_BATCH));
    }
  }

  function sendBatch(batch: PendingMerge[]): void {
    const args: (string | number)[] = [batch.length * 2];
    for (const merge of batch) args.push(merge.keys[0], merge.keys[1]);
    for (const merge of batch) for (const arg of merge.args) args.push(arg);
    merger.liveMerge(args).then(
      (results) => {
        batch.forEach((merge, index) => {
          const changed = results[index] ?? [];
          if (changed instanceof Error) merge.reject(changed);
          else {
            merge.resolve(
              changed.length === 0 ? null : changeOf(merge.room, parseFields(pairs(changed)), merge.updatedAt),
            );
          }
        });
      },
      (error: unknown) => {
        for (const merge of batch) merge.reject(error);
      },
    );
  }

  function fromHash(hash: Record<string, string>): LiveRoom | null {
    if (!hash.room) return null;
    const { room: roomText, updated_at: updatedAt, ...fields } = hash;
    return inflate(JSON.parse(roomText) as RoomRef, parseFields(Object.entries(fields)), updatedAt ?? null);
  }

  const store: LiveStore = {
    merge(room: RoomRef, patch: LivePatch, at: Date): Promise<LiveRoomChange | null> {
      const updatedAt = at.toISOString();
      const texts = textsOf(room);
      const args = [
        channelOf(room.hotel_id),
        String(room.room_id),
        updatedAt,
        texts.room,
        `${texts.head}${updatedAt}"`,
        '',
      ];
      pushFieldTexts(args, patch);
      args[5] = String((args.length - 6) / 2);
      return new Promise((resolve, reject) => {
        if (pending.length === 0) queueMicrotask(sendPending);
        pending.push({
          room,
          updatedAt,
          keys: [roomKey(room.room_id), hotelKey(room.hotel_id)],
          args,
          resolve,
          reject,
        });
      });
    },

    setOnline(room: RoomRef, online: boolean, at: Date) {
      return store.merge(room, { online }, at);
    },

    async restore(room: RoomRef, patch: LivePatch, at: Date) {
      const args = pushFieldTexts([String(room.room_id), at.toISOString(), textsOf(room).room], patch);
      return (await merger.liveRestore(roomKey(room.room_id), hotelKey(room.hotel_id), ...args)) === 1;
    },

    async get(roomId: number) {
      return fromHash(await redis.hgetall(roomKey(roomId)));
    },

    async lastStates(roomIds: readonly number[]) {
      const hashes = await Promise.all(roomIds.map((id) => redis.hgetall(roomKey(id))));
      const records: LastStateRecord[] = [];
      for (const hash of hashes) {
        if (!hash.room || !hash.updated_at) continue;
        const { room_id, hotel_id } = JSON.parse(hash.room) as RoomRef;
        records.push({ room_id, hotel_id, state: lastStateFromText(hash), updated_at: hash.updated_at });
      }
      return records;
    },

    async list(hotelId: number, filter?: LiveFilter) {
      const ids = await redis.smembers(hotelKey(hotelId));
      const rooms: LiveRoom[] = [];
      // A page at a time, the event loop let go between (see LIST_PAGE).
      for (let start = 0; start < ids.length; start += LIST_PAGE) {
        const page = ids.slice(start, start + LIST_PAGE);
        for (const hash of await Promise.all(page.map((id) => redis.hgetall(roomKey(Number(id)))))) {
          const room = fromHash(hash);
          if (room !== null && room.hotel_id === hotelId && matches(room, filter)) rooms.push(room);
        }
      }
      return rooms;
    },

    async remove(roomId: number) {
      const room = await store.get(roomId);
      if (!room) return;
      await redis.multi().del(roomKey(roomId)).srem(hotelKey(room.hotel_id), String(roomId)).exec();
    },

    subscribe: (hotelId: number, listener: LiveListener) => channels.add(channelOf(hotelId), listener),

    ping: () => pingPair(redis, subscriber),

    // Connected before the store was made: each 'ready' from now on is a connection come back.
    onReconnect(listener: () => void) {
      redis.on('ready', listener);
    },

    async close() {
      channels.clear();
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
  return store;
}
