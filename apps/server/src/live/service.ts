import {
  type AckPayload,
  ALERT_TYPES,
  type Alert,
  type CommandFields,
  type CommandOp,
  type DeviceMap,
  type EventPayload,
  type EventType,
  type LiveDeviceState,
  type LiveRoom,
  type LiveRoomChange,
  type LiveRoomState,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../access.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { DeviceTimeoutError, type Gateway, type GatewayEvents } from '../gateway/gateway.js';
import { recordOperation } from '../modules/oplog/service.js';
import * as repository from './repository.js';
import type { LiveFilter, LivePatch, LiveStore } from './store.js';

/**
 * Live rooms: what the gateway reports goes into the live-state store (state, online) and into SQL
 * (events, alerts: SOS first, before anything else); commands go down and wait for their ack.
 * The HTTP routes and the WebSocket call this service, never the gateway.
 */

export type DeviceFailure = 'offline' | 'timeout' | 'refused' | 'gateway';

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

/** An alert raised or confirmed, for the consoles of its hotel. */
export type AlertMessage =
  | { type: 'alert'; hotel_id: number; data: Alert }
  | { type: 'alert_closed'; hotel_id: number; data: { id: number } };

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
  clock: Clock;
  log?: { error(object: object, message: string): void };
}

export type LiveService = ReturnType<typeof createLiveService>;

export function createLiveService({ db, store, clock, log = { error() {} } }: LiveServiceOptions) {
  let gateway: Gateway | null = null;
  const alertListeners = new Set<(message: AlertMessage) => void>();

  function announce(message: AlertMessage): void {
    for (const listener of alertListeners) {
      try {
        listener(message);
      } catch (error) {
        log.error({ err: error }, 'live: an alert listener failed');
      }
    }
  }

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
        content: alertContent(event),
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
      announce({
        type: 'alert',
        hotel_id: device.hotel_id,
        data: {
          id: stored.alertId,
          type: alertType as number,
          room_id: device.room_id,
          room_num: device.room_num,
          event_content: alertContent(event),
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

    async openAlerts(hotelId: number): Promise<Alert[]> {
      const rows = await repository.openAlerts(db, hotelId);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        room_id: row.room_id,
        room_num: row.room_num,
        event_content: row.content,
        event_time: row.event_time,
      }));
    },

    /** Records who confirmed an alert and when, and closes it on every console; false if not open. */
    async confirmAlert(hotelId: number, alertId: number, by: { userId: number; userName: string }): Promise<boolean> {
      const confirmed = await repository.confirmAlert(db, hotelId, alertId, { ...by, at: clock().toISOString() });
      if (confirmed) announce({ type: 'alert_closed', hotel_id: hotelId, data: { id: alertId } });
      return confirmed;
    },

    onAlert(listener: (message: AlertMessage) => void): () => void {
      alertListeners.add(listener);
      return () => alertListeners.delete(listener);
    },

    onRoomChange(hotelId: number, listener: (change: LiveRoomChange) => void) {
      return store.subscribe(hotelId, listener);
    },
  };
}

function flagsOf(room: LiveRoom): Omit<LiveRoomState, 'room_id' | 'room_num' | 'floor_num'> {
  const { online, rent, card, door, window, occupied, dnd, mur, sos, updated_at } = room;
  return { online, rent, card, door, window, occupied, dnd, mur, sos, updated_at };
}

function alertContent(event: EventPayload): string {
  return event.detail ? `${event.type}: ${event.detail}` : event.type;
}
