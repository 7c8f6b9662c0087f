import {
  type CommandFields,
  type CommandOp,
  CommandPayload,
  DEVICE_FIELDS,
  type DeviceMap,
  type DeviceState,
  downTopic,
  type ParsedTopic,
  parseTopic,
  UP_PAYLOADS,
  type UpKind,
  type UpPayloads,
} from '@roompilot/contract';
import { Compile } from 'typebox/compile';

/**
 * The one place where MQTT topics and payloads become typed messages and back. Anything that is
 * not the protocol's (a foreign topic, bad JSON, a payload outside its schema) is refused with a
 * reason, to be counted and dropped: a device never crashes the server.
 */

export type UpMessage = { [K in UpKind]: { rcuId: string; kind: K; payload: UpPayloads[K] } }[UpKind];

export type DropReason = 'topic' | 'json' | 'schema';
export type Decoded = { ok: true; message: UpMessage } | { ok: false; reason: DropReason; rcuId: string | null };

/** Payloads larger than this are dropped before parsing (the biggest legal one is well under). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

const checkers = Object.fromEntries(
  Object.entries(UP_PAYLOADS).map(([kind, schema]) => [kind, Compile(schema)]),
) as unknown as { [K in UpKind]: { Check(value: unknown): value is UpPayloads[K] } };
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
  if (payload.byteLength > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'schema', rcuId };
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8'));
  } catch {
    return { ok: false, reason: 'json', rcuId };
  }
  if (!checkers[kind].Check(value)) return { ok: false, reason: 'schema', rcuId };
  return { ok: true, message: { rcuId, kind, payload: clean(kind, value) } as UpMessage };
}

/** Keeps only the protocol's fields of device states: unknown fields are ignored, not stored. */
function clean<K extends UpKind>(kind: K, value: UpPayloads[K]): UpPayloads[K] {
  if (kind !== 'state') return value;
  const state = value as UpPayloads['state'];
  if (!state.devices) return value;
  return { ...state, devices: cleanDevices(state.devices) } as UpPayloads[K];
}

export function cleanDevices(devices: DeviceMap): DeviceMap {
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
