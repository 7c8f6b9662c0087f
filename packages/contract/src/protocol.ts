import Type, { type Static } from 'typebox';
import { RCU_ID_PATTERN } from './rooms.js';
import {
  DEVICE_KEY_PATTERN,
  DEVICE_PREFIXES,
  type DeviceKind,
  SETPOINT_MAX,
  SETPOINT_MIN,
  SETPOINT_STEP,
} from './roomtypes.js';

/**
 * The RCU wire protocol, version 1 (docs/rcu-protocol.md): topics, payloads and their limits,
 * shared by the server's gateway, the simulator and the tests. Unknown fields are allowed in
 * every payload (the protocol says both sides ignore them).
 */
export const PROTOCOL_VERSION = 1;

/** A command not acknowledged within this time is reported as failed, never retried. */
export const COMMAND_TIMEOUT_MS = 10_000;
/** An RCU repeats an unacknowledged `sos` event (same id) this often. */
export const SOS_REPEAT_MS = 5_000;
/** An RCU sends its state at least this often, as a heartbeat. */
export const HEARTBEAT_MAX_MS = 60_000;

// Topics --------------------------------------------------------------------------------------

export const TOPIC_ROOT = 'rcu';
const RCU_ID_RE = new RegExp(RCU_ID_PATTERN);

export const UP_KINDS = ['status', 'hello', 'state', 'event', 'ack', 'upgrade'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const DOWN_KINDS = ['cmd'] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

export type ParsedTopic =
  | { rcuId: string; direction: 'up'; kind: UpKind }
  | { rcuId: string; direction: 'down'; kind: DownKind };

export function isRcuId(value: string): boolean {
  return RCU_ID_RE.test(value);
}

export function upTopic(rcuId: string, kind: UpKind): string {
  return `${TOPIC_ROOT}/${rcuId}/up/${kind}`;
}

export function downTopic(rcuId: string, kind: DownKind = 'cmd'): string {
  return `${TOPIC_ROOT}/${rcuId}/down/${kind}`;
}

/** Every topic of one RCU (`rcu/{id}/#`), and the filters of each direction. */
export function rcuTopicPrefix(rcuId: string): string {
  return `${TOPIC_ROOT}/${rcuId}/`;
}
export const ALL_UP_FILTER = `${TOPIC_ROOT}/+/up/#`;

/** `rcu/{rcu_id}/up/{kind}` or `rcu/{rcu_id}/down/cmd`; null for anything else. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, rcuId = '', direction, kind = ''] = parts;
  if (!isRcuId(rcuId)) return null;
  if (direction === 'up' && (UP_KINDS as readonly string[]).includes(kind)) {
    return { rcuId, direction, kind: kind as UpKind };
  }
  if (direction === 'down' && (DOWN_KINDS as readonly string[]).includes(kind)) {
    return { rcuId, direction, kind: kind as DownKind };
  }
  return null;
}

// Enumerations ---------------------------------------------------------------------------------

export const RENT_STATES = ['empty', 'for_sale', 'sold', 'checked_in', 'checkout'] as const;
export type RentState = (typeof RENT_STATES)[number];

const DEVICE_KEY_RE = new RegExp(DEVICE_KEY_PATTERN);
const KIND_BY_PREFIX = new Map<string, DeviceKind>(
  Object.entries(DEVICE_PREFIXES).map(([kind, prefix]) => [prefix, kind as DeviceKind]),
);

/** The kind of a device key (`AC1` is an air conditioner), or null when the key is not one of the protocol's. */
export function deviceKindOf(key: string): DeviceKind | null {
  const match = DEVICE_KEY_RE.exec(key);
  return (match && KIND_BY_PREFIX.get(match[1] ?? '')) ?? null;
}

export const AC_MODES = ['cool', 'heat', 'fan', 'dry', 'auto'] as const;
export type AcMode = (typeof AC_MODES)[number];
export const FAN_SPEEDS = ['auto', 'low', 'mid', 'high'] as const;
export type FanSpeed = (typeof FAN_SPEEDS)[number];
export const VENT_SPEEDS = ['low', 'mid', 'high'] as const;
export type VentSpeed = (typeof VENT_SPEEDS)[number];

export const EVENT_TYPES = [
  'sos',
  'sos_clear',
  'card_in',
  'card_out',
  'door_open',
  'door_close',
  'window_open',
  'window_close',
  'dnd_on',
  'dnd_off',
  'mur_on',
  'mur_off',
  'fault',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const COMMAND_OPS = ['set', 'scene', 'rent', 'get_params', 'set_params', 'upgrade', 'ack', 'reboot'] as const;
export type CommandOp = (typeof COMMAND_OPS)[number];

export const UPGRADE_KINDS = ['param', 'config', 'bin', 'ir'] as const;
export type UpgradeKind = (typeof UPGRADE_KINDS)[number];
export const UPGRADE_STATES = ['in_progress', 'finished', 'failed'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];

// Payloads -------------------------------------------------------------------------------------

const Timestamp = Type.Number({ minimum: 0 });
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Text = (maxLength: number) => Type.String({ maxLength });
const Params = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown());

/** `up/status`: on connect, and the last will. */
export const StatusPayload = Type.Object({ online: Type.Boolean() });
export type StatusPayload = Static<typeof StatusPayload>;

/** `up/hello`: after every connect. */
export const HelloPayload = Type.Object({
  fw: Text(64),
  hw: Type.Optional(Text(64)),
  cfg: Type.Optional(Text(64)),
  ir: Type.Optional(Text(64)),
  params: Type.Optional(Params),
});
export type HelloPayload = Static<typeof HelloPayload>;

/** One device's state; every field optional (a partial update or a command's change). */
export const DeviceState = Type.Object({
  on: Type.Optional(Type.Boolean()),
  level: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  pos: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  mode: Type.Optional(Type.Enum([...AC_MODES])),
  set: Type.Optional(Type.Number({ minimum: SETPOINT_MIN, maximum: SETPOINT_MAX, multipleOf: SETPOINT_STEP })),
  temp: Type.Optional(Type.Number({ minimum: -50, maximum: 100 })),
  fan: Type.Optional(Type.Enum([...FAN_SPEEDS])),
  speed: Type.Optional(Type.Enum([...VENT_SPEEDS])),
});
export type DeviceState = Static<typeof DeviceState>;
export const DEVICE_FIELDS = ['on', 'level', 'pos', 'mode', 'set', 'temp', 'fan', 'speed'] as const;
export type DeviceField = (typeof DEVICE_FIELDS)[number];

export const DeviceMap = Type.Record(Type.String({ pattern: DEVICE_KEY_PATTERN }), DeviceState, {
  additionalProperties: false,
  maxProperties: 64,
});
export type DeviceMap = Record<string, DeviceState>;
/** A command's device changes: at least one device. */
export const DeviceChanges = Type.Record(Type.String({ pattern: DEVICE_KEY_PATTERN }), DeviceState, {
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 64,
});

export const Energy = Type.Object({
  kwh: Type.Optional(Type.Number({ minimum: 0 })),
  w: Type.Optional(Type.Number({ minimum: 0 })),
});
export type Energy = Static<typeof Energy>;

/** The room flags of a state message, in the order the console shows them. */
export const ROOM_FLAGS = ['card', 'door', 'window', 'occupied', 'dnd', 'mur', 'sos'] as const;
export type RoomFlag = (typeof ROOM_FLAGS)[number];

/** `up/state`: a partial room state; the server merges it. */
export const StatePayload = Type.Object({
  ts: Type.Optional(Timestamp),
  rent: Type.Optional(Type.Enum([...RENT_STATES])),
  card: Type.Optional(Type.Boolean()),
  door: Type.Optional(Type.Boolean()),
  window: Type.Optional(Type.Boolean()),
  occupied: Type.Optional(Type.Boolean()),
  dnd: Type.Optional(Type.Boolean()),
  mur: Type.Optional(Type.Boolean()),
  sos: Type.Optional(Type.Boolean()),
  devices: Type.Optional(DeviceMap),
  energy: Type.Optional(Energy),
});
export type StatePayload = Static<typeof StatePayload>;

/** `up/event`. */
export const EventPayload = Type.Object({
  id: Id,
  ts: Timestamp,
  type: Type.Enum([...EVENT_TYPES]),
  detail: Type.Optional(Text(500)),
});
export type EventPayload = Static<typeof EventPayload>;

/** `up/ack`: the answer to one command. */
export const AckPayload = Type.Object({
  id: Id,
  ok: Type.Boolean(),
  error: Type.Optional(Type.Union([Text(500), Type.Null()])),
  result: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
});
export type AckPayload = Static<typeof AckPayload>;

/** `up/upgrade`: progress of an upgrade job on this RCU. */
export const UpgradePayload = Type.Object({
  job: Id,
  state: Type.Enum([...UPGRADE_STATES]),
  progress: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  error: Type.Optional(Type.Union([Text(500), Type.Null()])),
});
export type UpgradePayload = Static<typeof UpgradePayload>;

const CommandBase = { id: Id, ts: Timestamp };

export const SetCommand = Type.Object({ ...CommandBase, op: Type.Literal('set'), devices: DeviceChanges });
export const SceneCommand = Type.Object({
  ...CommandBase,
  op: Type.Literal('scene'),
  mode: Type.String({ minLength: 1, maxLength: 64 }),
  devices: Type.Optional(DeviceMap),
});
export const RentCommand = Type.Object({ ...CommandBase, op: Type.Literal('rent'), rent: Type.Enum([...RENT_STATES]) });
export const GetParamsCommand = Type.Object({ ...CommandBase, op: Type.Literal('get_params') });
export const SetParamsCommand = Type.Object({ ...CommandBase, op: Type.Literal('set_params'), params: Params });
export const UpgradeCommand = Type.Object({
  ...CommandBase,
  op: Type.Literal('upgrade'),
  job: Id,
  kind: Type.Enum([...UPGRADE_KINDS]),
  version: Type.String({ minLength: 1, maxLength: 64 }),
  url: Type.String({ pattern: '^https?://', maxLength: 2000 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  size: Type.Integer({ minimum: 0 }),
});
export const AckCommand = Type.Object({ ...CommandBase, op: Type.Literal('ack'), event: Id });
export const RebootCommand = Type.Object({ ...CommandBase, op: Type.Literal('reboot') });

/** `down/cmd`: every command carries an id, a time and its op; one `ack` answers it. */
export const CommandPayload = Type.Union([
  SetCommand,
  SceneCommand,
  RentCommand,
  GetParamsCommand,
  SetParamsCommand,
  UpgradeCommand,
  AckCommand,
  RebootCommand,
]);
export type CommandPayload = Static<typeof CommandPayload>;
export type Command<Op extends CommandOp = CommandOp> = Extract<CommandPayload, { op: Op }>;
/** What a caller gives for a command: its op's fields without id and time. */
export type CommandFields<Op extends CommandOp> = Omit<Command<Op>, 'id' | 'ts' | 'op'>;

/** Every up payload schema by topic kind. */
export const UP_PAYLOADS = {
  status: StatusPayload,
  hello: HelloPayload,
  state: StatePayload,
  event: EventPayload,
  ack: AckPayload,
  upgrade: UpgradePayload,
} as const;
export interface UpPayloads {
  status: StatusPayload;
  hello: HelloPayload;
  state: StatePayload;
  event: EventPayload;
  ack: AckPayload;
  upgrade: UpgradePayload;
}

/**
 * The room an RCU belongs to, as the rooms table says: the gateway's directory knows it, tags
 * every event of the RCU with it, and the live state is kept by it.
 */
export interface RoomRef {
  room_id: number;
  hotel_id: number;
  building_id: number | null;
  room_num: string;
  floor_num: number;
}
