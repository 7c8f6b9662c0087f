import Type, { type Static } from 'typebox';
import type { Alert, AlertCloseReason } from './alerts.js';
import { Floor } from './buildings.js';
import { defineCalls } from './call.js';
import { HotelTarget, Id } from './envelope.js';
import { DeviceState, Energy, RENT_STATES } from './protocol.js';
import type { UpgradeMessage } from './upgrades.js';

/**
 * The live state of rooms as the console reads it (API.md "Live state and alerts", "Live push"):
 * what the RCUs last reported, merged, with the room's number and floor.
 */
export const LiveRoomState = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  /** The room's building (null: none): the floor view cuts the whole hotel's answer to one. */
  building_id: Type.Union([Type.Integer(), Type.Null()]),
  online: Type.Boolean(),
  /** Null until the RCU has reported it. */
  rent: Type.Union([Type.Enum([...RENT_STATES]), Type.Null()]),
  card: Type.Boolean(),
  door: Type.Boolean(),
  window: Type.Boolean(),
  occupied: Type.Boolean(),
  dnd: Type.Boolean(),
  mur: Type.Boolean(),
  sos: Type.Boolean(),
  /**
   * True while the room shows its last known state from before a server restart (kept in the
   * database): offline, and what the RCU last reported, until the RCU's first message replaces it.
   */
  stale: Type.Boolean(),
  /** ISO time of the last message from the RCU (stale: when it was last heard); null when it never reported. */
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type LiveRoomState = Static<typeof LiveRoomState>;

export const LiveDevices = Type.Record(Type.String(), DeviceState);
export type LiveDevices = Static<typeof LiveDevices>;

/** `/apis/redisdevicestate`. */
export const LiveDeviceState = Type.Object({
  room_id: Type.Integer(),
  online: Type.Boolean(),
  devices: LiveDevices,
  energy: Energy,
  /** What staff call each device of the room's type (its template: "Ceiling light" for `L1`). */
  names: Type.Record(Type.String(), Type.String()),
});
export type LiveDeviceState = Static<typeof LiveDeviceState>;

/** A room's whole live record: the flags, its devices and its energy meter. */
export type LiveRoom = LiveRoomState & {
  hotel_id: number;
  building_id: number | null;
  devices: LiveDevices;
  energy: Energy;
};

/**
 * A change pushed to consoles (`{"type":"room","data":…}`): the room's ids and only what changed;
 * a changed device carries its whole merged state.
 */
export type LiveRoomChange = Pick<LiveRoom, 'room_id' | 'hotel_id' | 'room_num' | 'floor_num'> &
  Partial<Omit<LiveRoom, 'room_id' | 'hotel_id' | 'room_num' | 'floor_num'>>;

/** Messages of the live WebSocket (`GET /apis/live`). */
export type LiveMessage =
  | { type: 'room'; data: LiveRoomChange }
  | { type: 'alert'; data: Alert }
  /** Confirmed by staff (`confirmed`) or cleared because its condition ended (the reason). */
  | { type: 'alert_closed'; data: { id: number; reason: AlertCloseReason } }
  /** A room of an upgrade job changed, or a job's state and counts (upgrades.ts). */
  | UpgradeMessage
  /**
   * The user's permissions changed (a role of theirs, or their roles): the console reads
   * /userinfo again and rebuilds its menu and routes.
   */
  | { type: 'perms'; data: { user_id: number } };

/** `POST /apis/redisroomstate`: every room of the hotel, or of a floor, a building. */
export const RoomStateBody = Type.Object(
  { floor_num: Type.Optional(Floor), building_id: Type.Optional(Id), ...HotelTarget },
  { additionalProperties: false },
);
export type RoomStateBody = Static<typeof RoomStateBody>;

/** `POST /apis/redisdevicestate`. */
export const DeviceStateBody = Type.Object({ room_id: Id, ...HotelTarget }, { additionalProperties: false });
export type DeviceStateBody = Static<typeof DeviceStateBody>;

/** `POST /apis/redisroomdevicestate`: the devices of every room of the hotel, or of a floor, a building. */
export const RoomDeviceStateBody = RoomStateBody;
export type RoomDeviceStateBody = Static<typeof RoomDeviceStateBody>;

export const RoomDevices = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  online: Type.Boolean(),
  devices: LiveDevices,
});
export type RoomDevices = Static<typeof RoomDevices>;

/** `POST /apis/redisairstate`: the air conditioners (devices `AC…`) of every room. */
export const AirStateBody = RoomStateBody;
export type AirStateBody = Static<typeof AirStateBody>;

export const RoomAirState = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
  online: Type.Boolean(),
  ac: LiveDevices,
  /** When the RCU last reported; null while it never has (so no `ac` says nothing of the room's ACs). */
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type RoomAirState = Static<typeof RoomAirState>;

/**
 * The live WebSocket (`GET /apis/live`). The client's first message is `{"token":"…"}` (the
 * Administrator adds `"hotel_id"`; `"lang"` picks the language of alert texts and errors). The
 * server answers `{"type":"ready","data":{"hotel_id"}}`, then pushes LiveMessage. `{"type":"ping"}`
 * from the client is answered `{"type":"pong"}`. Before a close for a refused or ended session the
 * server sends `{"type":"error","data":{"code","message"}}`.
 */
export interface LiveHello {
  token: string;
  hotel_id?: number;
  lang?: string;
}

export type LiveControlMessage =
  | { type: 'ready'; data: { hotel_id: number } }
  | { type: 'pong'; data: null }
  /**
   * The console fell behind (its connection held more unsent room changes than the server keeps
   * for it): room changes were left out until it caught up. It reads the rooms' state again; alerts
   * were never left out.
   */
  | { type: 'resync'; data: { rooms: true } }
  | { type: 'error'; data: { code: number; message: string } };

/** WebSocket close codes of `/apis/live`: the API's answer codes where one fits. */
export const LIVE_CLOSE = {
  /** No valid token: missing, unknown, expired, or the first message was not `{"token"}`. */
  unauthenticated: 4401,
  /** The session ended (logout, password change, user disabled) while the socket was open. */
  sessionEnded: 4433,
  /** The hotel's validity period is over. */
  hotelExpired: 4410,
  /** Not allowed (the Administrator named no hotel). */
  forbidden: 4403,
  /** The first message did not come within LIVE_AUTH_TIMEOUT_MS. */
  authTimeout: 4408,
} as const;

/** How long the server waits for the first `{"token"}` message. */
export const LIVE_AUTH_TIMEOUT_MS = 10_000;

/** Live state of rooms (API.md "Live state and alerts", "Live push"): reads and the consoles' socket. */
export const liveCalls = defineCalls('live', {
  roomStates: {
    method: 'POST',
    path: '/redisroomstate',
    access: 'pm_dashboard',
    write: false,
    hotelScoped: true,
    summary:
      'Every room of the hotel (or of a floor, a building) with its live flags; a room never heard from is offline; after a server restart a room shows its last known state, offline and `stale`, until its RCU speaks',
    body: RoomStateBody,
    response: Type.Array(LiveRoomState),
  },
  deviceState: {
    method: 'POST',
    path: '/redisdevicestate',
    // The floor view's room panel: the same devices /redisroomdevicestate gives every room.
    access: 'pm_dashboard',
    write: false,
    // A hotel user's own room; the Administrator's `hotel_id` or, without one, any hotel's.
    hotelScoped: 'optional',
    summary: "A room's devices as its RCU last reported them, and its energy meter",
    body: DeviceStateBody,
    response: LiveDeviceState,
  },
  roomDevices: {
    method: 'POST',
    path: '/redisroomdevicestate',
    access: 'pm_dashboard',
    write: false,
    hotelScoped: true,
    summary: "Every room's devices (of the hotel, a floor or a building) as the RCUs last reported them",
    body: RoomDeviceStateBody,
    response: Type.Array(RoomDevices),
  },
  airStates: {
    method: 'POST',
    path: '/redisairstate',
    access: 'pm_dashboard',
    write: false,
    hotelScoped: true,
    summary: "Every room's air conditioners (devices AC…): on, mode, set, temp, fan",
    body: AirStateBody,
    response: Type.Array(RoomAirState),
  },
  /** The token comes in the socket's first message: the route itself is public. */
  socket: {
    method: 'GET',
    path: '/live',
    access: 'public',
    write: false,
    hotelScoped: false,
    summary: 'The live push: a WebSocket (a plain GET is refused with 4400)',
    description:
      'Upgrade to a WebSocket, send `{"token":"…"}` first (the Administrator adds `hotel_id`; optional `lang`). The server answers `{"type":"ready"}` and pushes `room`, `alert`, `alert_closed`, `upgrade` and `upgrade_job` messages of the hotel; `{"type":"ping"}` is answered `{"type":"pong"}`. Close codes: 4401 no valid token, 4433 session ended, 4410 hotel expired, 4403 no hotel named, 4408 no token in 10 s.',
    answers: 'socket',
  },
});
