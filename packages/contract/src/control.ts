import Type, { type Static } from 'typebox';
import { Floor } from './buildings.js';
import { defineCalls } from './call.js';
import { HotelTarget, Id } from './envelope.js';
import { AC_MODES, DeviceChanges, FAN_SPEEDS, RENT_STATES } from './protocol.js';
import { SETPOINT_MAX, SETPOINT_MIN, SETPOINT_STEP } from './roomtypes.js';

/**
 * Commands to the RCUs: one room's devices (`/roomctrl`), and control of many rooms at once: air
 * control (pm_aircontrl), room state control (pm_roomstatecontrl) and the parameter query
 * (pm_checkquanxian). Each of the many-room calls answers a result per room; commands go out in
 * parallel, a few at a time, and each waits for its RCU's ack (10 s).
 */

/** `POST /apis/roomctrl`: device changes as PROTOCOL.md's `set` command carries them. */
export const RoomCtrlBody = Type.Object(
  { room_id: Id, devices: DeviceChanges, ...HotelTarget },
  { additionalProperties: false },
);
export type RoomCtrlBody = Static<typeof RoomCtrlBody>;

/** What `/apis/roomctrl` answers: the RCU's ack result. */
export const RoomCtrlResult = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

/** At most this many rooms in one call. */
export const CONTROL_ROOMS_MAX = 5_000;

const RoomIds = Type.Array(Id, { minItems: 1, maxItems: CONTROL_ROOMS_MAX, uniqueItems: true });

/** The AC change: every field optional, at least one. */
export const AcChange = Type.Object(
  {
    on: Type.Optional(Type.Boolean()),
    mode: Type.Optional(Type.Enum([...AC_MODES])),
    set: Type.Optional(Type.Number({ minimum: SETPOINT_MIN, maximum: SETPOINT_MAX, multipleOf: SETPOINT_STEP })),
    fan: Type.Optional(Type.Enum([...FAN_SPEEDS])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AcChange = Static<typeof AcChange>;

/**
 * `POST /apis/aircontrol`: the rooms are `room_ids`, or every room matching `floor_num`,
 * `room_type_id` and `building_id` (at least one of the four). The change goes to every AC device
 * of each room's type.
 */
export const AirControlBody = Type.Object(
  {
    room_ids: Type.Optional(RoomIds),
    floor_num: Type.Optional(Floor),
    room_type_id: Type.Optional(Id),
    building_id: Type.Optional(Id),
    ac: AcChange,
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type AirControlBody = Static<typeof AirControlBody>;

/** One room's outcome: `error` is the reason in the caller's language, null on success. */
export const ControlResult = Type.Object({
  room_id: Type.Integer(),
  room_num: Type.String(),
  ok: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  /** What the energy policy changed in the command (outside its limits), in the caller's language. */
  policy_note: Type.Optional(Type.String()),
});
export type ControlResult = Static<typeof ControlResult>;

/**
 * `POST /apis/roomstatecontrol`: the server is the master of the rent state (PROTOCOL.md). It is
 * stored for every room first, then pushed to each RCU; `ok: false` says the RCU did not take it
 * (it gets it again when it next says hello).
 */
export const RoomStateControlBody = Type.Object(
  { room_ids: RoomIds, rent: Type.Enum([...RENT_STATES]), ...HotelTarget },
  { additionalProperties: false },
);
export type RoomStateControlBody = Static<typeof RoomStateControlBody>;

/** `POST /apis/paramsget`: reads the RCU's parameters live (the `get_params` command). */
export const ParamsGetBody = Type.Object({ room_id: Id, ...HotelTarget }, { additionalProperties: false });
export type ParamsGetBody = Static<typeof ParamsGetBody>;

export const RcuParams = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Unknown(), {
  maxProperties: 256,
});
export type RcuParams = Static<typeof RcuParams>;

/** `POST /apis/paramsset`: writes parameters (the `set_params` command). */
export const ParamsSetBody = Type.Object(
  {
    room_id: Id,
    params: Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Unknown(), {
      minProperties: 1,
      maxProperties: 256,
    }),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type ParamsSetBody = Static<typeof ParamsSetBody>;

/** What the parameter calls answer: the RCU's parameters as its ack carries them. */
export const ParamsResult = Type.Object({ room_id: Type.Integer(), params: RcuParams });
export type ParamsResult = Static<typeof ParamsResult>;

/** Commands to the RCUs (API.md "Device control"): each waits for the RCU's ack. */
export const controlCalls = defineCalls('control', {
  room: {
    method: 'POST',
    path: '/roomctrl',
    access: 'pm_roomdetail',
    write: true,
    // A hotel user's own room; the Administrator's command goes to the room of any hotel.
    hotelScoped: 'optional',
    summary:
      "Change devices of a room: answers the RCU's ack result, or 4408 when it is offline, refuses, or does not answer in 10 s",
    description:
      "An AC change outside the hotel's energy policy (the season's limits of a sold or checked-in room) is brought within them before it is sent; `policy_note` in the answer then says what changed, in the caller's language.",
    body: RoomCtrlBody,
    response: RoomCtrlResult,
  },
  air: {
    method: 'POST',
    path: '/aircontrol',
    access: 'pm_aircontrl',
    write: true,
    hotelScoped: true,
    summary: 'Air control: one AC change to many rooms, a result per room',
    description:
      "The rooms are `room_ids`, or every room matching floor_num, room_type_id and building_id (at least one of these, 4400 otherwise); a room id that is not the hotel's is 4404 and nothing is sent. The change goes to every AC device of each room's type, 16 rooms at a time, each waiting for its RCU's ack (10 s). `error` says why a room failed (offline, no answer, refused, no AC).",
    body: AirControlBody,
    response: Type.Array(ControlResult),
  },
  rent: {
    method: 'POST',
    path: '/roomstatecontrol',
    access: 'pm_roomstatecontrl',
    write: true,
    hotelScoped: true,
    summary: 'Room state control: set the rent state of rooms and push it to their RCUs',
    description:
      "The server is the master of the rent state: it is stored for every room (and shown on the floor view) before it is pushed with the `rent` command; a room whose RCU did not take it (`ok: false`) gets it again when its RCU next connects. A room id that is not the hotel's is 4404 and nothing changes.",
    body: RoomStateControlBody,
    response: Type.Array(ControlResult),
  },
  readParams: {
    method: 'POST',
    path: '/paramsget',
    access: 'pm_checkquanxian',
    write: false,
    hotelScoped: true,
    summary: "Parameter query: read an RCU's parameters live (4408 when it is offline or does not answer)",
    body: ParamsGetBody,
    response: ParamsResult,
  },
  writeParams: {
    method: 'POST',
    path: '/paramsset',
    access: 'pm_checkquanxian',
    write: true,
    hotelScoped: true,
    summary: "Parameter query: write an RCU's parameters; answers them as the RCU now has them",
    body: ParamsSetBody,
    response: ParamsResult,
  },
});
