import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_TIMEOUT_MS, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@roompilot/contract';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { DEFAULT_HEAP_GROWING_PERCENT } from './heap.js';
import { redactUrl } from './secrets.js';

/** PostgreSQL connections each instance's pool holds at most, unless DATABASE_POOL_MAX says. */
export const DATABASE_POOL_MAX_DEFAULT = 10;

/** Printable ASCII without spaces: tokens and secrets sent in headers or typed into a broker's settings. */
const PRINTABLE = '^[\\x21-\\x7e]+$';

/** Environment variables the server reads, as strings; each is checked and converted below. */
const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  TRUST_PROXY: Type.String({ default: '' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DEVICE_KEY_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  DATABASE_URL: Type.Optional(Type.String()),
  DATABASE_POOL_MAX: Type.Integer({ minimum: 1, maximum: 1000, default: DATABASE_POOL_MAX_DEFAULT }),
  REDIS_URL: Type.Optional(Type.String()),
  REDIS_PREFIX: Type.String({ pattern: '^[A-Za-z0-9:_.-]{1,64}$', default: 'rp:live:' }),
  MQTT_URL: Type.Optional(Type.String()),
  MQTT_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 1883 }),
  MQTT_DEVICE_SYNC: Type.Enum(['none', 'mosquitto-dynsec', 'emqx'], { default: 'none' }),
  MQTT_DEVICE_SYNC_MINUTES: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 60, default: 10 }),
  MQTT_AUTH_SECRET: Type.Optional(Type.String({ minLength: 32, maxLength: 512, pattern: PRINTABLE })),
  EMQX_API_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$', maxLength: 500 })),
  EMQX_API_KEY: Type.Optional(Type.String({ minLength: 1, maxLength: 256, pattern: PRINTABLE })),
  EMQX_API_SECRET: Type.Optional(Type.String({ minLength: 1, maxLength: 512, pattern: PRINTABLE })),
  MQTT_AUTH_MAX_PER_SECOND: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, default: 200 }),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 6, maxLength: 128 })),
  DEMO: Type.Enum(['0', '1'], { default: '1' }),
  DEMO_LANGUAGE: Type.Enum([...LANGUAGES], { default: DEFAULT_LANGUAGE }),
  SESSION_TTL_HOURS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 365, default: 12 }),
  LOGIN_MAX_FAILURES: Type.Integer({ minimum: 1, maximum: 100_000, default: 5 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 20 }),
  LOGIN_WINDOW_MINUTES: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 60, default: 60 }),
  LOGIN_BACKOFF_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 3600, default: 30 }),
  LOGIN_MAX_WAIT_MINUTES: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 60, default: 15 }),
  LOGIN_ALARM_ADDRESSES: Type.Integer({ minimum: 2, maximum: 1_000_000, default: 10 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, maximum: 1024 ** 3, default: 1024 * 1024 }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  LIVE_PING_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 30 }),
  ALERT_SWEEP_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 15 }),
  HEARTBEAT_TIMEOUT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 3600, default: 180 }),
  LIVE_STATE_FLUSH_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 5 }),
  HEAP_GROWING_PERCENT: Type.Integer({ minimum: 0, maximum: 1000, default: DEFAULT_HEAP_GROWING_PERCENT }),
  TIMER_POLL_SECONDS: Type.Number({ minimum: 0, maximum: 3600, default: 1 }),
  TIMER_CLAIM_SECONDS: Type.Number({ minimum: 2, maximum: 3600, default: 120 }),
  RCU_MAX_EVENTS_PER_SECOND: Type.Number({ exclusiveMinimum: 0, maximum: 100_000, default: 10 }),
  RCU_MAX_STATES_PER_SECOND: Type.Number({ exclusiveMinimum: 0, maximum: 100_000, default: 20 }),
  RCU_BURST_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 3 }),
  WEB_DIST: Type.Optional(Type.String({ minLength: 1 })),
  CONSOLE_COPYRIGHT: Type.String({ default: '© RoomPilot' }),
  CONSOLE_FILING_NUMBER: Type.String({ default: '' }),
  OVERLOAD_MAX_IN_FLIGHT: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 64 }),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 200 }),
  OVERLOAD_RETRY_AFTER_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 2 }),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+(/[^?#\\s]*)?$', maxLength: 500 })),
  UPGRADE_FILE_MAX_BYTES: Type.Integer({ minimum: 1024, maximum: 1024 ** 3, default: 16 * 1024 * 1024 }),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16, maxLength: 512, pattern: PRINTABLE })),
});
type Env = Static<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  /**
   * The proxies whose `X-Forwarded-*` headers are believed (addresses, CIDRs, or `loopback`,
   * `linklocal`, `uniquelocal`); empty: nobody's, the socket's address is the client's.
   */
  trustProxy: string[];
  dataDir: string;
  /** Seals the stored device keys; null: the data folder's `device-key-secret` file (made at first start). */
  deviceKeySecret: string | null;
  /** `sqlite` keeps a file in the data folder; `postgres` uses DATABASE_URL. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolMax?: number };
  redisUrl: string | null;
  /** Prefix of every Redis key and channel: deployments (or tests) sharing one Redis keep apart. */
  redisPrefix: string;
  mqttUrl: string | null;
  mqttPort: number;
  /**
   * How the outside broker (MQTT_URL) learns the devices: `mosquitto-dynsec`, RoomPilot keeps
   * Mosquitto's dynamic-security clients in step with the rooms (gateway/dynsec.ts), reconciling
   * every `everyMs` once in the cluster; `emqx`, EMQX asks /apis/mqtt/auth and RoomPilot drops an
   * RCU whose key or room changed through EMQX's REST API (`emqx`); `none`, the operator does.
   */
  deviceSync: {
    kind: 'none' | 'mosquitto-dynsec' | 'emqx';
    everyMs: number;
    emqx: { apiUrl: string; apiKey: string; apiSecret: string } | null;
  };
  /**
   * The shared secret a broker's HTTP authentication sends to /apis/mqtt/auth and /apis/mqtt/acl
   * (bearer); null: those calls refuse everyone. `maxPerSecond`: the calls each instance answers.
   */
  mqttAuth: { secret: string | null; maxPerSecond: number };
  /** How long a command waits for the RCU's ack (PROTOCOL.md: 10 s; tests shorten it). */
  commandTimeoutMs: number;
  /** The live WebSocket pings each client this often and re-checks its session. */
  livePingMs: number;
  /** How often the alert rules look at every room (door open long, offline, window open with AC on). */
  alertSweepMs: number;
  /** An online RCU heard from by no message for this long is taken offline (PROTOCOL.md: 3 heartbeats). */
  heartbeatTimeoutMs: number;
  /** How often each room's last known live state (of the rooms whose RCU spoke) is written to the database. */
  liveStateFlushMs: number;
  /** V8's heap growth past the live size between full collections, in percent (heap.ts); 0: V8's own. */
  heapGrowingPercent: number;
  /** How often due persistent timers are looked for (modules/timers); 0: never (tests fire them by hand). */
  timerPollMs: number;
  /** How long an instance firing a timer holds it: past it, another instance fires it (the first died). */
  timerClaimMs: number;
  /**
   * Each RCU's message budget: events and states per second on average, `burstSeconds` of either
   * at once; past it messages are dropped and counted and the room gets a flooding alert (an SOS
   * always passes).
   */
  rcuBudget: { eventsPerSecond: number; statesPerSecond: number; burstSeconds: number };
  adminPassword: string | null;
  demo: boolean;
  /** The language the first start names the demo hotel, its building, room types and devices in. */
  demoLanguage: Language;
  sessionTtlMs: number;
  /**
   * Wrong logins: a user name from one address may fail `maxFailures` times and an address (any
   * names) `maxFailuresPerAddress` times within `windowMs`; then each waits `backoffMs` after its last
   * failure, doubled with each further failure, at most `maxWaitMs`. `alarmAddresses` addresses
   * failing on one user name within the window raise the alarm.
   */
  login: {
    maxFailures: number;
    maxFailuresPerAddress: number;
    windowMs: number;
    backoffMs: number;
    maxWaitMs: number;
    alarmAddresses: number;
  };
  bodyLimitBytes: number;
  logLevel: string;
  webDist: string;
  site: { copyright: string; filingNumber: string };
  /**
   * Past its capacity the server refuses API calls at once (4429, Retry-After) instead of queueing
   * them: more than `maxInFlight` being answered, or the event loop busy without a break for over
   * `maxEventLoopDelayMs`; 0 switches either off.
   */
  overload: { maxInFlight: number; maxEventLoopDelayMs: number; retryAfterSeconds: number };
  /**
   * The server's address as RCUs reach it, for the upgrade links (no trailing slash); null: `http://`
   * the listening address and port (HOST 0.0.0.0 read as 127.0.0.1), right only on one machine.
   */
  publicUrl: string | null;
  /** The largest upgrade file an upload may carry (4413 past it). */
  upgradeFileMaxBytes: number;
  /** The bearer token /metrics requires; null: /metrics answers callers on this machine only. */
  metricsToken: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const NUMERIC = new Set(
  Object.entries(EnvSchema.properties)
    .filter(([, schema]) => 'type' in schema && (schema.type === 'integer' || schema.type === 'number'))
    .map(([name]) => name),
);

/** The built console: from `dist/` (or `src/` under tests) of this package, `../../web/dist`. */
const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Named ranges proxy-addr (Fastify's `trustProxy`) understands. */
const TRUST_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a comma-separated list of the proxies' addresses and CIDRs (or a named range).
 * A hop count or `true` is refused: neither tells a proxy from a client that writes the header itself.
 */
export function parseTrustProxy(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const problem = trustProxyProblem(entry);
    if (problem) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(value)}: ${problem}`);
  }
  return entries;
}

function trustProxyProblem(entry: string): string | null {
  if (TRUST_PROXY_RANGES.has(entry)) return null;
  if (/^\d+$/.test(entry) || /^(true|\*)$/i.test(entry)) {
    return `"${entry}" would believe any client's X-Forwarded-For; name the proxies' addresses or CIDRs (e.g. 10.0.0.5, 10.0.0.0/24, loopback)`;
  }
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return `"${entry}" is not an IP address or CIDR`;
  if (prefix !== undefined) {
    const bits = Number(prefix);
    if (!/^\d{1,3}$/.test(prefix) || bits > (version === 4 ? 32 : 128)) return `"${entry}" has a bad prefix length`;
  }
  return null;
}

/**
 * A variable as a configuration error names it, with its value unless that is a secret (a password,
 * secret, token or key: only its length, `DEVICE_KEY_SECRET (hidden, 5 characters)`); a URL's password
 * is masked (`MQTT_URL="mqtt://roompilot:***@broker:1883"`).
 */
function named(variable: string, value: unknown): string {
  if (/(PASSWORD|SECRET|TOKEN|KEY)$/.test(variable)) {
    const length = String(value).length;
    return `${variable} (hidden, ${length} ${length === 1 ? 'character' : 'characters'})`;
  }
  const shown = /_URL$/.test(variable) && typeof value === 'string' ? redactUrl(value) : value;
  return `${variable}=${JSON.stringify(shown)}`;
}

/** What a schema error says, in words where the schema's own would not help (the allowed values). */
function wordsOf(error: { keyword: string; params: unknown; message: string }): string {
  const params = error.params as { allowedValues?: unknown[]; pattern?: string };
  if (error.keyword === 'enum' && params.allowedValues) return `must be one of ${params.allowedValues.join(', ')}`;
  if (error.keyword === 'pattern' && params.pattern === PRINTABLE) return 'must be printable ASCII without spaces';
  return error.message;
}

/** The outside services' URLs and the schemes each may have. */
const SERVICE_SCHEMES: Record<string, readonly string[]> = {
  DATABASE_URL: ['postgres', 'postgresql'],
  REDIS_URL: ['redis', 'rediss'],
  MQTT_URL: ['mqtt', 'mqtts', 'ws', 'wss', 'tcp'],
};

const PERCENT_ENCODE =
  'percent-encode every reserved character in the user name and password (@ : / # ? % … as %40 %3A %2F %23 %3F %25)';

/**
 * Why an outside service's URL would not be read as it was meant, or null. The clients find the host
 * before the `@` when a `#`, `?` or `/` comes first: a password holding one unencoded made its start
 * the host (`getaddrinfo ENOTFOUND roompilot`, with a Node warning that printed the whole URL), or
 * the port. DATABASE_URL may leave the host to `?host=` (libpq's Unix socket).
 */
function serviceUrlProblem(variable: string, value: string, schemes: readonly string[]): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(value)?.[1];
  if (!scheme || !schemes.includes(scheme)) {
    const names = schemes.map((name) => `${name}://`);
    return `must start with ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  }
  if (value.includes('#')) return `holds a "#", which ends the host part: ${PERCENT_ENCODE}`;
  const socket = variable === 'DATABASE_URL';
  const parsed = parsedUrl(value, socket);
  if (!parsed) return `does not parse as a URL: ${PERCENT_ENCODE}`;
  const { url, host } = parsed;
  if ((url.pathname + url.search).includes('@')) {
    return `the host part ends before the "@" (a "/" or "?" in the user name or password): ${PERCENT_ENCODE}`;
  }
  if (!host && !(socket && url.searchParams.has('host'))) {
    return socket ? 'names no host (a Unix socket: ?host=/var/run/postgresql)' : 'names no host';
  }
  if (!decodes(url.username) || !decodes(url.password)) {
    return `has a "%" not followed by two hex digits in the user name or password: ${PERCENT_ENCODE}`;
  }
  return null;
}

/**
 * The URL as WHATWG reads it, and its host; with `socket`, a login before no host
 * (`postgres://rp:pw@/rp?host=/run/postgresql`, which pg reads) is read with the host empty.
 */
function parsedUrl(value: string, socket: boolean): { url: URL; host: string } | null {
  try {
    const url = new URL(value);
    return { url, host: url.hostname };
  } catch {
    if (!socket || !value.includes('@/')) return null;
    try {
      return { url: new URL(value.replace('@/', '@socket/')), host: '' };
    } catch {
      return null;
    }
  }
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** URLs whose login would travel further than the server: refused with why. */
const NO_LOGIN_URLS: Record<string, string> = {
  EMQX_API_URL: 'EMQX_API_KEY and EMQX_API_SECRET are the login',
  PUBLIC_URL: "it is written into the RCUs' download links",
};

/** Reads the settings once from environment variables; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = env[name]?.trim();
    if (value === undefined || value === '') continue;
    raw[name] = NUMERIC.has(name) && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  const withDefaults = Value.Default(EnvSchema, raw);
  const lines: string[] = [];
  const refused = new Set<string>();
  for (const error of Value.Errors(EnvSchema, withDefaults)) {
    const variable =
      error.instancePath.replace(/^\//, '') ||
      String((error.params as { requiredProperties?: string[] }).requiredProperties ?? '');
    refused.add(variable);
    lines.push(`${named(variable, raw[variable] ?? env[variable])}: ${wordsOf(error)}`);
  }
  for (const [variable, schemes] of Object.entries(SERVICE_SCHEMES)) {
    const value = raw[variable];
    const problem =
      typeof value === 'string' && !refused.has(variable) ? serviceUrlProblem(variable, value, schemes) : null;
    if (problem) lines.push(`${named(variable, value)}: ${problem}`);
  }
  for (const [variable, why] of Object.entries(NO_LOGIN_URLS)) {
    const value = raw[variable];
    if (typeof value === 'string' && !refused.has(variable) && /^[^/]*\/\/[^/?#]*@/.test(value)) {
      lines.push(`${named(variable, value)}: must not hold a user name or password: ${why}`);
    }
  }
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  const settings = withDefaults as Env;
  if (settings.LOGIN_MAX_WAIT_MINUTES > settings.LOGIN_WINDOW_MINUTES) {
    throw new ConfigError(
      `Invalid configuration:\n  LOGIN_MAX_WAIT_MINUTES=${settings.LOGIN_MAX_WAIT_MINUTES}: must not exceed LOGIN_WINDOW_MINUTES (${settings.LOGIN_WINDOW_MINUTES}), which is how long a failure is remembered`,
    );
  }
  if (settings.MQTT_DEVICE_SYNC !== 'none' && !settings.MQTT_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  MQTT_DEVICE_SYNC=${settings.MQTT_DEVICE_SYNC}: needs MQTT_URL (the outside broker whose devices it keeps); the embedded broker checks the rooms itself`,
    );
  }
  if (
    settings.MQTT_DEVICE_SYNC === 'emqx' &&
    !(settings.EMQX_API_URL && settings.EMQX_API_KEY && settings.EMQX_API_SECRET)
  ) {
    throw new ConfigError(
      "Invalid configuration:\n  MQTT_DEVICE_SYNC=emqx: needs EMQX_API_URL, EMQX_API_KEY and EMQX_API_SECRET (an API key of EMQX's dashboard, to drop an RCU whose key changed)",
    );
  }
  const dataDir = path.resolve(cwd, settings.DATA_DIR);
  return {
    port: settings.PORT,
    host: settings.HOST,
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    dataDir,
    deviceKeySecret: settings.DEVICE_KEY_SECRET ?? null,
    database: settings.DATABASE_URL
      ? { kind: 'postgres', url: settings.DATABASE_URL, poolMax: settings.DATABASE_POOL_MAX }
      : { kind: 'sqlite', file: path.join(dataDir, 'roompilot.db') },
    redisUrl: settings.REDIS_URL ?? null,
    redisPrefix: settings.REDIS_PREFIX,
    mqttUrl: settings.MQTT_URL ?? null,
    mqttPort: settings.MQTT_PORT,
    deviceSync: {
      kind: settings.MQTT_DEVICE_SYNC,
      everyMs: settings.MQTT_DEVICE_SYNC_MINUTES * 60_000,
      emqx:
        settings.EMQX_API_URL && settings.EMQX_API_KEY && settings.EMQX_API_SECRET
          ? { apiUrl: settings.EMQX_API_URL, apiKey: settings.EMQX_API_KEY, apiSecret: settings.EMQX_API_SECRET }
          : null,
    },
    mqttAuth: { secret: settings.MQTT_AUTH_SECRET ?? null, maxPerSecond: settings.MQTT_AUTH_MAX_PER_SECOND },
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    livePingMs: settings.LIVE_PING_SECONDS * 1000,
    alertSweepMs: settings.ALERT_SWEEP_SECONDS * 1000,
    heartbeatTimeoutMs: settings.HEARTBEAT_TIMEOUT_SECONDS * 1000,
    liveStateFlushMs: settings.LIVE_STATE_FLUSH_SECONDS * 1000,
    heapGrowingPercent: settings.HEAP_GROWING_PERCENT,
    timerPollMs: settings.TIMER_POLL_SECONDS * 1000,
    timerClaimMs: settings.TIMER_CLAIM_SECONDS * 1000,
    rcuBudget: {
      eventsPerSecond: settings.RCU_MAX_EVENTS_PER_SECOND,
      statesPerSecond: settings.RCU_MAX_STATES_PER_SECOND,
      burstSeconds: settings.RCU_BURST_SECONDS,
    },
    adminPassword: settings.ADMIN_PASSWORD ?? null,
    demo: settings.DEMO === '1',
    demoLanguage: settings.DEMO_LANGUAGE,
    sessionTtlMs: settings.SESSION_TTL_HOURS * 3_600_000,
    login: {
      maxFailures: settings.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: settings.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: settings.LOGIN_WINDOW_MINUTES * 60_000,
      backoffMs: settings.LOGIN_BACKOFF_SECONDS * 1000,
      maxWaitMs: settings.LOGIN_MAX_WAIT_MINUTES * 60_000,
      alarmAddresses: settings.LOGIN_ALARM_ADDRESSES,
    },
    bodyLimitBytes: settings.BODY_LIMIT_BYTES,
    logLevel: settings.LOG_LEVEL,
    webDist: settings.WEB_DIST ? path.resolve(cwd, settings.WEB_DIST) : DEFAULT_WEB_DIST,
    site: { copyright: settings.CONSOLE_COPYRIGHT, filingNumber: settings.CONSOLE_FILING_NUMBER },
    overload: {
      maxInFlight: settings.OVERLOAD_MAX_IN_FLIGHT,
      maxEventLoopDelayMs: settings.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: settings.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    publicUrl: settings.PUBLIC_URL ? settings.PUBLIC_URL.replace(/\/+$/, '') : null,
    upgradeFileMaxBytes: settings.UPGRADE_FILE_MAX_BYTES,
    metricsToken: settings.METRICS_TOKEN ?? null,
  };
}
