import {
  type AcChange,
  type AckPayload,
  ALERT_TYPES,
  type Alert,
  type CommandFields,
  type CommandOp,
  type DeviceMap,
  type EventType,
  HOTEL_SETTINGS_DEFAULTS,
  type HotelSettings,
  type Language,
  type LiveDeviceState,
  type LiveRoom,
  type LiveRoomChange,
  type LiveRoomState,
  type RentState,
  type RoomAirState,
  type RoomDevices,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../access.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { DeviceTimeoutError, type Gateway, type GatewayEvents } from '../gateway/gateway.js';
import { recordOperation } from '../modules/oplog/service.js';
import { describeAlert, type StoredAlert } from './alerts.js';
import type { LiveBus } from './bus.js';
import * as repository from './repository.js';
import { createAlertRules } from './rules.js';
import type { LiveFilter, LivePatch, LiveStore } from './store.js';

/**
 * Live rooms: what the gateway reports goes into the live-state store (state, online) and into SQL
 * (events, alerts: SOS first, before anything else); commands go down and wait for their ack.
 * The HTTP routes and the WebSocket call this service, never the gateway.
 */

export type DeviceFailure = 'offline' | 'timeout' | 'refused' | 'gateway' | 'no_ac';

/**
 * A command the room's RCU did not carry out: known offline (not sent), no ack in time (not
 * retried), an ack with `ok: false`, or no gateway in this process.
 */
export class DeviceCommandError extends Error {
  override name = 'DeviceCommandError';
  constructor(
    readonly failure: DeviceFailure,
    readonly roomNum: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`room ${roomNum}: ${detail}`, options);
  }
}

export class RoomNotFoundError extends Error {
  override name = 'RoomNotFoundError';
  constructor(readonly roomId: number) {
    super(`room ${roomId} does not exist in this hotel`);
  }
}

/**
 * An alert raised or confirmed, for the consoles of its hotel (through the bus: every server
 * instance). A raised alert is neutral; each console reads it in its language (describeAlert).
 */
export type AlertMessage =
  | { type: 'alert'; hotel_id: number; data: StoredAlert }
  | { type: 'alert_closed'; hotel_id: number; data: { id: number } };

/** What became of one room of a control call; `failure` is null on success. */
export interface RoomOutcome {
  room_id: number;
  room_num: string;
  failure: DeviceCommandError | null;
}

/** Commands of one control call in flight at once. */
const CONTROL_CONCURRENCY = 16;

/** Runs `task` over `items`, at most `limit` at a time, answers in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
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

/** Events that raise an alert as they arrive. */
const EVENT_ALERTS: Partial<Record<EventType, number>> = { sos: ALERT_TYPES.sos, fault: ALERT_TYPES.fault };

const EMPTY_FLAGS = {
  online: false,
  rent: null,
  card: false,
  door: false,
  window: false,
  occupied: false,
  dnd: false,
  mur: false,
  sos: false,
  updated_at: null,
} as const;

export interface LiveServiceOptions {
  db: Kysely<Database>;
  store: LiveStore;
  bus: LiveBus;
  clock: Clock;
  log?: { error(object: object, message: string): void };
}

export type LiveService = ReturnType<typeof createLiveService>;

export function createLiveService({ db, store, bus, clock, log = { error() {} } }: LiveServiceOptions) {
  let gateway: Gateway | null = null;

  /** To every console of the hotel, on every server instance. Stored in SQL before: never lost. */
  async function announce(message: AlertMessage): Promise<void> {
    try {
      await bus.publish('alerts', message);
    } catch (error) {
      log.error({ err: error }, 'live: an alert could not be announced (the consoles poll for it)');
    }
  }

  async function raiseRuleAlert(
    room: { room_id: number; hotel_id: number; room_num: string },
    type: number,
    figures: object,
  ) {
    const at = clock().toISOString();
    const content = JSON.stringify(figures);
    const id = await repository.insertRuleAlert(db, {
      hotel_id: room.hotel_id,
      room_id: room.room_id,
      type,
      room_event_id: null,
      content,
      event_time: at,
      created_at: at,
      confirmed_at: null,
      confirmed_by: null,
      confirmed_by_name: '',
    });
    if (id === null) return false;
    await announce({
      type: 'alert',
      hotel_id: room.hotel_id,
      data: { id, type, room_id: room.room_id, room_num: room.room_num, content, event_time: at },
    });
    return true;
  }

  const rules = createAlertRules({
    clock,
    hotels: () => repository.hotelsWithSettings(db),
    rooms: (hotelId) => store.list(hotelId),
    raise: raiseRuleAlert,
  });

  /** SOS: stored (once per event id) before anything else, then acknowledged, then announced. */
  async function ingestEvent({ device, event, at }: GatewayEvents['event']): Promise<void> {
    const alertType = EVENT_ALERTS[event.type];
    const eventTime = new Date(event.ts).toISOString();
    const stored = await db.transaction().execute(async (trx) => {
      const eventRowId = await repository.insertEvent(trx, {
        hotel_id: device.hotel_id,
        room_id: device.room_id,
        event_id: event.id,
        type: event.type,
        detail: event.detail ?? '',
        event_time: eventTime,
        received_at: at.toISOString(),
      });
      if (eventRowId === null || alertType === undefined) return null;
      const alertId = await repository.insertAlert(trx, {
        hotel_id: device.hotel_id,
        room_id: device.room_id,
        type: alertType,
        room_event_id: eventRowId,
        content: event.detail ?? '',
        event_time: eventTime,
        created_at: at.toISOString(),
        confirmed_at: null,
        confirmed_by: null,
        confirmed_by_name: '',
      });
      return { alertId };
    });
    await gateway?.send(device.rcu_id, 'ack', { event: event.id });
    if (stored) {
      await announce({
        type: 'alert',
        hotel_id: device.hotel_id,
        data: {
          id: stored.alertId,
          type: alertType as number,
          room_id: device.room_id,
          room_num: device.room_num,
          content: event.detail ?? '',
          event_time: eventTime,
        },
      });
    }
    const flags = EVENT_FLAGS[event.type];
    if (flags) await store.merge(device, { ...flags, online: true }, at);
  }

  function patchOf(state: GatewayEvents['state']['state']): LivePatch {
    const { ts: _ts, ...patch } = state;
    return { ...patch, online: true };
  }

  return {
    store,

    /** Feeds this service from a gateway; answers a function that stops it. */
    attach(source: Gateway): () => void {
      gateway = source;
      const stops = [
        source.on('online', ({ device, online, at }) => store.setOnline(device, online, at).then(() => {})),
        source.on('hello', async ({ device, hello, at }) => {
          await repository.recordVersions(db, device.room_id, hello);
          await store.setOnline(device, true, at);
          // The server is the master of the rent state: an RCU back online is told it again.
          const room = await repository.findRoom(db, device.room_id, device.hotel_id);
          if (room?.rent) await source.send(device.rcu_id, 'rent', { rent: room.rent as RentState });
        }),
        source.on('state', ({ device, state, at }) => store.merge(device, patchOf(state), at).then(() => {})),
        source.on('event', ingestEvent),
      ];
      return () => {
        for (const stop of stops) stop();
        if (gateway === source) gateway = null;
      };
    },

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
      const room = await repository.findRoom(db, roomId, options.hotelId ?? null);
      if (!room) throw new RoomNotFoundError(roomId);
      if (!gateway) throw new DeviceCommandError('gateway', room.room_num, 'the device gateway is not running');
      const live = await store.get(roomId);
      if (live && !live.online) throw new DeviceCommandError('offline', room.room_num, 'the RCU is offline');
      let ack: AckPayload;
      try {
        ack = await gateway.request(room.rcu_id, op, fields);
      } catch (error) {
        if (!(error instanceof DeviceTimeoutError)) throw error;
        throw new DeviceCommandError('timeout', room.room_num, error.message, { cause: error });
      }
      if (!ack.ok) throw new DeviceCommandError('refused', room.room_num, ack.error ?? 'no reason given');
      return ack.result ?? null;
    },

    /**
     * `/roomctrl`: a `set` command to the room's RCU on behalf of a user, recorded in the operation
     * log with its outcome (a failure too: the operator saw it).
     */
    async controlRoom(actor: Actor, roomId: number, devices: DeviceMap): Promise<Record<string, unknown> | null> {
      const hotelId = actor.hotelId;
      const room = await repository.findRoom(db, roomId, hotelId);
      if (!room) throw new RoomNotFoundError(roomId);
      const record = (outcome: Record<string, unknown>) =>
        recordOperation(
          db,
          clock,
          { ...who(actor), hotelId: room.hotel_id },
          {
            action: 'room_control',
            target: room.room_num,
            detail: { room_id: roomId, devices, ...outcome },
          },
        );
      try {
        const result = await this.sendCommand(roomId, 'set', { devices }, { hotelId });
        await record({ ok: true });
        return result;
      } catch (error) {
        if (error instanceof DeviceCommandError)
          await record({ ok: false, failure: error.failure, error: error.detail });
        throw error;
      }
    },

    /** Every room of a hotel (or of a floor, a building) with its live flags; never seen: offline. */
    async roomStates(hotelId: number, filter: LiveFilter = {}): Promise<LiveRoomState[]> {
      const [rooms, live] = await Promise.all([
        repository.roomsOfHotel(db, hotelId, filter),
        store.list(hotelId, filter),
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
    },

    /** A room's devices and energy; null when the room is not the hotel's (`hotelId` null: any). */
    async deviceState(roomId: number, hotelId: number | null): Promise<LiveDeviceState | null> {
      const room = await repository.findRoom(db, roomId, hotelId);
      if (!room) return null;
      const live = await store.get(roomId);
      return {
        room_id: roomId,
        online: live?.online ?? false,
        devices: live?.devices ?? {},
        energy: live?.energy ?? {},
      };
    },

    /** Every room's devices (the floor view's detail), as the RCUs last reported them. */
    async roomDevices(hotelId: number, filter: LiveFilter = {}): Promise<RoomDevices[]> {
      const [rooms, live] = await Promise.all([
        repository.roomsOfHotel(db, hotelId, filter),
        store.list(hotelId, filter),
      ]);
      const byId = new Map(live.map((room) => [room.room_id, room]));
      return rooms.map((room) => ({
        room_id: room.id,
        room_num: room.room_num,
        floor_num: room.floor_num,
        online: byId.get(room.id)?.online ?? false,
        devices: byId.get(room.id)?.devices ?? {},
      }));
    },

    /** Every room's air conditioners (devices `AC…`). */
    async airStates(hotelId: number, filter: LiveFilter = {}): Promise<RoomAirState[]> {
      return (await this.roomDevices(hotelId, filter)).map(({ devices, ...room }) => ({
        ...room,
        ac: Object.fromEntries(Object.entries(devices).filter(([key]) => key.startsWith('AC'))),
      }));
    },

    /**
     * `/aircontrol`: the AC change to every AC of each room (its type's template says which),
     * in parallel, a few at a time; one operation log entry with the outcome of each room.
     */
    async controlAir(
      actor: Actor,
      hotelId: number,
      filter: repository.ControlFilter,
      ac: AcChange,
    ): Promise<RoomOutcome[] | null> {
      const rooms = await repository.roomsForControl(db, hotelId, filter);
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
        const devices = Object.fromEntries(keys.map((key) => [key, ac]));
        return outcomeOf(room, () => this.sendCommand(room.id, 'set', { devices }, { hotelId }));
      });
      await recordOperation(
        db,
        clock,
        { ...who(actor), hotelId },
        {
          action: 'air_control',
          target: `${rooms.length}`,
          detail: { ac, ...filter, ...summaryOf(outcomes) },
        },
      );
      return outcomes;
    },

    /**
     * `/roomstatecontrol`: the rent state is stored for every room first (the server is its
     * master), shown at once, then pushed to each RCU; null when a room is not the hotel's.
     */
    async controlRent(
      actor: Actor,
      hotelId: number,
      roomIds: number[],
      rent: RentState,
    ): Promise<RoomOutcome[] | null> {
      const rooms = await repository.roomsForControl(db, hotelId, { room_ids: roomIds });
      if (rooms.length !== roomIds.length) return null;
      await repository.setRent(db, hotelId, roomIds, rent);
      const outcomes = await inParallel(rooms, CONTROL_CONCURRENCY, async (room): Promise<RoomOutcome> => {
        const ref = {
          room_id: room.id,
          hotel_id: hotelId,
          building_id: room.building_id,
          room_num: room.room_num,
          floor_num: room.floor_num,
        };
        // Shown at once on the consoles; a room never heard from gets no live record (it stays offline).
        if (await store.get(room.id)) await store.merge(ref, { rent }, clock());
        return outcomeOf(room, () => this.sendCommand(room.id, 'rent', { rent }, { hotelId }));
      });
      await recordOperation(
        db,
        clock,
        { ...who(actor), hotelId },
        {
          action: 'room_state_control',
          target: `${rooms.length}`,
          detail: { rent, room_ids: roomIds, ...summaryOf(outcomes) },
        },
      );
      return outcomes;
    },

    /** `/paramsget`: the RCU's parameters, read live. */
    async readParams(hotelId: number, roomId: number): Promise<Record<string, unknown>> {
      return paramsOf(await this.sendCommand(roomId, 'get_params', {}, { hotelId }));
    },

    /** `/paramsset`: writes parameters; recorded in the operation log with the outcome. */
    async writeParams(actor: Actor, hotelId: number, roomId: number, params: Record<string, unknown>) {
      const room = await repository.findRoom(db, roomId, hotelId);
      if (!room) throw new RoomNotFoundError(roomId);
      const record = (outcome: Record<string, unknown>) =>
        recordOperation(
          db,
          clock,
          { ...who(actor), hotelId },
          {
            action: 'params_set',
            target: room.room_num,
            detail: { room_id: roomId, params, ...outcome },
          },
        );
      try {
        const result = await this.sendCommand(roomId, 'set_params', { params }, { hotelId });
        await record({ ok: true });
        return paramsOf(result);
      } catch (error) {
        if (error instanceof DeviceCommandError)
          await record({ ok: false, failure: error.failure, error: error.detail });
        throw error;
      }
    },

    /** The hotel's open alerts, oldest first, in the reader's language. */
    async openAlerts(hotelId: number, language: Language = 'zh'): Promise<Alert[]> {
      const rows = await repository.openAlerts(db, hotelId);
      return rows.map((row) => describeAlert(row, language));
    },

    /**
     * Records who confirmed an alert and when, and closes it on every console. Answers 'confirmed',
     * 'already' (confirmed before: harmless) or 'missing' (not an alert of the hotel).
     */
    async confirmAlert(actor: Actor, hotelId: number, alertId: number): Promise<'confirmed' | 'already' | 'missing'> {
      const alert = await repository.findAlert(db, hotelId, alertId);
      if (!alert) return 'missing';
      if (alert.confirmed_at !== null) return 'already';
      const confirmed = await db.transaction().execute(async (trx) => {
        const done = await repository.confirmAlert(trx, hotelId, alertId, {
          userId: actor.userId,
          userName: actor.userName,
          at: clock().toISOString(),
        });
        if (done) {
          await recordOperation(
            trx,
            clock,
            { ...who(actor), hotelId },
            {
              action: 'alert_confirm',
              target: alert.room_num,
              detail: { id: alertId, type: alert.type },
            },
          );
        }
        return done;
      });
      if (!confirmed) return 'already';
      await announce({ type: 'alert_closed', hotel_id: hotelId, data: { id: alertId } });
      return 'confirmed';
    },

    /** A hotel's alert settings: the defaults while it has saved none. */
    async settings(hotelId: number): Promise<HotelSettings> {
      return (await repository.findSettings(db, hotelId)) ?? { ...HOTEL_SETTINGS_DEFAULTS };
    },

    /**
     * Saves the given alert settings of a hotel (the others stay) with its operation log entry;
     * the alert rules read them at their next sweep.
     */
    async updateSettings(actor: Actor, hotelId: number, changes: Partial<HotelSettings>): Promise<HotelSettings> {
      const before = await this.settings(hotelId);
      await db.transaction().execute(async (trx) => {
        await repository.upsertSettings(trx, hotelId, changes, clock().toISOString());
        await recordOperation(
          trx,
          clock,
          { ...who(actor), hotelId },
          { action: 'hotel_settings_update', target: String(hotelId), detail: { before, changes } },
        );
      });
      return this.settings(hotelId);
    },

    /** Alerts raised and confirmed in any hotel, from every server instance; resolves once listening. */
    onAlert(listener: (message: AlertMessage) => void): Promise<() => void> {
      return bus.subscribe('alerts', (message) => {
        try {
          listener(message as AlertMessage);
        } catch (error) {
          log.error({ err: error }, 'live: an alert listener failed');
        }
      });
    },

    /** The alert rules (door open long, RCU offline, window open with the AC on): one sweep. */
    sweepAlertRules: () => rules.sweep(),

    onRoomChange(hotelId: number, listener: (change: LiveRoomChange) => void) {
      return store.subscribe(hotelId, listener);
    },
  };
}

function flagsOf(room: LiveRoom): Omit<LiveRoomState, 'room_id' | 'room_num' | 'floor_num'> {
  const { online, rent, card, door, window, occupied, dnd, mur, sos, updated_at } = room;
  return { online, rent, card, door, window, occupied, dnd, mur, sos, updated_at };
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

function summaryOf(outcomes: RoomOutcome[]) {
  const failed = outcomes.filter((outcome) => outcome.failure);
  return { ok: outcomes.length - failed.length, failed: failed.map((outcome) => outcome.room_id) };
}
