import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';

/**
 * Alerts (API.md "Live state and alerts"): raised by an RCU's event (SOS, fault) or by the alert
 * rules (door open too long, RCU offline, window open with the AC on), confirmed by staff; each
 * hotel sets the minutes of its rules.
 */

/** Alert types; type 1 is SOS (SPEC.md). The others close on their own in the console after 3 s. */
export const ALERT_TYPES = {
  sos: 1,
  door_open_long: 2,
  rcu_offline: 3,
  window_open_ac_on: 4,
  fault: 5,
  /** The RCU went over its message budget (the server drops what is past it; an SOS always passes). */
  rcu_flooding: 6,
} as const;
export type AlertKind = keyof typeof ALERT_TYPES;
export type AlertType = (typeof ALERT_TYPES)[AlertKind];
export const ALERT_KINDS = Object.keys(ALERT_TYPES) as AlertKind[];

export function alertKindOf(type: number): AlertKind | null {
  return ALERT_KINDS.find((kind) => ALERT_TYPES[kind] === type) ?? null;
}

/**
 * What ended an alert's condition, when the alert closed by itself (SOS and fault never do: staff
 * confirm them): the door closed, the RCU came back online, the window closed, the air
 * conditioning went off, the RCU stayed within its message budget again.
 */
export const ALERT_CLEAR_REASONS = ['door_closed', 'rcu_online', 'window_closed', 'ac_off', 'flood_ended'] as const;
export type AlertClearReason = (typeof ALERT_CLEAR_REASONS)[number];
/** Why an alert closed (`alert_closed`'s `reason`): confirmed by staff, or cleared by its condition. */
export type AlertCloseReason = 'confirmed' | AlertClearReason;

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

/** Which alerts the alert list shows: open ones, closed ones (confirmed or cleared), or all. */
export const ALERT_LIST_STATES = ['open', 'closed', 'all'] as const;
export type AlertListState = (typeof ALERT_LIST_STATES)[number];

/** `POST /apis/alertlist`: a page of the hotel's alerts, newest first, with its filters. */
export const AlertHistoryBody = Type.Object(
  {
    ...PageQuery,
    /** open, closed (confirmed or cleared) or all (the default). */
    state: Type.Optional(Type.Enum([...ALERT_LIST_STATES])),
    /** An alert type (ALERT_TYPES). */
    type: Type.Optional(Type.Integer({ minimum: 1, maximum: 6 })),
    /** The room number, exactly as the rooms list shows it. */
    room_num: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
    /** Raised at or after this time (ISO 8601). */
    from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    /** Raised at or before this time (ISO 8601); not before `from`. */
    to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type AlertHistoryBody = Static<typeof AlertHistoryBody>;

/**
 * An alert in the alert list: what it was, and how it ended — confirmed (by whom, when), cleared
 * by its condition (why, when) — or neither while it is open.
 */
export const AlertRecord = Type.Object({
  ...Alert.properties,
  state: Type.Enum(['open', 'confirmed', 'cleared']),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  /** The confirming user's name as it was then. */
  confirmed_by: Type.Union([Type.String(), Type.Null()]),
  cleared_at: Type.Union([Type.String(), Type.Null()]),
  /** ALERT_CLEAR_REASONS. */
  cleared_reason: Type.Union([Type.Enum([...ALERT_CLEAR_REASONS]), Type.Null()]),
  /** The reason in the caller's language. */
  cleared_text: Type.Union([Type.String(), Type.Null()]),
});
export type AlertRecord = Static<typeof AlertRecord>;

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

/** Alerts: the shell's popup lists and confirms them; the floor view sets the rules' minutes. */
export const alertCalls = defineCalls('alerts', {
  list: {
    method: 'POST',
    path: '/redisroomspecialstate',
    access: 'staff',
    write: false,
    // A hotel user's own hotel; the Administrator's `hotel_id` or, without one, an empty list.
    hotelScoped: 'optional',
    summary: "The hotel's open alerts, oldest first: {data:[{id, type, room_id, room_num, event_content, event_time}]}",
    description:
      "For every signed-in user of the hotel (the alert popup of the shell). Type 1 is SOS; event_content is in the caller's language. The body may be left out; the Administrator names the hotel with `hotel_id` (no hotel: an empty list).",
    body: AlertListBody,
    response: AlertList,
  },
  confirm: {
    method: 'POST',
    path: '/delredisroomspecialstate',
    access: 'staff',
    write: true,
    hotelScoped: true,
    summary: 'Confirm an alert (the body is the alert as shown; only id counts)',
    description:
      'Records who confirmed it and when, writes the operation log, and sends alert_closed (reason confirmed) to every console of the hotel. Any signed-in user of the hotel may confirm, except a visitor (4403). Confirming an alert that is confirmed or cleared already answers code 0 and changes nothing; an id that is not an alert of the hotel is 4404.',
    body: AlertConfirmBody,
    response: Type.Null(),
  },
  history: {
    method: 'POST',
    path: '/alertlist',
    access: 'staff',
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's alerts, newest first: open and closed, with who confirmed or what cleared each",
    description:
      "For every signed-in user of the hotel, visitors included; the Administrator names the hotel with `hotel_id`. Filters: `state` (open, closed, all: the default), `type`, `room_num` (exact), `from`/`to` (ISO times of the event; `to` not before `from`, else 4400). Each record carries `state` (open, confirmed, cleared), `confirmed_by`/`confirmed_at`, or `cleared_reason` (door_closed, rcu_online, window_closed, ac_off, flood_ended), its text in the caller's language `cleared_text` and `cleared_at`.",
    body: AlertHistoryBody,
    response: PageSchema(AlertRecord),
  },
  settings: {
    method: 'POST',
    path: '/hotelsettings',
    access: 'pm_dashboard',
    write: false,
    hotelScoped: true,
    summary: "The hotel's alert settings: door open and RCU offline alert minutes",
    description:
      'The minutes after which the alert rules raise "door open too long" and "RCU offline"; the defaults (10 and 5) while the hotel has saved none. The Administrator names the hotel with `hotel_id`.',
    body: HotelSettingsBody,
    response: HotelSettings,
  },
  updateSettings: {
    method: 'PUT',
    path: '/hotelsettingsupdate',
    access: 'pm_config',
    write: true,
    hotelScoped: true,
    summary: "Change the hotel's alert settings; answers them as saved",
    description:
      'Each field is whole minutes, 0 to 1440 (0: at the next sweep); a field left out keeps its value. Written to the operation log; the alert rules use the new values from their next sweep.',
    body: HotelSettingsUpdateBody,
    response: HotelSettings,
  },
});
