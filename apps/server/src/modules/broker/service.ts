import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type MqttAclBody, type MqttAuthBody, type MqttVerdict } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DeviceKeys } from '../../device-keys.js';
import { AppError } from '../../errors.js';
import {
  authenticateDevice,
  type DeviceCredentials,
  mayPublish,
  maySubscribe,
  sameSecret,
  serverMayPublish,
  serverMaySubscribe,
} from '../../gateway/policy.js';
import { RateLimiter } from '../guestservice/limiter.js';

/**
 * An outside broker's HTTP authentication and authorization (EMQX's `http` authenticator and
 * authorizer, `/apis/mqtt/auth` and `/apis/mqtt/acl`): the embedded broker's rules
 * (gateway/policy.ts), asked over HTTP. Each answer reads the rooms table as it is now, not a
 * cache, so that a room added on one instance is let in by another at once, and a new key or a
 * deleted room is refused at once, whichever instance the broker asks.
 */

export interface BrokerAuthOptions {
  db: Kysely<Database>;
  keys: DeviceKeys;
  /** MQTT_AUTH_SECRET; null: every call is refused. */
  secret: string | null;
  /** Calls answered per second by this instance (a token bucket of one second's worth). */
  maxPerSecond: number;
  /** MQTT_URL: its user name and password are the servers' own login. */
  mqttUrl: string | null;
  now?: () => number;
}

/** The servers' own client ids on the broker (gateway/gateway.ts, gateway/dynsec.ts). */
const SERVER_CLIENT_ID = /^roompilot-[A-Za-z0-9-]{1,64}$/;

const allow: MqttVerdict = { result: 'allow', is_superuser: false };
const deny: MqttVerdict = { result: 'deny', is_superuser: false };

/** The user name and password of MQTT_URL, if it carries them. */
export function serverLoginOf(mqttUrl: string | null): { username: string; password: string } | null {
  if (!mqttUrl) return null;
  try {
    const url = new URL(mqttUrl);
    if (!url.username) return null;
    return { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  } catch {
    return null;
  }
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function same(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function createBrokerAuthService(options: BrokerAuthOptions) {
  const { db, keys, secret } = options;
  const now = options.now ?? Date.now;
  // Connections and topic checks each have their budget: a storm of reconnecting RCUs does not
  // starve the checks of the messages of those already connected.
  const limiter = new RateLimiter({
    burst: Math.max(1, Math.ceil(options.maxPerSecond)),
    intervalMs: 1000 / options.maxPerSecond,
    now,
    maxKeys: 2,
  });
  const server = serverLoginOf(options.mqttUrl);

  /** The broker's secret, then the instance's budget: 4401, 4429 (with the seconds to wait). */
  function admit(authorization: string | undefined, what: 'auth' | 'acl'): void {
    if (secret === null) throw new AppError(ErrorCode.unauthenticated, 'broker.authOff');
    const given = bearer(authorization);
    if (given === null || !same(given, secret)) throw new AppError(ErrorCode.unauthenticated, 'broker.badSecret');
    const wait = limiter.take(what);
    if (wait > 0) throw new AppError(ErrorCode.tooManyRequests, 'broker.busy', { seconds: Math.ceil(wait / 1000) });
  }

  /** The room's key as stored now (no cache: another instance may have changed it a moment ago). */
  async function credentials(rcuId: string): Promise<DeviceCredentials | null> {
    const row = await db
      .selectFrom('rooms')
      .select(['rcu_id', 'device_key'])
      .where('rcu_id', '=', rcuId)
      .executeTakeFirst();
    return row ? { rcuId: row.rcu_id, deviceKey: keys.open(row.device_key) } : null;
  }

  const isServer = (clientid: string, username: string) =>
    server !== null && username === server.username && SERVER_CLIENT_ID.test(clientid);

  return {
    async auth(authorization: string | undefined, body: MqttAuthBody): Promise<MqttVerdict> {
      admit(authorization, 'auth');
      if (isServer(body.clientid, body.username)) {
        return sameSecret(Buffer.from(body.password), (server as { password: string }).password) ? allow : deny;
      }
      const verdict = await authenticateDevice(credentials, {
        clientId: body.clientid,
        username: body.username,
        password: body.password === '' ? undefined : Buffer.from(body.password),
      });
      return verdict.ok ? allow : deny;
    },

    async acl(authorization: string | undefined, body: MqttAclBody): Promise<MqttVerdict> {
      admit(authorization, 'acl');
      const { clientid, username, topic, action } = body;
      if (isServer(clientid, username)) {
        return (action === 'publish' ? serverMayPublish(topic) : serverMaySubscribe(topic)) ? allow : deny;
      }
      // An RCU: its own topics only, and only while its room is there.
      if (clientid !== username) return deny;
      const permitted = action === 'publish' ? mayPublish(clientid, topic) : maySubscribe(clientid, topic);
      if (!permitted) return deny;
      return (await credentials(clientid)) ? allow : deny;
    },
  };
}

export type BrokerAuthService = ReturnType<typeof createBrokerAuthService>;
