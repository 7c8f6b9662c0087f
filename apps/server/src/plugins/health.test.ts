import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { createTestApp, DATABASE_KINDS, describeOn, type TestApp } from '../test-support/databases.js';
import { describeNeeding } from '../test-support/scope.js';
import { healthPlugin } from './health.js';

const WITH_BROKER = { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } };

for (const kind of DATABASE_KINDS) {
  describeOn(kind)(`health endpoints [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, WITH_BROKER);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Another server on the same database, as `npm start` builds it (closed by the test). */
    async function another(withGateway: boolean): Promise<FastifyInstance> {
      const app = await buildApp(t.config, { db: createDatabase(t.config.database), gateway: withGateway });
      await app.ready();
      return app;
    }

    it('answers /livez 200 without a session, whatever the dependencies', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/livez' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json()).toEqual({ status: 'ok' });
      expect((await t.app.inject({ method: 'HEAD', url: '/livez' })).statusCode).toBe(200);
    });

    it('answers /readyz 200 when the database answers and the embedded broker listens', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ready', checks: { database: 'ok', broker: 'ok' } });
    });

    it('answers no other path under those names with a 200 (nor the console page), and the console keeps its routes', async () => {
      for (const url of ['/livez/x', '/readyz/', '/readyz/deep/er', '/metrics/x', '/LIVEZ', '/Readyz']) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
      }
      expect((await t.app.inject({ method: 'POST', url: '/readyz' })).statusCode).toBe(404);
      // The console (not built here) still answers its own routes, including names that merely start alike.
      for (const url of ['/', '/login', '/livezone']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    });

    it('answers /readyz 503 naming the database when the database is gone, the process still live', async () => {
      const app = await another(true);
      try {
        await app.db.destroy();
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        const body = ready.json();
        expect(body.status).toBe('unready');
        expect(body.checks.broker).toBe('ok');
        expect(body.checks.database).toMatch(/^down: \S/);
        expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      } finally {
        await app.close().catch(() => {});
      }
    });

    it('answers /readyz 503 naming the broker when it does not listen or no gateway runs', async () => {
      const app = await another(true);
      try {
        await app.gateway?.close();
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          status: 'unready',
          checks: { database: 'ok', broker: 'down: the embedded broker is not listening' },
        });
      } finally {
        await app.close();
      }
      const bare = await another(false);
      try {
        const ready = await bare.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.broker).toBe('down: the device gateway is not running');
      } finally {
        await bare.close();
      }
    });
  });
}

/** A TCP relay to Redis that the test can cut and restore, as a Redis restart or a network fault would. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

describeNeeding('redis')('health endpoints with Redis [sqlite]', () => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: this suite needs a Redis (it never skips).');
    relay = await relayTo(new URL(redisUrl));
    t = await createTestApp('sqlite', {
      env: { ...WITH_BROKER.env, REDIS_URL: relay.url, REDIS_PREFIX: `rp:test:${randomBytes(4).toString('hex')}:` },
      build: WITH_BROKER.build,
    });
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('is ready with Redis answering, unready naming Redis while it is cut off, ready again once it is back', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'ok', broker: 'ok', redis: 'ok' });

    await relay.cut();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks).toMatchObject({ database: 'ok', broker: 'ok', redis: expect.stringMatching(/^down: /) });
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

    await relay.restore();
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 10_000 })
      .toBe(200);
  });
});

describe('readiness checks', () => {
  it('bounds each check, so a hung dependency answers 503 at once, and shares a check still running', async () => {
    let started = 0;
    const app = Fastify();
    await app.register(healthPlugin, {
      timeoutMs: 50,
      checks: {
        quick: async () => {},
        hung: () => {
          started += 1;
          return new Promise<void>(() => {});
        },
      },
    });
    try {
      const before = performance.now();
      const [first, second] = await Promise.all([
        app.inject({ method: 'GET', url: '/readyz' }),
        app.inject({ method: 'GET', url: '/readyz' }),
      ]);
      expect(performance.now() - before).toBeLessThan(1_000);
      for (const answer of [first, second]) {
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toEqual({
          status: 'unready',
          checks: { quick: 'ok', hung: 'down: no answer within 0.05 s' },
        });
      }
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      // Three probes, one check: the hung one is still under way and is waited on again.
      expect(started).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('names the failure without the URLs it may carry', async () => {
    const app = Fastify();
    await app.register(healthPlugin, {
      checks: {
        database: async () => {
          throw new Error('connect ECONNREFUSED at postgres://rp:secret@db.internal:5432/rp');
        },
      },
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.json().checks.database).toBe('down: connect ECONNREFUSED at <url>');
    } finally {
      await app.close();
    }
  });
});

describeNeeding('mosquitto')('health and metrics with an outside broker [sqlite]', () => {
  let t: TestApp;
  beforeAll(async () => {
    const mqttUrl = process.env.TEST_MQTT_URL;
    if (!mqttUrl) throw new Error('TEST_MQTT_URL is not set: this suite needs a Mosquitto (it never skips).');
    t = await createTestApp('sqlite', { env: { MQTT_URL: mqttUrl }, build: { gateway: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready while connected to the broker, counts the RCUs it hears, and is unready once cut off', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'ok', broker: 'ok' });

    const room = await t.db.selectFrom('rooms').select('rcu_id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const rcu = await mqtt.connectAsync(process.env.TEST_MQTT_URL as string, {
      clientId: room.rcu_id,
      reconnectPeriod: 0,
    });
    try {
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/status`, '{"online":true}', { qos: 1 });
      await expect.poll(() => t.app.gateway?.connectedRcus()).toBe(1);
    } finally {
      await rcu.endAsync(true);
    }

    await t.app.gateway?.close();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.broker).toBe('down: not connected to the outside broker');
  });
});
