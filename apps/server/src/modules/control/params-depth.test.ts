import { ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { withOpenKeys } from '../../test-support/fixtures.js';

// What passes the door's depth limit (32 levels) goes to the RCU and back without harm; what an RCU
// answers nested deeper is refused as the RCU's fault, never a 5000.
describeEachDatabase(
  'parameters and nesting',
  (t) => {
    let manager: string;
    let roomId: number;
    let rcu: MqttClient;
    const received: Record<string, unknown>[] = [];
    /** What the RCU answers to `get_params` (its text as sent). */
    let answerText = '{"night_light":20}';

    beforeAll(async () => {
      manager = await t.login('manager');
      const rows = await t.db
        .selectFrom('rooms')
        .select(['id', 'rcu_id', 'device_key'])
        .orderBy('id')
        .limit(1)
        .execute();
      const [room] = withOpenKeys(t, rows);
      if (!room) throw new Error('no room');
      roomId = room.id;
      rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
      });
      await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
      rcu.on('message', (_, payload) => {
        const command = JSON.parse(payload.toString()) as Record<string, unknown> & { id: string; op: string };
        received.push(command);
        const params = command.op === 'set_params' ? JSON.stringify(command.params) : answerText;
        const ack = `{"id":${JSON.stringify(command.id)},"ok":true,"error":null,"result":{"params":${params}}}`;
        rcu.publish(`rcu/${room.rcu_id}/up/ack`, ack, { qos: 1 });
      });
    });
    afterAll(async () => {
      await rcu?.endAsync(true);
    });

    it('sends parameters nested up to the limit and answers what the RCU acknowledged', async () => {
      // The body is level 1, params level 2: 30 more levels below it.
      let deep: unknown = 1;
      for (let level = 0; level < 30; level++) deep = { next: deep };
      const set = await t.call('POST', '/apis/paramsset', {
        token: manager,
        body: { room_id: roomId, params: { deep } },
      });
      expect(set).toMatchObject({ code: 0, data: { room_id: roomId, params: { deep } } });
      expect(received.at(-1)).toMatchObject({ op: 'set_params', params: { deep } });
    });

    it('refuses parameters nested 100,000 deep before anything is sent (4400 naming the field)', async () => {
      const before = received.length;
      const payload = `{"room_id":${roomId},"params":{"scene":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
      const answer = await t.call('POST', '/apis/paramsset', {
        token: manager,
        payload,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      });
      expect(answer).toMatchObject({ status: 400, code: ErrorCode.invalid });
      expect(answer.message).toMatch(/^Invalid input: params\.scene(\.0)+ is nested more than 32 levels deep\.$/);
      expect(received.length).toBe(before);
      const logged = await t.db.selectFrom('oplog').select('action').where('action', '=', 'params_set').execute();
      expect(logged).toHaveLength(1);
    });

    it('answers an RCU whose parameters nest 30,000 deep as the device’s fault (4408), never 5000', async () => {
      answerText = `{"scene":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
      const answer = await t.call('POST', '/apis/paramsget', {
        token: manager,
        body: { room_id: roomId },
        headers: { 'accept-language': 'en' },
      });
      expect(answer).toMatchObject({
        status: 504,
        code: ErrorCode.device,
        message: expect.stringMatching(/refused the command: its answer nests deeper than 32 levels$/),
      });
      answerText = '{"night_light":20}';
      const again = await t.call('POST', '/apis/paramsget', { token: manager, body: { room_id: roomId } });
      expect(again).toMatchObject({ code: 0, data: { params: { night_light: 20 } } });
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);
