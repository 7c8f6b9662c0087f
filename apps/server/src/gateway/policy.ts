import { createHash, timingSafeEqual } from 'node:crypto';
import { isRcuId, rcuTopicPrefix, TOPIC_ROOT, UP_KINDS } from '@roompilot/contract';
import { parseTopicOnce } from './codec.js';

/**
 * Broker policy of the embedded broker (docs/rcu-protocol.md "Transport"), as small functions the
 * broker calls: who may connect, what each RCU may publish and subscribe to.
 */

/** What the broker needs to know of an RCU to let it in. */
export interface DeviceCredentials {
  rcuId: string;
  /** Null when the stored key does not open with this server's secret: nobody gets in. */
  deviceKey: string | null;
}

export type Authentication = { ok: true; rcuId: string } | { ok: false; reason: 'bad_credentials' };

export interface ConnectAttempt {
  clientId: string;
  username: string | undefined;
  password: Uint8Array | undefined;
}

/**
 * The client id must equal the user name, which must be an existing room's rcu_id, and the
 * password its device key. Every refusal reads the same from outside (bad user name or password).
 */
export async function authenticateDevice(
  findCredentials: (rcuId: string) => Promise<DeviceCredentials | null>,
  attempt: ConnectAttempt,
): Promise<Authentication> {
  const { clientId, username, password } = attempt;
  if (!username || username !== clientId || !isRcuId(username) || !password) {
    return { ok: false, reason: 'bad_credentials' };
  }
  const credentials = await findCredentials(username);
  if (!credentials || credentials.deviceKey === null || !sameSecret(password, credentials.deviceKey)) {
    return { ok: false, reason: 'bad_credentials' };
  }
  return { ok: true, rcuId: credentials.rcuId };
}

/** Compares in constant time, whatever the lengths. */
export function sameSecret(given: Uint8Array, expected: string): boolean {
  const digest = (value: Uint8Array | string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** An RCU publishes only on its own `rcu/{id}/up/{kind}` topics. */
export function mayPublish(rcuId: string, topic: string): boolean {
  const parsed = parseTopicOnce(topic);
  return parsed !== null && parsed.direction === 'up' && parsed.rcuId === rcuId;
}

/** An RCU subscribes only under its own `rcu/{id}/down/`, wildcards allowed below that. */
export function maySubscribe(rcuId: string, filter: string): boolean {
  const prefix = `${rcuTopicPrefix(rcuId)}down/`;
  if (!filter.startsWith(prefix)) return false;
  const rest = filter.slice(prefix.length);
  return /^(#|[A-Za-z0-9_+]+(\/(#|[A-Za-z0-9_+]+))*)$/.test(rest) && isRcuId(rcuId);
}

/**
 * The servers' own login on an outside broker (the user of MQTT_URL) sends commands: it publishes
 * on any RCU's `rcu/{id}/down/cmd`.
 */
export function serverMayPublish(topic: string): boolean {
  const parsed = parseTopicOnce(topic);
  return parsed !== null && parsed.direction === 'down';
}

const SERVER_FILTER = new RegExp(`^(\\$share/[A-Za-z0-9_-]{1,64}/)?${TOPIC_ROOT}/\\+/up/(${UP_KINDS.join('|')}|#)$`);

/** …and reads every RCU's up topics, directly or in a shared group (`$share/{group}/rcu/+/up/{kind}`). */
export function serverMaySubscribe(filter: string): boolean {
  return SERVER_FILTER.test(filter);
}
