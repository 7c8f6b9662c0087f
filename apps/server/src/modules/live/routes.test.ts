import { ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { withOpenKeys } from '../../test-support/fixtures.js';
import { watchRoomChanges } from '../../test-support/live-console.js';

// The RCU here is a plain mqtt.js client written from docs/rcu-protocol.md.

describeEachDatabase(
  'live routes',
  (t) => {
    let manager: string;
    let visitor: string;
    let room: { id: number; rcu_id: string; device_key: string; room_num: string; floor_num: number };
    let rcu: MqttClient;

    beforeAll(async () => {
      manager = await t.login('manager');
      visitor = await t.login('visitor');
      [room] = withOpenKeys(t, [
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key', 'room_num', 'floor_num'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirstOrThrow(),
      ]) as [typeof room];
      rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
        will: { topic: `rcu/${room.rcu_id}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
      });
      await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
      rcu.on('message', (_, payload) => {
        const command = JSON.parse(payload.toString()) as { id: string; op: string; devices?: Record<string, unknown> };
        const refuse = command.devices && 'L2' in command.devices;
        rcu.publish(
          `rcu/${room.rcu_id}/up/ack`,
          JSON.stringify({
            id: command.id,
            ok: !refuse,
            error: refuse ? 'L2 is broken' : null,
            result: { done: true },
          }),
          { qos: 1 },
        );
      });
      const { hotel_id } = await t.db
        .selectFrom('rooms')
        .select('hotel_id')
        .where('id', '=', room.id)
        .executeTakeFirstOrThrow();
      let resolveReported: () => void = () => {};
      const reported = new Promise<void>((resolve) => {
        resolveReported = resolve;
      });
      const stop = await watchRoomChanges(t.app.services.live, hotel_id, (change) => {
        if (change.room_id === room.id && change.card === true) resolveReported();
      });
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/status`, '{"online":true}', { qos: 1, retain: true });
      await rcu.publishAsync(
        `rcu/${room.rcu_id}/up/state`,
        JSON.stringify({ rent: 'checked_in', card: true, devices: { L1: { on: true } }, energy: { kwh: 3.5, w: 40 } }),
        { qos: 1 },
      );
      await reported;
      await stop();
    });
    afterAll(async () => {
      await rcu?.endAsync(true);
    });

    it('lists every room of a floor with its live flags; rooms never heard from are offline', async () => {
      const answer = await t.call('POST', '/apis/redisroomstate', {
        token: visitor,
        body: { floor_num: room.floor_num },
      });
      expect(answer.code).toBe(0);
      expect(answer.data.length).toBeGreaterThan(1);
      expect(answer.data.every((r: { floor_num: number }) => r.floor_num === room.floor_num)).toBe(true);
      const [reporting, ...silent] = answer.data;
      expect(reporting).toMatchObject({
        room_id: room.id,
        room_num: room.room_num,
        online: true,
        rent: 'checked_in',
        card: true,
        sos: false,
        updated_at: expect.any(String),
      });
      expect(silent[0]).toMatchObject({ online: false, rent: null, card: false, updated_at: null });
    });

    it('answers a room’s devices, what its type calls them, and its energy', async () => {
      const answer = await t.call('POST', '/apis/redisdevicestate', { token: manager, body: { room_id: room.id } });
      const template = await t.db
        .selectFrom('rooms')
        .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
        .select('room_types.devices')
        .where('rooms.id', '=', room.id)
        .executeTakeFirstOrThrow();
      const names = Object.fromEntries(
        (JSON.parse(template.devices) as { key: string; name: string }[]).map((device) => [device.key, device.name]),
      );
      expect(Object.keys(names).length).toBeGreaterThan(0);
      expect(answer.data).toEqual({
        room_id: room.id,
        online: true,
        devices: { L1: { on: true } },
        energy: { kwh: 3.5, w: 40 },
        names,
      });
    });

    it('lists the rooms’ air conditioners, and tells a room that has not reported from one without an AC', async () => {
      await rcu.publishAsync(
        `rcu/${room.rcu_id}/up/state`,
        JSON.stringify({ devices: { AC1: { on: true, mode: 'heat', set: 24, temp: 19.5, fan: 'auto' } } }),
        { qos: 1 },
      );
      const heard = async () => {
        const answer = await t.call('POST', '/apis/redisairstate', {
          token: manager,
          body: { floor_num: room.floor_num },
        });
        expect(answer.code).toBe(0);
        return answer.data as { room_id: number; ac: Record<string, unknown>; updated_at: string | null }[];
      };
      let rows = await heard();
      for (let tries = 0; tries < 50 && !rows[0]?.ac.AC1; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        rows = await heard();
      }
      const [reporting, silent] = rows;
      expect(reporting).toMatchObject({
        room_id: room.id,
        online: true,
        ac: { AC1: { on: true, mode: 'heat', set: 24, temp: 19.5, fan: 'auto' } },
        updated_at: expect.any(String),
      });
      expect(silent).toMatchObject({ online: false, ac: {}, updated_at: null });
    });

    it('controls devices and answers the RCU’s ack result; records it in the operation log', async () => {
      const answer = await t.call('POST', '/apis/roomctrl', {
        token: manager,
        body: { room_id: room.id, devices: { AC1: { on: true, set: 22 } } },
      });
      expect(answer).toMatchObject({ code: 0, data: { done: true } });
      const logged = await t.db.selectFrom('oplog').selectAll().where('action', '=', 'room_control').execute();
      expect(logged.at(-1)).toMatchObject({ user_name: 'manager', target: room.room_num });
    });

    it('says when the RCU refuses, in the caller’s language', async () => {
      const answer = await t.call('POST', '/apis/roomctrl', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_id: room.id, devices: { L2: { on: true } } },
      });
      expect(answer).toMatchObject({ status: 504, code: ErrorCode.device });
      expect(answer.message).toBe(`The RCU of room ${room.room_num} refused the command: L2 is broken`);
    });

    it('fails at once, clearly, for an offline RCU', async () => {
      const [, offline] = await t.db.selectFrom('rooms').select(['id', 'room_num']).orderBy('id').limit(2).execute();
      await t.app.services.live.store.setOnline(
        {
          room_id: offline?.id as number,
          hotel_id: 1,
          building_id: null,
          room_num: offline?.room_num as string,
          floor_num: 1,
        },
        false,
        new Date(),
      );
      const answer = await t.call('POST', '/apis/roomctrl', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_id: offline?.id, devices: { L1: { on: false } } },
      });
      expect(answer).toMatchObject({ code: ErrorCode.device });
      expect(answer.message).toBe(`The RCU of room ${offline?.room_num} is offline; the command was not sent.`);
    });

    it('refuses device keys outside the protocol and empty changes', async () => {
      for (const devices of [{}, { X1: { on: true } }, { AC1: { set: 45 } }]) {
        const answer = await t.call('POST', '/apis/roomctrl', { token: manager, body: { room_id: room.id, devices } });
        expect(answer.code).toBe(ErrorCode.invalid);
      }
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);
