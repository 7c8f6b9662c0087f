import { randomUUID } from 'node:crypto';
import type {
  AcChange,
  AckPayload,
  AcLimitNote,
  CommandFields,
  CommandOp,
  DeviceMap,
  LiveRoomChange,
  OplogAction,
  RentState,
  RoomRef,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { Batcher } from '../../batcher.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { DeviceTimeoutError, type Gateway } from '../../gateway/gateway.js';
import { JSON_DEPTH_MAX, nestsDeeperThan } from '../../json-depth.js';
import { insertEvent } from '../alerts/repository.js';
import type { LiveStore } from '../live/store.js';
import { recordOperation } from '../oplog/service.js';
import { DeviceCommandError, outcomeSummary, RoomNotFoundError, type RoomOutcome } from './failures.js';
import * as repository from './repository.js';

/** A command's line in the event log keeps what it set up to this many characters (else only the op). */
const COMMAND_DETAIL_MAX = 4_000;

/** Commands of one control call in flight at once. */
const CONTROL_CONCURRENCY = 16;

/** Rooms whose rent state the console changed, with their type (modes apply the checkout mode). */
export type RentListener = (
  rooms: { id: number; hotel_id: number; room_num: string; room_type_id: number }[],
  rent: RentState,
) => void;
/**
 * The energy policy as the commands see it (modules/airpolicy): a console's AC change brought
 * within the room's limits, with a note for each field changed; a rent change looked at.
 */
export interface AcGuard {
  limitCommand(
    hotelId: number,
    roomId: number,
    devices: DeviceMap,
  ): Promise<{ devices: DeviceMap; notes: AcLimitNote[] }>;
  roomChanged(ref: RoomRef, change: LiveRoomChange | null): Promise<void>;
}

export interface ControlServiceOptions {
  db: Kysely<Database>;
  store: LiveStore;
  clock: Clock;
}

/**
 * Commands to the RCUs: each goes down through the gateway and waits for its ack. `controlRoom`
 * changes one room's devices; air control, room state (rent) control and the parameter calls act
 * on many rooms, a few at a time. Every call made for a user is written to the operation log
 * with its outcome (a failure too: the operator saw it).
 */
export class ControlService {
  readonly #db: Kysely<Database>;
  readonly #store: LiveStore;
  readonly #clock: Clock;
  #gateway: Gateway | null = null;
  readonly #rentListeners = new Set<RentListener>();
  #guard: AcGuard | null = null;
  /** The rent of the rooms whose RCU said hello, read together (`resendRent`). */
  readonly #rents = new Batcher<number, number, { hotel_id: number; rent: string | null }>({
    run: async (ids) => {
      const rows = await repository.rentsOf(this.#db, [...ids.keys()]);
      return new Map(rows.map((row) => [row.id, row]));
    },
  });

  constructor({ db, store, clock }: ControlServiceOptions) {
    this.#db = db;
    this.#store = store;
    this.#clock = clock;
  }

  /** Sends commands through this gateway; answers a function that stops (live/ingest.ts). */
  attach(gateway: Gateway): () => void {
    this.#gateway = gateway;
    return () => {
      if (this.#gateway === gateway) this.#gateway = null;
    };
  }

  /** Console commands and rent changes go through the energy policy from now on (app.ts). */
  useGuard(guard: AcGuard): void {
    this.#guard = guard;
  }

  /** Device changes the server sends of itself (a mode) within the energy policy: what to send, and what it changed. */
  withinPolicy(hotelId: number, roomId: number, devices: DeviceMap) {
    return this.#limited(hotelId, roomId, devices);
  }

  /** A console's device change within the energy policy: what to send, and what the policy changed. */
  async #limited(hotelId: number, roomId: number, devices: DeviceMap) {
    return this.#guard ? this.#guard.limitCommand(hotelId, roomId, devices) : { devices, notes: [] };
  }

  /**
   * Sends a command to a room's RCU and answers its ack's result. Rejects with RoomNotFoundError
   * (not the hotel's room; `hotelId` null: any hotel) or DeviceCommandError.
   */
  async sendCommand<Op extends CommandOp>(
    roomId: number,
    op: Op,
    fields: CommandFields<Op>,
    options: { hotelId?: number | null } = {},
  ): Promise<Record<string, unknown> | null> {
    const room = await repository.findRoom(this.#db, roomId, options.hotelId ?? null);
    if (!room) throw new RoomNotFoundError(roomId);
    if (op === 'get_params') return this.#command(room, op, fields);
    const at = this.#clock().toISOString();
    try {
      const result = await this.#command(room, op, fields);
      await this.#logCommand(room, op, fields, at, { ok: true });
      return result;
    } catch (error) {
      if (error instanceof DeviceCommandError) {
        await this.#logCommand(room, op, fields, at, { ok: false, failure: error.failure, error: error.detail });
      }
      throw error;
    }
  }

  /**
   * A command with its result in the room's event log (type `command`: the op, what it set, how
   * it ended). A read (`get_params`) changes nothing and is left out; an upgrade's URL is not kept.
   */
  async #logCommand(
    room: { id: number; hotel_id: number },
    op: CommandOp,
    fields: object,
    at: string,
    outcome: { ok: boolean; failure?: string; error?: string },
  ): Promise<void> {
    const { url: _url, ...kept } = fields as { url?: unknown };
    let detail = JSON.stringify({ op, ...kept, ...outcome });
    if (detail.length > COMMAND_DETAIL_MAX) detail = JSON.stringify({ op, ...outcome });
    await insertEvent(this.#db, {
      hotel_id: room.hotel_id,
      room_id: room.id,
      event_id: `cmd-${randomUUID()}`,
      type: 'command',
      detail,
      event_time: at,
      received_at: this.#clock().toISOString(),
    });
  }

  async #command<Op extends CommandOp>(
    room: { id: number; room_num: string; rcu_id: string },
    op: Op,
    fields: CommandFields<Op>,
  ): Promise<Record<string, unknown> | null> {
    const roomId = room.id;
    const gateway = this.#gateway;
    if (!gateway) throw new DeviceCommandError('gateway', room.room_num, 'the device gateway is not running');
    const live = await this.#store.get(roomId);
    if (live && !live.online) throw new DeviceCommandError('offline', room.room_num, 'the RCU is offline');
    let ack: AckPayload;
    try {
      ack = await gateway.request(room.rcu_id, op, fields);
    } catch (error) {
      if (!(error instanceof DeviceTimeoutError)) throw error;
      throw new DeviceCommandError('timeout', room.room_num, error.message, { cause: error });
    }
    if (!ack.ok) throw new DeviceCommandError('refused', room.room_num, ack.error ?? 'no reason given');
    // An answer nested past the JSON depth limit would fail when answered or logged: the RCU's fault.
    if (nestsDeeperThan(ack.result, JSON_DEPTH_MAX)) {
      throw new DeviceCommandError('refused', room.room_num, `its answer nests deeper than ${JSON_DEPTH_MAX} levels`);
    }
    return ack.result ?? null;
  }

  /** Tells `listener` of every rent change made through `controlRent`; answers a function that stops. */
  onRent(listener: RentListener): () => void {
    this.#rentListeners.add(listener);
    return () => this.#rentListeners.delete(listener);
  }

  /** Acknowledges an RCU's event (once it is stored), without waiting for anything back. */
  async acknowledgeEvent(device: { rcu_id: string }, eventId: string): Promise<void> {
    await this.#gateway?.send(device.rcu_id, 'ack', { event: eventId });
  }

  /**
   * The server is the master of the rent state: an RCU back online is told it again. The rooms'
   * rent is read with the other hellos of the moment (one query per batch: a connect storm of
   * 10,000 RCUs had cost a query each); a failed read is tried again with the next batch.
   */
  async resendRent(device: RoomRef & { rcu_id: string }): Promise<void> {
    const room = await this.#rents.add(device.room_id, device.room_id);
    if (room?.hotel_id === device.hotel_id && room.rent) {
      await this.#gateway?.send(device.rcu_id, 'rent', { rent: room.rent as RentState });
    }
  }

  /**
   * `control.room`: a `set` command to the room's RCU on behalf of a user (a room of `hotelId`;
   * null: the Administrator's, any hotel's), recorded in the operation log with its outcome. An AC
   * change outside the energy policy's limits is brought within them: `notes` say what changed.
   */
  async controlRoom(
    actor: Actor,
    hotelId: number | null,
    roomId: number,
    devices: DeviceMap,
  ): Promise<{ result: Record<string, unknown> | null; notes: AcLimitNote[] }> {
    const room = await repository.findRoom(this.#db, roomId, hotelId);
    if (!room) throw new RoomNotFoundError(roomId);
    const limited = await this.#limited(room.hotel_id, roomId, devices);
    const detail = {
      room_id: roomId,
      room_num: room.room_num,
      devices: limited.devices,
      ...(limited.notes.length > 0 && { asked: devices }),
    };
    const result = await this.#logged(actor, room.hotel_id, 'room_control', room.room_num, detail, () =>
      this.sendCommand(roomId, 'set', { devices: limited.devices }, { hotelId }),
    );
    return { result, notes: limited.notes };
  }

  /**
   * `control.air`: the AC change to every AC of each room (its type's template says which),
   * in parallel, a few at a time; one operation log entry with the outcome of each room. Null
   * when a room id is not the hotel's.
   */
  async controlAir(
    actor: Actor,
    hotelId: number,
    filter: repository.ControlFilter,
    ac: AcChange,
  ): Promise<RoomOutcome[] | null> {
    const rooms = await repository.roomsForControl(this.#db, hotelId, filter);
    if (filter.room_ids && rooms.length !== filter.room_ids.length) return null;
    const outcomes = await inParallel(rooms, CONTROL_CONCURRENCY, async (room): Promise<RoomOutcome> => {
      const keys = acKeysOf(room.devices);
      if (keys.length === 0) {
        return {
          room_id: room.id,
          room_num: room.room_num,
          failure: new DeviceCommandError('no_ac', room.room_num, 'no air conditioner'),
        };
      }
      const { devices, notes } = await this.#limited(
        hotelId,
        room.id,
        Object.fromEntries(keys.map((key) => [key, ac])),
      );
      const outcome = await outcomeOf(room, () => this.sendCommand(room.id, 'set', { devices }, { hotelId }));
      return notes.length > 0 ? { ...outcome, notes } : outcome;
    });
    await recordOperation(this.#db, this.#clock, who(actor, hotelId), {
      action: 'air_control',
      target: `${rooms.length}`,
      // The type and the building aimed at by their names as well (the rooms found are all of
      // them), rooms picked one by one by their numbers too (a floor or a type is named by itself,
      // not by its every room).
      detail: {
        ac,
        ...filter,
        room_nums: filter.room_ids && rooms.map((room) => room.room_num),
        room_type: filter.room_type_id === undefined ? undefined : rooms[0]?.room_type_name,
        building: filter.building_id === undefined ? undefined : rooms[0]?.building_name,
        ...outcomeSummary(outcomes),
      },
    });
    return outcomes;
  }

  /**
   * `control.rent`: the rent state is stored for every room first (the server is its
   * master), shown at once, then pushed to each RCU; null when a room is not the hotel's.
   */
  async controlRent(actor: Actor, hotelId: number, roomIds: number[], rent: RentState): Promise<RoomOutcome[] | null> {
    const rooms = await repository.roomsForControl(this.#db, hotelId, { room_ids: roomIds });
    if (rooms.length !== roomIds.length) return null;
    await repository.setRent(this.#db, hotelId, roomIds, rent);
    const outcomes = await inParallel(rooms, CONTROL_CONCURRENCY, async (room): Promise<RoomOutcome> => {
      const ref = {
        room_id: room.id,
        hotel_id: hotelId,
        building_id: room.building_id,
        room_num: room.room_num,
        floor_num: room.floor_num,
      };
      // Shown at once on the consoles; a room never heard from gets no live record (it stays offline).
      const change = (await this.#store.get(room.id)) ? await this.#store.merge(ref, { rent }, this.#clock()) : null;
      const outcome = await outcomeOf(room, () => this.sendCommand(room.id, 'rent', { rent }, { hotelId }));
      // The energy policy follows the rent (a check-in pre-conditions, a checkout turns the AC off).
      await this.#guard?.roomChanged(ref, change);
      return outcome;
    });
    await recordOperation(this.#db, this.#clock, who(actor, hotelId), {
      action: 'room_state_control',
      target: `${rooms.length}`,
      detail: { rent, room_ids: roomIds, room_nums: rooms.map((room) => room.room_num), ...outcomeSummary(outcomes) },
    });
    const changed = rooms.map(({ id, room_num, room_type_id }) => ({ id, hotel_id: hotelId, room_num, room_type_id }));
    for (const listener of this.#rentListeners) listener(changed, rent);
    return outcomes;
  }

  /** `control.readParams`: the RCU's parameters, read live. */
  async readParams(hotelId: number, roomId: number): Promise<Record<string, unknown>> {
    return paramsOf(await this.sendCommand(roomId, 'get_params', {}, { hotelId }));
  }

  /** `control.writeParams`: writes parameters; recorded in the operation log with the outcome. */
  async writeParams(
    actor: Actor,
    hotelId: number,
    roomId: number,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const room = await repository.findRoom(this.#db, roomId, hotelId);
    if (!room) throw new RoomNotFoundError(roomId);
    const detail = { room_id: roomId, room_num: room.room_num, params };
    const result = await this.#logged(actor, hotelId, 'params_set', room.room_num, detail, () =>
      this.sendCommand(roomId, 'set_params', { params }, { hotelId }),
    );
    return paramsOf(result);
  }

  /** Runs one room's command and writes its operation log entry, failed or not. */
  async #logged<T>(
    actor: Actor,
    hotelId: number,
    action: OplogAction,
    target: string,
    detail: Record<string, unknown>,
    command: () => Promise<T>,
  ): Promise<T> {
    const record = (outcome: Record<string, unknown>) =>
      recordOperation(this.#db, this.#clock, who(actor, hotelId), {
        action,
        target,
        detail: { ...detail, ...outcome },
      });
    try {
      const result = await command();
      await record({ ok: true });
      return result;
    } catch (error) {
      if (error instanceof DeviceCommandError) await record({ ok: false, failure: error.failure, error: error.detail });
      throw error;
    }
  }
}

/** Runs `task` over `items`, at most `limit` at a time, answers in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function acKeysOf(devicesJson: string): string[] {
  const devices = JSON.parse(devicesJson) as { key: string; kind: string }[];
  return devices.filter((device) => device.kind === 'ac').map((device) => device.key);
}

function paramsOf(result: Record<string, unknown> | null): Record<string, unknown> {
  const params = result?.params;
  if (params && typeof params === 'object' && !Array.isArray(params)) return params as Record<string, unknown>;
  return result ?? {};
}

async function outcomeOf(
  room: { id: number; room_num: string },
  command: () => Promise<unknown>,
): Promise<RoomOutcome> {
  try {
    await command();
    return { room_id: room.id, room_num: room.room_num, failure: null };
  } catch (error) {
    if (!(error instanceof DeviceCommandError)) throw error;
    return { room_id: room.id, room_num: room.room_num, failure: error };
  }
}
