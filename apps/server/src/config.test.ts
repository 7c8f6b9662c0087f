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
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
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
