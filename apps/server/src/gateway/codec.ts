import { createHash } from 'node:crypto';
import {
  type CommandFields,
  type CommandOp,
  CommandPayload,
  DEVICE_FIELDS,
  type DeviceMap,
  type DeviceState,
  downTopic,
  EventPayload,
  type EventType,
  type ParsedTopic,
  parseTopic,
  StatePayload,
  UP_PAYLOADS,
  type UpKind,
  type UpPayloads,
} from '@roompilot/contract';
import Type from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The one place where MQTT topics and payloads become typed messages and back. Anything that is
 * not the protocol's (a foreign topic, bad JSON, a payload outside its schema) is refused with a
 * reason, to be counted and dropped: a device never crashes the server.
 */

/**
 * An event as the RCU sent it: its `ts` is whatever came (the gateway judges it against the
 * receive time, `plausibleTime`); `raw` is the payload's text when an SOS outside the protocol
 * was salvaged from it (kept for the record).
 */
export type DeviceEvent = Omit<UpPayloads['event'], 'ts'> & { ts?: unknown; raw?: string };
/** A state message as the RCU sent it: its `ts` is whatever came (the live state does not use it). */
export type DeviceStateMessage = Omit<UpPayloads['state'], 'ts'> & { ts?: unknown };
type Received = Omit<UpPayloads, 'event' | 'state'> & { event: DeviceEvent; state: DeviceStateMessage };

export type UpMessage = { [K in UpKind]: { rcuId: string; kind: K; payload: Received[K] } }[UpKind];

export type DropReason = 'topic' | 'json' | 'schema';
export type Decoded = { ok: true; message: UpMessage } | { ok: false; reason: DropReason; rcuId: string | null };

/** Payloads larger than this are dropped before parsing (the biggest legal one is well under). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** An SOS's raw text kept for the record is cut to this many characters. */
export const MAX_RAW_CHARS = 4096;

// A bad time stamp never costs a message: `ts` is checked apart (plausibleTime), the rest as the
// protocol says.
const ANY_TIME = { ts: Type.Optional(Type.Unknown()) };
const RECEIVED = {
  ...UP_PAYLOADS,
  event: Type.Object({ ...EventPayload.properties, ...ANY_TIME }),
  state: Type.Object({ ...StatePayload.properties, ...ANY_TIME }),
};
const checkers = Object.fromEntries(
  Object.entries(RECEIVED).map(([kind, schema]) => [kind, Compile(schema)]),
) as unknown as { [K in UpKind]: { Check(value: unknown): value is Received[K] } };
const commandChecker = Compile(CommandPayload);

// The broker's policy parses a message's topic to authorize it, and the codec once more when the
// message arrives; the two calls are usually next to each other, so the last answer is kept.
let lastTopic: string | null = null;
let lastParsed: ParsedTopic | null = null;

/** `parseTopic`, remembering the last topic's answer (treat it as read-only). */
export function parseTopicOnce(topic: string): ParsedTopic | null {
  if (topic !== lastTopic) {
    lastParsed = parseTopic(topic);
    lastTopic = topic;
  }
  return lastParsed;
}

export function decodeUp(topic: string, payload: Uint8Array): Decoded {
  const parsed = parseTopicOnce(topic);
  if (parsed?.direction !== 'up') return { ok: false, reason: 'topic', rcuId: null };
  const { rcuId, kind } = parsed;
  const buffer = Buffer.isBuffer(payload)
    ? payload
    : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  if (payload.byteLength > MAX_PAYLOAD_BYTES) {
    return salvage(rcuId, kind, buffer.toString('utf8', 0, MAX_PAYLOAD_BYTES), undefined) ?? refused('schema', rcuId);
  }
  const text = buffer.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return salvage(rcuId, kind, text, undefined) ?? refused('json', rcuId);
  }
  if (!checkers[kind].Check(value)) return salvage(rcuId, kind, text, value) ?? refused('schema', rcuId);
  return { ok: true, message: { rcuId, kind, payload: clean(kind, value) } as UpMessage };
}

function refused(reason: DropReason, rcuId: string): Decoded {
  return { ok: false, reason, rcuId };
}

/** Earliest plausible device time: 2020-01-01 (an RCU stamping in seconds lands in 1970). */
export const EARLIEST_DEVICE_TIME = Date.UTC(2020, 0, 1);
/** A device time more than this ahead of the server's clock is not believed. */
export const MAX_DEVICE_LEAD_MS = 24 * 3_600_000;

/**
 * The device's `ts` when it is a plausible millisecond time (a finite number from 2020 on, at most
 * a day ahead of `receivedAt`), else null: the caller uses its receive time and keeps the device's
 * value for the record.
 */
export function plausibleTime(ts: unknown, receivedAt: Date): number | null {
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return null;
  if (ts < EARLIEST_DEVICE_TIME || ts > receivedAt.getTime() + MAX_DEVICE_LEAD_MS) return null;
  return ts;
}

const SOS_IN_TEXT = /"type"\s*:\s*"\s*sos\s*"/i;
const ID_IN_TEXT = /"id"\s*:\s*(?:"([^"\\]{1,64})"|(\d{1,20})[,}\s])/;
const TS_IN_TEXT = /"ts"\s*:\s*(-?\d[\d.eE+-]{0,30})/;

/**
 * An SOS is never lost to a fault of its RCU: a message on the event topic that still says it is
 * an SOS (bad JSON, a wrong id, detail or time, even cut short) becomes an SOS event. Its id is
 * the RCU's when usable, else one made from the message (the same for each repeat, so repeats are
 * still stored once); the text is kept in `raw`. Anything else outside the protocol: null.
 */
function salvage(rcuId: string, kind: UpKind, text: string, value: unknown): Decoded | null {
  if (kind !== 'event') return null;
  const object = typeof value === 'object' && value !== null && !Array.isArray(value);
  const fields = (object ? value : {}) as Record<string, unknown>;
  const isSos = object
    ? typeof fields.type === 'string' && fields.type.trim().toLowerCase() === 'sos'
    : SOS_IN_TEXT.test(text);
  if (!isSos) return null;
  let id: unknown = fields.id;
  let ts: unknown = fields.ts;
  let detail: unknown = fields.detail;
  if (!object) {
    const idMatch = ID_IN_TEXT.exec(text);
    id = idMatch?.[1] ?? idMatch?.[2];
    const tsMatch = TS_IN_TEXT.exec(text);
    ts = tsMatch ? Number(tsMatch[1]) : undefined;
    detail = undefined;
  }
  const event: DeviceEvent = {
    id: eventIdOf(id, text),
    type: 'sos' satisfies EventType,
    detail: typeof detail === 'string' ? detail.slice(0, 500) : detail === undefined ? undefined : textOf(detail),
    ts,
    raw: text.slice(0, MAX_RAW_CHARS),
  };
  if (event.detail === undefined) delete event.detail;
  return { ok: true, message: { rcuId, kind: 'event', payload: event } };
}

/** The RCU's event id when it is one (a number is taken as its text), else one made from the message. */
function eventIdOf(id: unknown, text: string): string {
  if (typeof id === 'number' && Number.isFinite(id)) id = String(id);
  if (typeof id === 'string' && id.length >= 1 && id.length <= 64) return id;
  const source = typeof id === 'string' && id.length > 64 ? id : text;
  return `x-${createHash('sha256').update(source).digest('hex').slice(0, 32)}`;
}

function textOf(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? '').slice(0, 500);
  } catch {
    return '';
  }
}

/** Keeps only the protocol's fields of device states: unknown fields are ignored, not stored. */
function clean<K extends UpKind>(kind: K, value: Received[K]): Received[K] {
  if (kind !== 'state') return value;
  const state = value as Received['state'];
  if (!state.devices) return value;
  const devices = cleanDevices(state.devices);
  if (devices !== state.devices) state.devices = devices;
  return value;
}

const KNOWN_DEVICE_FIELDS: ReadonlySet<string> = new Set(DEVICE_FIELDS);

/** Whether every device has only the protocol's fields (most messages: then nothing is copied). */
function onlyKnownFields(devices: DeviceMap): boolean {
  for (const key in devices) {
    const device = devices[key] as DeviceState;
    for (const field in device) if (!KNOWN_DEVICE_FIELDS.has(field)) return false;
  }
  return true;
}

export function cleanDevices(devices: DeviceMap): DeviceMap {
  if (onlyKnownFields(devices)) return devices;
  const cleaned: DeviceMap = {};
  for (const [key, device] of Object.entries(devices)) {
    const fields: Record<string, unknown> = {};
    for (const field of DEVICE_FIELDS) if (device[field] !== undefined) fields[field] = device[field];
    cleaned[key] = fields as DeviceState;
  }
  return cleaned;
}

export interface Outgoing {
  topic: string;
  payload: Buffer;
}

/** A command for one RCU, as published on `rcu/{rcu_id}/down/cmd`; throws on fields outside the protocol. */
export function encodeCommand<Op extends CommandOp>(
  rcuId: string,
  id: string,
  ts: number,
  op: Op,
  fields: CommandFields<Op>,
): Outgoing {
  const command = { ...fields, id, ts, op };
  if (!commandChecker.Check(command)) throw new TypeError(`command ${op} does not follow the protocol`);
  return { topic: downTopic(rcuId), payload: Buffer.from(JSON.stringify(command)) };
}
