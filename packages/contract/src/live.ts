import Type, { type Static } from 'typebox';
import { Floor } from './buildings.js';
import { HotelTarget, Id } from './envelope.js';
import { DeviceChanges, DeviceState, Energy, RENT_STATES } from './protocol.js';

/**
 * The live state of rooms as the console reads it (API.md "Live state and alerts", "Live push"):
 * what the RCUs last reported, merged, with the room's number and floor.
 */
export const LiveRoomState = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  floor_num: Type.Integer(),
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
  /** ISO time of the last message from the RCU; null when it never reported. */
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

/** Alert types; type 1 is SOS (SPEC.md). The others close on their own in the console after 3 s. */
export const ALERT_TYPES = {
  sos: 1,
  door_open_long: 2,
  rcu_offline: 3,
  window_open_ac_on: 4,
  fault: 5,
} as const;
export type AlertKind = keyof typeof ALERT_TYPES;
export type AlertType = (typeof ALERT_TYPES)[AlertKind];
export const ALERT_KINDS = Object.keys(ALERT_TYPES) as AlertKind[];

export function alertKindOf(type: number): AlertKind | null {
  return ALERT_KINDS.find((kind) => ALERT_TYPES[kind] === type) ?? null;
}

/** An open alert as `/apis/redisroomspecialstate` lists it and the WebSocket pushes it. */
export const Alert = Type.Object({
  id: Type.Integer(),
  type: Type.Integer(),
  room_id: Type.Integer(),
  room_num: Type.String(),
  event_content: Type.String(),
  event_time: Type.String(),
});
export type Alert = Static<typeof Alert>;

/** Messages of the live WebSocket (`GET /apis/live`). */
export type LiveMessage =
  | { type: 'room'; data: LiveRoomChange }
  | { type: 'alert'; data: Alert }
  | { type: 'alert_closed'; data: { id: number } };

/** `POST /apis/redisroomstate`: every room of the hotel, or of a floor, a building. */
export const RoomStateBody = Type.Object(
  { floor_num: Type.Optional(Floor), building_id: Type.Optional(Id), ...HotelTarget },
  { additionalProperties: false },
);
export type RoomStateBody = Static<typeof RoomStateBody>;

/** `POST /apis/redisdevicestate`. */
export const DeviceStateBody = Type.Object({ room_id: Id, ...HotelTarget }, { additionalProperties: false });
export type DeviceStateBody = Static<typeof DeviceStateBody>;

/** `POST /apis/roomctrl`: device changes as PROTOCOL.md's `set` command carries them. */
export const RoomCtrlBody = Type.Object(
  { room_id: Id, devices: DeviceChanges, ...HotelTarget },
  { additionalProperties: false },
);
export type RoomCtrlBody = Static<typeof RoomCtrlBody>;

/** What `/apis/roomctrl` answers: the RCU's ack result. */
export const RoomCtrlResult = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

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
});
export type RoomAirState = Static<typeof RoomAirState>;

/** `POST /apis/redisroomspecialstate`: the hotel's open alerts (the Administrator names a hotel). */
export const AlertListBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type AlertListBody = Static<typeof AlertListBody>;

/** What `/apis/redisroomspecialstate` answers: the console reads `data.data`. */
export const AlertList = Type.Object({ data: Type.Array(Alert) });
export type AlertList = Static<typeof AlertList>;

/**
 * `POST /apis/delredisroomspecialstate`: the alert as shown; only `id` counts. Confirming an
 * alert that is confirmed already is harmless (code 0).
 */
export const AlertConfirmBody = Type.Object(
  {
    id: Id,
    type: Type.Optional(Type.Integer()),
    room_id: Type.Optional(Type.Integer()),
    room_num: Type.Optional(Type.String({ maxLength: 64 })),
    event_content: Type.Optional(Type.String({ maxLength: 2000 })),
    event_time: Type.Optional(Type.String({ maxLength: 64 })),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type AlertConfirmBody = Static<typeof AlertConfirmBody>;

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

/** Alert minutes of a hotel: 0 raises at the next sweep; at most a day. */
export const ALERT_MINUTES_MAX = 1_440;
/** What the alert rules use while a hotel has not saved its settings. */
export const HOTEL_SETTINGS_DEFAULTS = { door_open_alert_minutes: 10, offline_alert_minutes: 5 } as const;

const AlertMinutes = Type.Integer({ minimum: 0, maximum: ALERT_MINUTES_MAX });

/** `POST /apis/hotelsettings`: the hotel's alert settings (the Administrator names the hotel). */
export const HotelSettingsBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type HotelSettingsBody = Static<typeof HotelSettingsBody>;

/** The alert settings of a hotel: door open longer than, RCU offline longer than (minutes). */
export const HotelSettings = Type.Object({
  door_open_alert_minutes: Type.Integer(),
  offline_alert_minutes: Type.Integer(),
});
export type HotelSettings = Static<typeof HotelSettings>;

/** `PUT /apis/hotelsettingsupdate`: the fields given change, the others stay. */
export const HotelSettingsUpdateBody = Type.Object(
  {
    door_open_alert_minutes: Type.Optional(AlertMinutes),
    offline_alert_minutes: Type.Optional(AlertMinutes),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type HotelSettingsUpdateBody = Static<typeof HotelSettingsUpdateBody>;
