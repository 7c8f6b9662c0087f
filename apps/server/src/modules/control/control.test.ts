import { ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { loggedOperations, withOpenKeys } from '../../test-support/fixtures.js';

// The RCUs here are plain mqtt.js clients written from docs/rcu-protocol.md.

interface Room {
  id: number;
  rcu_id: string;
  device_key: string;
  room_num: string;
}

describeEachDatabase(
  'control routes',
  (t) => {
    let manager: string;
    let rooms: Room[];
    const rcus: MqttClient[] = [];
    const params: Record<string, unknown> = { night_light: 20 };
    const received: Record<string, unknown>[] = [];

    async function connect(room: Room) {
      const rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
      });
      await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
      rcu.on('message', (_, payload) => {
        const command = JSON.parse(payload.toString()) as Record<string, unknown> & { id: string; op: string };
        received.push({ rcu: room.rcu_id, ...command });
        if (command.op === 'set_params') Object.assign(params, command.params);
        const result = command.op.endsWith('_params') ? { params } : {};
        rcu.publish(`rcu/${room.rcu_id}/up/ack`, JSON.stringify({ id: command.id, ok: true, error: null, result }), {
          qos: 1,
        });
      });
      rcus.push(rcu);
    }

    beforeAll(async () => {
      manager = await t.login('manager');
      rooms = withOpenKeys(
        t,
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key', 'room_num'])
          .orderBy('id')
          .limit(3)
          .execute(),
      );
      await connect(rooms[0] as Room);
      await connect(rooms[1] as Room);
      const silent = rooms[2] as Room;
      const ref = { room_id: silent.id, hotel_id: 1, building_id: null, room_num: silent.room_num, floor_num: 1 };
      await t.app.services.live.store.setOnline(ref, false, new Date());
    });
    afterAll(async () => {
      await Promise.all(rcus.map((rcu) => rcu.endAsync(true)));
    });

    it('air control sends the change to each room’s ACs and answers a result per room', async () => {
      const [one, two, silent] = rooms as [Room, Room, Room];
      const answer = await t.call('POST', '/apis/aircontrol', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_ids: [one.id, two.id, silent.id], ac: { on: true, set: 23 } },
      });
      expect(answer.code).toBe(0);
      expect(answer.data).toEqual([
        { room_id: one.id, room_num: one.room_num, ok: true, error: null },
        { room_id: two.id, room_num: two.room_num, ok: true, error: null },
        { room_id: silent.id, room_num: silent.room_num, ok: false, error: expect.stringContaining('is offline') },
      ]);
      expect(received.find((c) => c.rcu === one.rcu_id && c.op === 'set')).toMatchObject({
        devices: { AC1: { on: true, set: 23 } },
      });
      const logged = await t.db.selectFrom('oplog').selectAll().where('action', '=', 'air_control').execute();
      expect(logged).toHaveLength(1);
      // The operation log names the room that failed by its number, as the staff know it.
      const log = await t.call('POST', '/apis/oplog/query', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { filter: { action: 'air_control' } },
      });
      expect(log.data.records[0].text).toContain(`succeeded: 2; failed rooms: ${silent.room_num}`);
      expect(log.data.records[0].text).not.toContain('room IDs');
      // Rooms of a building that all took it: the building by its name, and none failed, in the
      // reader's language.
      const { building_id: buildingId } = await t.db
        .selectFrom('rooms')
        .select('building_id')
        .where('id', '=', one.id)
        .executeTakeFirstOrThrow();
      const building = await t.db
        .selectFrom('buildings')
        .select('name')
        .where('id', '=', buildingId)
        .executeTakeFirstOrThrow();
      const ok = await t.call('POST', '/apis/aircontrol', {
        token: manager,
        body: { room_ids: [one.id, two.id], building_id: buildingId, ac: { on: false } },
      });
      expect(ok.code).toBe(0);
      const texts = async (language: string) =>
        (await loggedOperations(t, manager, language, { filter: { action: 'air_control' } }))[0]?.text;
      expect(await texts('en')).toBe(
        `Air conditioner (Power: no); rooms: ${one.room_num}, ${two.room_num}; Building: ${building.name}; succeeded: 2; failed rooms: none`,
      );
      expect(await texts('zh')).toMatch(
        new RegExp(`房间: ${one.room_num}, ${two.room_num}; 楼栋: ${building.name}; 成功: 2; 失败的房间: 无$`),
      );
      const none = await t.call('POST', '/apis/aircontrol', { token: manager, body: { ac: { on: false } } });
      expect(none.code).toBe(ErrorCode.invalid);
    });

    it('room state control stores the rent state, shows it, and pushes it to the RCUs', async () => {
      const [one] = rooms as [Room];
      const answer = await t.call('POST', '/apis/roomstatecontrol', {
        token: manager,
        body: { room_ids: [one.id], rent: 'checkout' },
      });
      expect(answer.data).toEqual([{ room_id: one.id, room_num: one.room_num, ok: true, error: null }]);
      expect(received.find((c) => c.rcu === one.rcu_id && c.op === 'rent')).toMatchObject({ rent: 'checkout' });
      const row = await t.db.selectFrom('rooms').select('rent').where('id', '=', one.id).executeTakeFirstOrThrow();
      expect(row.rent).toBe('checkout');
      const states = await t.call('POST', '/apis/redisroomstate', { token: manager, body: {} });
      expect(states.data.find((s: { room_id: number }) => s.room_id === one.id).rent).toBe('checkout');
    });

    it('reads and writes an RCU’s parameters live; an offline RCU is 4408', async () => {
      const [one, , silent] = rooms as [Room, Room, Room];
      const set = await t.call('POST', '/apis/paramsset', {
        token: manager,
        body: { room_id: one.id, params: { night_light: 40 } },
      });
      expect(set.data).toEqual({ room_id: one.id, params: { night_light: 40 } });
      // The operation log names the room by its number (its id alone read as a room's name).
      for (const [language, text] of [
        ['en', `Room number: ${one.room_num}; parameters (night_light: 40); succeeded: yes`],
        ['zh', `房号: ${one.room_num}; 参数 (night_light: 40); 成功: 是`],
      ] as const) {
        const [log] = await loggedOperations(t, manager, language, { filter: { action: 'params_set' } });
        expect(log?.text).toBe(text);
      }
      const read = await t.call('POST', '/apis/paramsget', { token: manager, body: { room_id: one.id } });
      expect(read.data).toEqual({ room_id: one.id, params: { night_light: 40 } });
      const failed = await t.call('POST', '/apis/paramsget', { token: manager, body: { room_id: silent.id } });
      expect(failed).toMatchObject({ code: ErrorCode.device, status: 504 });
    });

    it('a regenerated device key disconnects the RCU at once, and the old key is refused', async () => {
      const [, two] = rooms as [Room, Room];
      const rcu = rcus[1] as MqttClient;
      const closed = new Promise<void>((resolve) => rcu.once('close', () => resolve()));
      const answer = await t.call('POST', '/apis/roomkey', { token: manager, body: { id: two.id } });
      expect(answer.code).toBe(0);
      await closed;
      await expect(
        mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
          clientId: two.rcu_id,
          username: two.rcu_id,
          password: two.device_key,
          reconnectPeriod: 0,
        }),
      ).rejects.toThrow(/Bad username or password|Not authorized/i);
      const fresh = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: two.rcu_id,
        username: two.rcu_id,
        password: answer.data.device_key,
        reconnectPeriod: 0,
      });
      await fresh.endAsync(true);
    });

    it('lists the upgrade rooms with their RCUs online from the live store', async () => {
      const [one] = rooms as [Room];
      await t.app.services.live.store.merge(
        { room_id: one.id, hotel_id: 1, building_id: null, room_num: one.room_num, floor_num: 1 },
        { online: true },
        new Date(),
      );
      const answer = await t.call('POST', '/apis/upgraderoomlist', { token: manager, body: { size: 500 } });
      const byId = new Map(answer.data.records.map((r: { id: number; online: boolean }) => [r.id, r.online]));
      expect(byId.get(one.id)).toBe(true);
      expect(byId.get((rooms[2] as Room).id)).toBe(false);
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);
