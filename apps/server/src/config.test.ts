import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/rp');
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/rp/data',
      database: { kind: 'sqlite', file: '/srv/rp/data/roompilot.db' },
      redisUrl: null,
      mqttUrl: null,
      mqttPort: 1883,
      adminPassword: null,
      demo: true,
      demoLanguage: 'zh',
      sessionTtlMs: 12 * 3_600_000,
      trustProxy: [],
      login: {
        maxFailures: 5,
        maxFailuresPerAddress: 20,
        windowMs: 60 * 60_000,
        backoffMs: 30_000,
        maxWaitMs: 15 * 60_000,
        alarmAddresses: 10,
      },
      bodyLimitBytes: 1024 * 1024,
      logLevel: 'info',
      rcuBudget: { eventsPerSecond: 10, statesPerSecond: 20, burstSeconds: 3 },
      metricsToken: null,
      heapGrowingPercent: 25,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: 'var',
        DATABASE_URL: 'postgres://u:p@db:5432/rp',
        DATABASE_POOL_MAX: '40',
        REDIS_URL: 'redis://cache:6379',
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_PORT: '11883',
        ADMIN_PASSWORD: 'very-secret',
        DEMO: '0',
        DEMO_LANGUAGE: 'ja',
        SESSION_TTL_HOURS: '0.5',
        LOGIN_MAX_FAILURES: '3',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '9',
        LOGIN_WINDOW_MINUTES: '2',
        LOGIN_BACKOFF_SECONDS: '5',
        LOGIN_MAX_WAIT_MINUTES: '1',
        LOGIN_ALARM_ADDRESSES: '4',
        TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,loopback,fd00::/8 ',
        BODY_LIMIT_BYTES: '2048',
        LOG_LEVEL: 'warn',
        HEAP_GROWING_PERCENT: '0',
        WEB_DIST: 'web',
        CONSOLE_COPYRIGHT: '© Hotel Group',
        CONSOLE_FILING_NUMBER: 'ICP 123',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/var',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/rp', poolMax: 40 },
      redisUrl: 'redis://cache:6379',
      mqttUrl: 'mqtt://broker:1883',
      mqttPort: 11883,
      adminPassword: 'very-secret',
      demo: false,
      demoLanguage: 'ja',
      sessionTtlMs: 1_800_000,
      trustProxy: ['10.0.0.5', '10.1.0.0/16', 'loopback', 'fd00::/8'],
      login: {
        maxFailures: 3,
        maxFailuresPerAddress: 9,
        windowMs: 120_000,
        backoffMs: 5000,
        maxWaitMs: 60_000,
        alarmAddresses: 4,
      },
      bodyLimitBytes: 2048,
      logLevel: 'warn',
      heapGrowingPercent: 0,
      webDist: '/srv/web',
      site: { copyright: '© Hotel Group', filingNumber: 'ICP 123' },
    });
  });

  it('reads METRICS_TOKEN', () => {
    expect(loadConfig({ METRICS_TOKEN: 'Zm9vYmFyYmF6cXV4MTIzNDU2' }).metricsToken).toBe('Zm9vYmFyYmF6cXV4MTIzNDU2');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DEMO', 'yes'],
    ['DEMO_LANGUAGE', 'fr'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'ten'],
    ['SESSION_TTL_HOURS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_PASSWORD', '123'],
    ['RCU_MAX_EVENTS_PER_SECOND', '0'],
    ['RCU_MAX_STATES_PER_SECOND', 'many'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1, *'],
    ['TRUST_PROXY', 'proxy.local'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '::1/129'],
    ['TRUST_PROXY', '10.0.0.0/8/1'],
    ['LOGIN_MAX_WAIT_MINUTES', '90'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['MQTT_DEVICE_SYNC', 'mosquitto-dynsec'],
    ['MQTT_DEVICE_SYNC', 'emqx'],
    ['MQTT_DEVICE_SYNC', 'hivemq'],
    ['MQTT_AUTH_SECRET', 'too-short'],
    ['EMQX_API_URL', 'emqx:18083'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^  ${name}[= ]`, 'm'));
  });

  /** The lines of the error `env` makes. */
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message.split('\n').slice(1);
    }
    throw new Error('the configuration was accepted');
  };

  it('never repeats a secret: it gives its length', () => {
    expect(refusal({ DEVICE_KEY_SECRET: 'short' })).toEqual([
      '  DEVICE_KEY_SECRET (hidden, 5 characters): must not have fewer than 32 characters',
    ]);
    expect(refusal({ ADMIN_PASSWORD: 'abc', METRICS_TOKEN: 'abc', MQTT_AUTH_SECRET: 'tooShortSecret' })).toEqual([
      '  MQTT_AUTH_SECRET (hidden, 14 characters): must not have fewer than 32 characters',
      '  ADMIN_PASSWORD (hidden, 3 characters): must not have fewer than 6 characters',
      '  METRICS_TOKEN (hidden, 3 characters): must not have fewer than 16 characters',
    ]);
    expect(refusal({ METRICS_TOKEN: 'a token with spaces in it' })).toEqual([
      '  METRICS_TOKEN (hidden, 25 characters): must be printable ASCII without spaces',
    ]);
    expect(refusal({ EMQX_API_KEY: 'k', EMQX_API_SECRET: 'with space' }).join('\n')).toBe(
      '  EMQX_API_SECRET (hidden, 10 characters): must be printable ASCII without spaces',
    );
  });

  it('shows a URL with its password masked', () => {
    expect(refusal({ DATABASE_URL: 'postgre://rp:S3cretPgPw@127.0.0.1:1/rp' })).toEqual([
      '  DATABASE_URL="postgre://rp:***@127.0.0.1:1/rp": must start with postgres:// or postgresql://',
    ]);
    expect(refusal({ MQTT_URL: 'mqt://roompilot:S3cretMqPw@broker:1883' })).toEqual([
      '  MQTT_URL="mqt://roompilot:***@broker:1883": must start with mqtt://, mqtts://, ws://, wss:// or tcp://',
    ]);
    expect(refusal({ REDIS_URL: 'http://:S3cretRedisPw@cache:6379' })).toEqual([
      '  REDIS_URL="http://:***@cache:6379": must start with redis:// or rediss://',
    ]);
    // A URL whose login travels further than the server is refused.
    expect(refusal({ EMQX_API_URL: 'http://admin:S3cretEmqx@emqx:18083' })).toEqual([
      '  EMQX_API_URL="http://admin:***@emqx:18083": must not hold a user name or password: EMQX_API_KEY and EMQX_API_SECRET are the login',
    ]);
    expect(refusal({ PUBLIC_URL: 'https://rp:S3cretPub@rooms.example.com' })).toEqual([
      `  PUBLIC_URL="https://rp:***@rooms.example.com": must not hold a user name or password: it is written into the RCUs' download links`,
    ]);
  });

  it('lists the allowed values of a choice', () => {
    expect(refusal({ DEMO: 'yes', LOG_LEVEL: 'verbose' })).toEqual([
      '  DEMO="yes": must be one of 0, 1',
      '  LOG_LEVEL="verbose": must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(refusal({ MQTT_DEVICE_SYNC: 'hivemq' })).toEqual([
      '  MQTT_DEVICE_SYNC="hivemq": must be one of none, mosquitto-dynsec, emqx',
    ]);
  });

  const encode =
    'percent-encode every reserved character in the user name and password (@ : / # ? % … as %40 %3A %2F %23 %3F %25)';

  it.each([
    // The password's start read as the host: `getaddrinfo ENOTFOUND roompilot` at the first connection.
    [
      'MQTT_URL',
      'mqtt://roompilot:MqServer#2026@127.0.0.1:11484',
      'mqtt://roompilot:***@127.0.0.1:11484',
      `holds a "#", which ends the host part: ${encode}`,
    ],
    // WHATWG reads this one: host `roompilot`, port 1234, the rest a fragment.
    [
      'MQTT_URL',
      'mqtt://roompilot:1234#2026@127.0.0.1:11484',
      'mqtt://roompilot:***@127.0.0.1:11484',
      `holds a "#", which ends the host part: ${encode}`,
    ],
    [
      'DATABASE_URL',
      'postgres://rp:12?Pg@127.0.0.1:5432/rp',
      'postgres://rp:***@127.0.0.1:5432/rp',
      `the host part ends before the "@" (a "/" or "?" in the user name or password): ${encode}`,
    ],
    [
      'DATABASE_URL',
      'postgres://rp:12/Pg@127.0.0.1:5432/rp',
      'postgres://rp:***@127.0.0.1:5432/rp',
      `the host part ends before the "@" (a "/" or "?" in the user name or password): ${encode}`,
    ],
    [
      'DATABASE_URL',
      'postgres://rp:S3cret/Pg@127.0.0.1:5432/rp',
      'postgres://rp:***@127.0.0.1:5432/rp',
      `does not parse as a URL: ${encode}`,
    ],
    [
      'REDIS_URL',
      'redis://:100%Redis@127.0.0.1:6379',
      'redis://:***@127.0.0.1:6379',
      `has a "%" not followed by two hex digits in the user name or password: ${encode}`,
    ],
    ['REDIS_URL', 'redis://', 'redis://', 'names no host'],
    [
      'DATABASE_URL',
      'postgres://rp:S3cret@/rp',
      'postgres://rp:***@/rp',
      'names no host (a Unix socket: ?host=/var/run/postgresql)',
    ],
  ])('refuses %s=%s, which would not be read as written', (name, value, shown, problem) => {
    const lines = refusal({ [name]: value });
    expect(lines).toEqual([`  ${name}=${JSON.stringify(shown)}: ${problem}`]);
  });

  it("takes URLs whose login is percent-encoded, and libpq's Unix socket", () => {
    const config = loadConfig({
      MQTT_URL: 'mqtt://roompilot:MqServer%232026%3A%2F%3F%40%25@127.0.0.1:11484',
      REDIS_URL: 'redis://:S3cret%23Redis@127.0.0.1:6379/2',
      DATABASE_URL: 'postgres://rp:S3cret@/rp?host=/var/run/postgresql',
    });
    expect(config.mqttUrl).toBe('mqtt://roompilot:MqServer%232026%3A%2F%3F%40%25@127.0.0.1:11484');
    expect(config.database).toMatchObject({ url: 'postgres://rp:S3cret@/rp?host=/var/run/postgresql' });
    expect(loadConfig({ DATABASE_URL: 'postgresql://rp:pw@db:5432/rp?sslmode=require' }).database).toMatchObject({
      kind: 'postgres',
    });
    expect(loadConfig({ MQTT_URL: 'wss://roompilot:pw@broker.example/mqtt' }).mqttUrl).toBe(
      'wss://roompilot:pw@broker.example/mqtt',
    );
  });

  it("reads the outside broker's device settings", () => {
    expect(loadConfig({}).deviceSync).toEqual({ kind: 'none', everyMs: 600_000, emqx: null });
    expect(loadConfig({}).mqttAuth).toEqual({ secret: null, maxPerSecond: 200 });
    const dynsec = loadConfig({
      MQTT_URL: 'mqtt://rp:pw@broker:1883',
      MQTT_DEVICE_SYNC: 'mosquitto-dynsec',
      MQTT_DEVICE_SYNC_MINUTES: '2',
    });
    expect(dynsec.deviceSync).toEqual({ kind: 'mosquitto-dynsec', everyMs: 120_000, emqx: null });
    const emqx = loadConfig({
      MQTT_URL: 'mqtt://rp:pw@emqx:1883',
      MQTT_DEVICE_SYNC: 'emqx',
      EMQX_API_URL: 'http://emqx:18083',
      EMQX_API_KEY: 'key1',
      EMQX_API_SECRET: 'secret1',
      MQTT_AUTH_SECRET: 'x'.repeat(32),
      MQTT_AUTH_MAX_PER_SECOND: '50',
    });
    expect(emqx.deviceSync.emqx).toEqual({ apiUrl: 'http://emqx:18083', apiKey: 'key1', apiSecret: 'secret1' });
    expect(emqx.mqttAuth).toEqual({ secret: 'x'.repeat(32), maxPerSecond: 50 });
  });
});
