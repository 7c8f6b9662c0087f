import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@roompilot/contract';
import mqtt from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp, testClock } from '../../test-support/databases.js';
import { managersFirstRoom } from '../../test-support/fixtures.js';
import { createBrokerAuthService, serverLoginOf } from './service.js';

// `/apis/mqtt/auth` and `/apis/mqtt/acl`, an outside broker's HTTP authentication (EMQX), held to
// the embedded broker's rules: each connection attempt is made both ways, to the embedded broker
// (a real MQTT CONNECT) and to the endpoint, and the two must agree.

const SECRET = 'broker-test-secret-0123456789abcdefghij';
const auth = { authorization: `Bearer ${SECRET}` };

interface Attempt {
  clientid: string;
  username: string;
  password: string;
}

describeEachDatabase(
  'a broker asks over HTTP who may connect and publish (/apis/mqtt/auth, /apis/mqtt/acl)',
  (t: TestApp) => {
    let manager: string;
    let room: { id: number; rcu_id: string; device_key: string };

    beforeAll(async () => {
      manager = await t.login('manager');
      ({ room } = await managersFirstRoom(t, manager, 'id'));
    });

    /** The endpoint's verdict. */
    async function overHttp(attempt: Attempt): Promise<'allow' | 'deny'> {
      const answer = await t.app.inject({ method: 'POST', url: '/apis/mqtt/auth', headers: auth, payload: attempt });
      expect(answer.statusCode, answer.body).toBe(200);
      const verdict = answer.json() as { result: 'allow' | 'deny'; is_superuser: boolean };
      expect(verdict.is_superuser).toBe(false);
      return verdict.result;
    }

    /** The embedded broker's verdict on the same CONNECT. */
    async function overMqtt(attempt: Attempt): Promise<'allow' | 'deny'> {
      try {
        const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
          clientId: attempt.clientid,
          username: attempt.username,
          password: attempt.password,
          reconnectPeriod: 0,
          connectTimeout: 5_000,
        });
        await client.endAsync(true);
        return 'allow';
      } catch (error) {
        expect((error as Error).message).toMatch(/Bad username or password/);
        return 'deny';
      }
    }

    async function bothSay(attempt: Attempt, expected: 'allow' | 'deny') {
      expect(await overHttp(attempt), `HTTP ${JSON.stringify(attempt)}`).toBe(expected);
      expect(await overMqtt(attempt), `embedded ${JSON.stringify(attempt)}`).toBe(expected);
    }

    it('lets in exactly whom the embedded broker lets in', async () => {
      const { rcu_id: rcuId, device_key: key } = room;
      await bothSay({ clientid: rcuId, username: rcuId, password: key }, 'allow');
      await bothSay({ clientid: rcuId, username: rcuId, password: `${key}x` }, 'deny');
      await bothSay({ clientid: `${rcuId}X`, username: rcuId, password: key }, 'deny');
      await bothSay({ clientid: rcuId, username: `${rcuId}X`, password: key }, 'deny');
      await bothSay({ clientid: rcuId, username: rcuId, password: '' }, 'deny');
      await bothSay({ clientid: 'NOSUCHRCU1', username: 'NOSUCHRCU1', password: key }, 'deny');
      await bothSay({ clientid: 'bad/id', username: 'bad/id', password: key }, 'deny');
    });

    it('follows the rooms at once: a room added is let in, a new key refuses the old one, a deleted room is refused', async () => {
      const roomType = await t.db.selectFrom('room_types').select(['id', 'hotel_id']).executeTakeFirstOrThrow();
      const building = await t.db
        .selectFrom('buildings')
        .select(['id', 'floor_from'])
        .where('hotel_id', '=', roomType.hotel_id)
        .executeTakeFirstOrThrow();
      const rcuId = `HA${randomBytes(4).toString('hex').toUpperCase()}`;
      // Asked about before it exists: refused; then added, and let in on the next try.
      await bothSay({ clientid: rcuId, username: rcuId, password: 'x'.repeat(43) }, 'deny');
      const added = await t.call('POST', '/apis/roomadd', {
        token: manager,
        body: {
          room_num: `8${randomBytes(2).readUInt16BE() % 900}`,
          floor_num: building.floor_from,
          room_type_id: roomType.id,
          building_id: building.id,
          rcu_id: rcuId,
        },
      });
      expect(added.code, added.message).toBe(0);
      const key = added.data.device_key as string;
      await bothSay({ clientid: rcuId, username: rcuId, password: key }, 'allow');

      const regenerated = await t.call('POST', '/apis/roomkey', { token: manager, body: { id: added.data.id } });
      expect(regenerated.code).toBe(0);
      const newKey = regenerated.data.device_key as string;
      await bothSay({ clientid: rcuId, username: rcuId, password: key }, 'deny');
      await bothSay({ clientid: rcuId, username: rcuId, password: newKey }, 'allow');
      const acl = { clientid: rcuId, username: rcuId, topic: `rcu/${rcuId}/up/event`, action: 'publish' };
      expect(
        (await t.app.inject({ method: 'POST', url: '/apis/mqtt/acl', headers: auth, payload: acl })).json(),
      ).toEqual({ result: 'allow', is_superuser: false });

      const deleted = await t.call('POST', '/apis/roomdel', { token: manager, body: { ids: [added.data.id] } });
      expect(deleted.code).toBe(0);
      await bothSay({ clientid: rcuId, username: rcuId, password: newKey }, 'deny');
      // Connected before, it may publish no more either.
      expect(
        (await t.app.inject({ method: 'POST', url: '/apis/mqtt/acl', headers: auth, payload: acl })).json(),
      ).toEqual({ result: 'deny', is_superuser: false });
    });

    it('is in the OpenAPI description with its own answer, not the envelope', async () => {
      const docs = (await t.app.inject({ method: 'GET', url: '/apis/docs/json' })).json() as {
        paths: Record<string, { post?: { tags?: string[]; responses?: Record<string, unknown> } }>;
      };
      for (const path of ['/apis/mqtt/auth', '/apis/mqtt/acl']) {
        const post = docs.paths[path]?.post;
        expect(post?.tags, path).toEqual(['broker']);
        const schema = JSON.stringify(post?.responses?.['200']);
        expect(schema, path).toContain('"result"');
        expect(schema, path).toContain('is_superuser');
        expect(schema, path).not.toContain('"code"');
      }
    });

    it("allows an RCU its own topics only, by the embedded broker's rules", async () => {
      const id = room.rcu_id;
      const cases: [string, 'publish' | 'subscribe', 'allow' | 'deny', string?][] = [
        [`rcu/${id}/up/state`, 'publish', 'allow'],
        [`rcu/${id}/up/event`, 'publish', 'allow'],
        [`rcu/${id}/up/status`, 'publish', 'allow'],
        [`rcu/${id}/up/nonsense`, 'publish', 'deny'],
        [`rcu/${id}/down/cmd`, 'publish', 'deny'],
        ['rcu/OTHER1/up/event', 'publish', 'deny'],
        [`rcu/${id}/down/cmd`, 'subscribe', 'allow'],
        [`rcu/${id}/down/#`, 'subscribe', 'allow'],
        ['rcu/OTHER1/down/cmd', 'subscribe', 'deny'],
        ['rcu/+/down/cmd', 'subscribe', 'deny'],
        ['#', 'subscribe', 'deny'],
        [`rcu/${id}/up/state`, 'subscribe', 'deny'],
        [`rcu/${id}/up/state`, 'publish', 'deny', `${id}X`],
      ];
      for (const [topic, action, expected, clientid = id] of cases) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/apis/mqtt/acl',
          headers: auth,
          payload: { clientid, username: id, topic, action },
        });
        expect(answer.json().result, `${action} ${topic} as ${clientid}`).toBe(expected);
      }
    });

    it('answers only the broker that knows the secret, and refuses bad input clearly', async () => {
      const body = { clientid: room.rcu_id, username: room.rcu_id, password: room.device_key };
      const refused: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong-secret-wrong-secret-wrong-secret' },
        { authorization: `Basic ${SECRET}` },
      ];
      for (const headers of refused) {
        const answer = await t.call('POST', '/apis/mqtt/auth', { body, headers });
        expect(answer.status).toBe(401);
        expect(answer.code).toBe(ErrorCode.unauthenticated);
        expect(answer.message).toBe('MQTT 代理的共享密钥错误');
      }
      const tooLong = await t.call('POST', '/apis/mqtt/auth', {
        body: { ...body, password: 'x'.repeat(600) },
        headers: auth,
      });
      expect(tooLong.code).toBe(ErrorCode.invalid);
      const badAction = await t.call('POST', '/apis/mqtt/acl', {
        body: { clientid: 'a', username: 'a', topic: 'rcu/a/up/state', action: 'all' },
        headers: auth,
      });
      expect(badAction.code).toBe(ErrorCode.invalid);
    });

    it("lets in the servers' own login (the user of MQTT_URL) with its topics, and refuses it when off or busy", async () => {
      const clock = testClock();
      const service = createBrokerAuthService({
        db: t.db,
        keys: t.app.deviceKeys,
        secret: SECRET,
        maxPerSecond: 3,
        mqttUrl: 'mqtt://roompilot:s%40rver-pass@broker.example:1883',
        now: () => clock().getTime(),
      });
      expect(serverLoginOf('mqtt://roompilot:s%40rver-pass@broker.example:1883')).toEqual({
        username: 'roompilot',
        password: 's@rver-pass',
      });
      const header = `Bearer ${SECRET}`;
      const server = { clientid: 'roompilot-0a1b2c3d', username: 'roompilot' };
      expect((await service.auth(header, { ...server, password: 's@rver-pass' })).result).toBe('allow');
      expect((await service.auth(header, { ...server, password: 'wrong' })).result).toBe('deny');
      clock.advance(1000);
      expect(
        (await service.auth(header, { clientid: 'someone', username: 'roompilot', password: 's@rver-pass' })).result,
      ).toBe('deny');
      const acl = async (topic: string, action: 'publish' | 'subscribe') =>
        (await service.acl(header, { ...server, topic, action })).result;
      expect(await acl('$share/roompilot/rcu/+/up/state', 'subscribe')).toBe('allow');
      expect(await acl('rcu/+/up/ack', 'subscribe')).toBe('allow');
      clock.advance(1000);
      expect(await acl(`rcu/${room.rcu_id}/down/cmd`, 'publish')).toBe('allow');
      expect(await acl(`rcu/${room.rcu_id}/up/event`, 'publish')).toBe('deny');
      expect(await acl('#', 'subscribe')).toBe('deny');
      // Past its rate: 4429 until a second has passed.
      await expect(acl('#', 'subscribe')).rejects.toMatchObject({ code: ErrorCode.tooManyRequests });
      clock.advance(1000);
      expect(await acl('#', 'subscribe')).toBe('deny');

      const off = createBrokerAuthService({
        db: t.db,
        keys: t.app.deviceKeys,
        secret: null,
        maxPerSecond: 10,
        mqttUrl: null,
      });
      await expect(off.auth(header, { ...server, password: 'x' })).rejects.toMatchObject({
        code: ErrorCode.unauthenticated,
        messageKey: 'broker.authOff',
      });
    });
  },
  { env: { MQTT_AUTH_SECRET: SECRET, MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);

describe('the broker login of MQTT_URL', () => {
  it('is read from the URL, or absent', () => {
    expect(serverLoginOf(null)).toBeNull();
    expect(serverLoginOf('mqtt://broker:1883')).toBeNull();
    expect(serverLoginOf('mqtts://rp:p%3Aw@broker:8883')).toEqual({ username: 'rp', password: 'p:w' });
  });
});
