import { AIR_POLICY_DEFAULT, type AirPolicy, type DeviceMap, ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel, loggedOperations, withOpenKeys } from '../../test-support/fixtures.js';

// The energy policy through its calls and through RCUs: plain mqtt.js clients written from
// docs/rcu-protocol.md that carry out `set` and `rent` commands and report the result, as an RCU does.

const MINUTE = 60_000;
/** A day of the default cooling season (05-01..09-30). */
const SUMMER = new Date('2026-07-15T10:00:00.000Z');

interface Room {
  id: number;
  rcu_id: string;
  device_key: string;
  room_num: string;
}

interface Command {
  id: string;
  op: string;
  devices?: DeviceMap;
  rent?: string;
}

/** A test RCU: the commands it was sent, and what it reports. */
interface TestRcu {
  room: Room;
  commands: Command[];
  devices: DeviceMap;
  report(state: Record<string, unknown>): Promise<void>;
  client: MqttClient;
}

describeEachDatabase(
  'air-conditioning energy policy',
  (t) => {
    let manager: string;
    let visitor: string;
    let rooms: Room[];
    const rcus: TestRcu[] = [];

    async function connect(room: Room): Promise<TestRcu> {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
      });
      const rcu: TestRcu = {
        room,
        commands: [],
        devices: { AC1: { on: false, mode: 'cool', set: 24, fan: 'auto', temp: 27 } },
        client,
        async report(state) {
          await client.publishAsync(
            `rcu/${room.rcu_id}/up/state`,
            JSON.stringify({ ts: t.clock().getTime(), ...state }),
            {
              qos: 1,
            },
          );
        },
      };
      await client.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
      client.on('message', (_, payload) => {
        const command = JSON.parse(payload.toString()) as Command;
        rcu.commands.push(command);
        client.publish(
          `rcu/${room.rcu_id}/up/ack`,
          JSON.stringify({ id: command.id, ok: true, error: null, result: {} }),
          {
            qos: 1,
          },
        );
        if (command.op === 'set' && command.devices) {
          for (const [key, change] of Object.entries(command.devices))
            rcu.devices[key] = { ...rcu.devices[key], ...change };
          void rcu.report({ devices: command.devices });
        }
        if (command.op === 'rent') void rcu.report({ rent: command.rent });
      });
      await client.publishAsync(`rcu/${room.rcu_id}/up/status`, '{"online":true}', { qos: 1, retain: true });
      rcus.push(rcu);
      return rcu;
    }

    /** Waits until the server's live state of the room matches. */
    async function heard(rcu: TestRcu, check: (room: Record<string, unknown>) => boolean) {
      await expect
        .poll(async () => {
          const room = await t.app.services.live.store.get(rcu.room.id);
          return room ? check(room as unknown as Record<string, unknown>) : false;
        })
        .toBe(true);
    }

    const setCommands = (rcu: TestRcu) => rcu.commands.filter((command) => command.op === 'set');

    /** The room's policy lines of the event log, their detail read (airpolicy/rules.ts `PolicyDetail`). */
    async function policyEvents(room: Room) {
      const rows = await t.db
        .selectFrom('room_events')
        .select(['type', 'detail'])
        .where('room_id', '=', room.id)
        .where('type', '=', 'policy')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ type: row.type, detail: JSON.parse(row.detail) as unknown }));
    }

    async function update(body: Record<string, unknown>, token = manager, language = 'en') {
      return t.call('PUT', '/apis/airpolicyupdate', { token, body, headers: { 'accept-language': language } });
    }

    beforeAll(async () => {
      t.clock.set(SUMMER);
      manager = await t.login('manager');
      visitor = await t.login('visitor');
      rooms = withOpenKeys(
        t,
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key', 'room_num'])
          .orderBy('id')
          .limit(6)
          .execute(),
      );
    });
    afterAll(async () => {
      await Promise.all(rcus.map((rcu) => rcu.client.endAsync(true)));
    });

    beforeEach(async () => {
      // Each test starts from the default policy.
      await t.db.deleteFrom('air_policies').execute();
      await t.db.deleteFrom('timers').execute();
      t.app.services.airPolicy.forget();
    });

    it('answers the default policy while the hotel has saved none, to readers and visitors alike', async () => {
      for (const token of [manager, visitor]) {
        const answer = await t.call('POST', '/apis/airpolicy', { token, body: {} });
        expect(answer.code).toBe(0);
        expect(answer.data).toEqual(AIR_POLICY_DEFAULT);
      }
      const waiter = await t.login('waiter');
      expect((await t.call('POST', '/apis/airpolicy', { token: waiter, body: {} })).code).toBe(ErrorCode.forbidden);
      expect((await t.call('POST', '/apis/airpolicy', { body: {} })).code).toBe(ErrorCode.unauthenticated);
    });

    it('saves the given fields, replaces a given season whole, keeps the rest, and logs the change', async () => {
      const summerGuests = { modes: ['cool'], set_min: 24, set_max: 26, set_default: 25, fans: ['low', 'auto'] };
      const saved = await update({
        card_out_setback_min: 1,
        setback_cool: 27,
        unsold: 'setback',
        seasons: { cooling: { from: '06-01', to: '08-31' }, heating: { from: '12-01', to: '02-29' } },
        limits: { cooling: { checked_in: summerGuests, sold: summerGuests } },
      });
      expect(saved.code).toBe(0);
      const expected: AirPolicy = {
        ...AIR_POLICY_DEFAULT,
        card_out_setback_min: 1,
        setback_cool: 27,
        unsold: 'setback',
        seasons: { cooling: { from: '06-01', to: '08-31' }, heating: { from: '12-01', to: '02-29' } },
        limits: {
          ...AIR_POLICY_DEFAULT.limits,
          cooling: { checked_in: summerGuests, sold: summerGuests },
        } as AirPolicy['limits'],
      };
      expect(saved.data).toEqual(expected);
      expect((await t.call('POST', '/apis/airpolicy', { token: manager, body: {} })).data).toEqual(expected);
      const logged = await t.db.selectFrom('oplog').selectAll().where('action', '=', 'air_policy_update').execute();
      const hotel = await t.db
        .selectFrom('hotels')
        .select('hotel_name')
        .where('hotel_id', '=', Number(logged.at(-1)?.hotel_id))
        .executeTakeFirstOrThrow();
      expect(logged.at(-1)).toMatchObject({ user_name: 'manager', target: hotel.hotel_name });
      expect(JSON.parse(logged.at(-1)?.detail ?? '{}').changes).toMatchObject({ card_out_setback_min: 1 });
    });

    it('refuses a bad policy with 4400 naming what is wrong, and changes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { seasons: { cooling: { from: '02-30', to: '08-31' }, heating: { from: '12-01', to: '02-28' } } },
          'Cooling season From: 02-30 is not a day of the year',
        ],
        [
          { seasons: { cooling: { from: '06-01', to: '12-31' }, heating: { from: '12-01', to: '02-28' } } },
          'The cooling and heating seasons share days',
        ],
        [
          {
            limits: {
              heating: {
                checked_in: { modes: ['heat'], set_min: 24, set_max: 20, set_default: 22, fans: ['auto'] },
                sold: AIR_POLICY_DEFAULT.limits.heating.sold,
              },
            },
          },
          'Heating season, Checked in: the setpoints must be lowest ≤ default ≤ highest',
        ],
        [{ setback_cool: 31 }, 'Cooling setback setpoint'],
        [{ setback_heat: 20.3 }, 'Heating setback setpoint'],
        [{ card_out_setback_min: -1 }, 'Setback delay after card out'],
        [{ card_out_setback_min: 1441 }, 'Setback delay after card out'],
        [{ max_run_min: 1.5 }, 'Longest run with nobody in'],
        [{ unsold: 'sometimes' }, 'Unsold rooms'],
        [{ limits: {} }, 'Limits'],
        [
          {
            limits: {
              cooling: {
                checked_in: { ...AIR_POLICY_DEFAULT.limits.cooling.checked_in, modes: [] },
                sold: AIR_POLICY_DEFAULT.limits.cooling.sold,
              },
            },
          },
          'Allowed modes',
        ],
        [{ seasons: { cooling: { from: '6-1', to: '08-31' }, heating: { from: '12-01', to: '02-28' } } }, 'From'],
        [{ window_off: 'yes' }, 'AC off when a window opens'],
        [{ eco: true }, ''],
      ];
      for (const [body, words] of cases) {
        const answer = await update(body);
        expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.invalid);
        expect(answer.status).toBe(400);
        expect(answer.message, JSON.stringify(body)).toContain(words);
      }
      expect((await t.call('POST', '/apis/airpolicy', { token: manager, body: {} })).data).toEqual(AIR_POLICY_DEFAULT);
      const zh = await update(
        { seasons: { cooling: { from: '06-01', to: '12-31' }, heating: { from: '12-01', to: '02-28' } } },
        manager,
        'zh',
      );
      expect(zh.message).toBe('制冷季与制热季的日期有重叠');
    });

    it('lets only pm_config holders change it; each hotel has its own; the Administrator names the hotel', async () => {
      expect((await update({ window_off: false }, visitor)).code).toBe(ErrorCode.forbidden);
      const other = await createHotel(t, {
        name: 'Policy other hotel',
        users: [{ user_name: 'policy_other', password: 'policy_other1', perms: ['pm_config'] }],
      });
      const otherToken = await t.login('policy_other', 'policy_other1');
      expect((await update({ window_off: false, hotel_id: 1 }, otherToken)).code).toBe(0);
      expect((await t.call('POST', '/apis/airpolicy', { token: manager, body: {} })).data.window_off).toBe(true);
      const admin = await t.login('Administrator');
      const byAdmin = await t.call('POST', '/apis/airpolicy', { token: admin, body: { hotel_id: other.hotelId } });
      expect(byAdmin.data.window_off).toBe(false);
      expect((await t.call('POST', '/apis/airpolicy', { token: admin, body: {} })).code).toBe(ErrorCode.invalid);
      // The hotel named is the log's own: its id is no change the log reads out.
      expect((await update({ window_off: true, hotel_id: other.hotelId }, admin)).code).toBe(0);
      const [log] = await loggedOperations(t, admin, 'en', {
        hotel_id: other.hotelId,
        filter: { action: 'air_policy_update' },
      });
      expect(log?.detail).toEqual({ changes: { window_off: true } });
      expect(log?.text).toBe('changes (AC off when a window opens: yes)');
      // The hotel changed is named by its name, not by its id.
      expect(log?.target).toBe('Policy other hotel');
    });

    it('turns the AC off when the window opens, and writes the rule to the event log', async () => {
      const rcu = await connect(rooms[0] as Room);
      await rcu.report({
        rent: 'checked_in',
        card: true,
        occupied: true,
        devices: { AC1: { ...rcu.devices.AC1, on: true } },
      });
      await heard(rcu, (room) => room.rent === 'checked_in');
      await rcu.report({ window: true });
      await expect.poll(() => setCommands(rcu)).toEqual([expect.objectContaining({ devices: { AC1: { on: false } } })]);
      await heard(rcu, (room) => (room.devices as DeviceMap).AC1?.on === false);
      await expect
        .poll(() => policyEvents(rcu.room))
        .toEqual([
          {
            type: 'policy',
            detail: { rule: 'window_open', changes: { AC1: { to: { on: false }, from: { on: true } } }, ok: true },
          },
        ]);
      // Turned on again while the window is open: off again.
      await rcu.report({ devices: { AC1: { on: true } } });
      await expect.poll(() => setCommands(rcu).length).toBe(2);
      await rcu.report({ window: false });
    });

    it('keeps a guest change inside the limits, and brings one outside them back within', async () => {
      const rcu = rcus[0] as TestRcu;
      const before = setCommands(rcu).length;
      await rcu.report({ devices: { AC1: { on: true, set: 23, mode: 'cool', fan: 'high' } } });
      await heard(rcu, (room) => (room.devices as DeviceMap).AC1?.set === 23);
      await rcu.report({ devices: { AC1: { set: 18, mode: 'heat' } } });
      await expect.poll(() => setCommands(rcu).length).toBe(before + 1);
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { mode: 'cool', set: 22 } });
      await expect
        .poll(async () => (await policyEvents(rcu.room)).at(-1)?.detail)
        .toEqual({
          rule: 'limits',
          season: 'cooling',
          rent: 'checked_in',
          changes: { AC1: { to: { mode: 'cool', set: 22 }, from: { mode: 'heat', set: 18 } } },
          ok: true,
        });
      await heard(rcu, (room) => (room.devices as DeviceMap).AC1?.set === 22);
    });

    it("clamps a console's AC command to the limits, sends that, and says so in the caller's language", async () => {
      const rcu = rcus[0] as TestRcu;
      const answer = await t.call('POST', '/apis/roomctrl', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_id: rcu.room.id, devices: { AC1: { set: 30, fan: 'mid' } } },
      });
      expect(answer.code).toBe(0);
      expect(answer.data.policy_note).toBe(
        'AC1: setpoint 30 °C is outside the energy policy (22–28 °C); 28 °C was sent',
      );
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { set: 28, fan: 'mid' } });
      const inside = await t.call('POST', '/apis/roomctrl', {
        token: manager,
        body: { room_id: rcu.room.id, devices: { AC1: { set: 26 } } },
      });
      expect(inside.code).toBe(0);
      expect(inside.data.policy_note).toBeUndefined();
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { set: 26 } });
      const air = await t.call('POST', '/apis/aircontrol', {
        token: manager,
        headers: { 'accept-language': 'zh' },
        body: { room_ids: [rcu.room.id], ac: { mode: 'heat' } },
      });
      expect(air.data).toEqual([
        {
          room_id: rcu.room.id,
          room_num: rcu.room.room_num,
          ok: true,
          error: null,
          policy_note: 'AC1：节能策略不允许 制热 模式，已改为 制冷',
        },
      ]);
    });

    it('sets back an AC the configured minutes after the card goes out (a persistent timer), not if it comes back', async () => {
      expect((await update({ card_out_setback_min: 1, setback_cool: 27 })).code).toBe(0);
      const rcu = rcus[0] as TestRcu;
      await rcu.report({ devices: { AC1: { on: true, set: 24 } } });
      await heard(rcu, (room) => (room.devices as DeviceMap).AC1?.set === 24);
      const before = setCommands(rcu).length;

      // Out and back in within the minute: nothing.
      await rcu.report({ card: false, occupied: false });
      await expect.poll(() => t.app.services.timers.find(`policy_setback:${rcu.room.id}`)).not.toBeNull();
      await rcu.report({ card: true, occupied: true });
      await expect.poll(() => t.app.services.timers.find(`policy_setback:${rcu.room.id}`)).toBeNull();
      t.clock.advance(2 * MINUTE);
      expect(await t.app.services.timers.fireDue()).toBe(0);
      expect(setCommands(rcu).length).toBe(before);

      await rcu.report({ card: false, occupied: false });
      await expect.poll(() => t.app.services.timers.find(`policy_setback:${rcu.room.id}`)).not.toBeNull();
      t.clock.advance(MINUTE - 1);
      expect(await t.app.services.timers.fireDue()).toBe(0);
      t.clock.advance(1);
      expect(await t.app.services.timers.fireDue()).toBe(1);
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { set: 27 } });
      await heard(rcu, (room) => (room.devices as DeviceMap).AC1?.set === 27);
      await expect
        .poll(async () => (await policyEvents(rcu.room)).at(-1)?.detail)
        .toEqual({
          rule: 'card_out_setback',
          minutes: 1,
          changes: { AC1: { to: { set: 27 }, from: { set: 24 } } },
          ok: true,
        });
    });

    it('keeps a setback beyond the guests’ limits while the card is out, and brings the AC within them once it is back', async () => {
      // The default policy in winter sets a heating AC back to 17 °C, below the guests' 18: the
      // limits rule must not undo the setback (a second command, and the energy not saved).
      expect((await update({ card_out_setback_min: 1, setback_cool: 29 })).code).toBe(0);
      const rcu = await connect(rooms[4] as Room);
      await rcu.report({
        rent: 'checked_in',
        card: true,
        occupied: true,
        devices: { AC1: { on: true, mode: 'cool', set: 24, fan: 'auto' } },
      });
      await heard(rcu, (room) => room.card === true && (room.devices as DeviceMap).AC1?.set === 24);
      await rcu.report({ card: false, occupied: false });
      await expect.poll(() => t.app.services.timers.find(`policy_setback:${rcu.room.id}`)).not.toBeNull();
      t.clock.advance(MINUTE);
      expect(await t.app.services.timers.fireDue()).toBe(1);
      expect(setCommands(rcu).map((command) => command.devices)).toEqual([{ AC1: { set: 29 } }]);
      // The RCU reports the new setpoint (the test RCU does so for every `set`): nothing more is sent.
      await expect.poll(async () => (await policyEvents(rcu.room)).length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(setCommands(rcu).map((command) => command.devices)).toEqual([{ AC1: { set: 29 } }]);
      expect((await t.app.services.live.store.get(rcu.room.id))?.devices.AC1).toMatchObject({ set: 29 });
      expect((await policyEvents(rcu.room)).map((event) => (event.detail as { rule: string }).rule)).toEqual([
        'card_out_setback',
      ]);

      // The guest is back: the guests' limits hold again.
      await rcu.report({ card: true, occupied: true });
      await expect.poll(() => setCommands(rcu).length).toBe(2);
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { set: 28 } });
      await expect
        .poll(async () => (await policyEvents(rcu.room)).at(-1)?.detail)
        .toMatchObject({ rule: 'limits', changes: { AC1: { to: { set: 28 }, from: { set: 29 } } }, ok: true });
    });

    it('turns off an AC that runs with nobody in for the longest run allowed', async () => {
      expect((await update({ max_run_min: 30, card_out_setback_min: 240 })).code).toBe(0);
      const rcu = rcus[0] as TestRcu;
      // Nobody in since the last test; the AC goes on.
      await rcu.report({ devices: { AC1: { on: true, set: 26 } } });
      await expect.poll(() => t.app.services.timers.find(`policy_max_run:${rcu.room.id}`)).not.toBeNull();
      t.clock.advance(30 * MINUTE);
      await t.app.services.timers.fireDue();
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { on: false } });
      await expect
        .poll(async () => (await policyEvents(rcu.room)).at(-1)?.detail)
        .toEqual({
          rule: 'max_run',
          minutes: 30,
          changes: { AC1: { to: { on: false }, from: { on: true } } },
          ok: true,
        });
    });

    it('turns off the AC of a room not sold, or sets it back, as the policy says', async () => {
      const rcu = await connect(rooms[1] as Room);
      await rcu.report({ rent: 'for_sale', devices: { AC1: { on: true, mode: 'cool', set: 22, fan: 'auto' } } });
      await expect.poll(() => setCommands(rcu)).toEqual([expect.objectContaining({ devices: { AC1: { on: false } } })]);
      await expect
        .poll(async () => (await policyEvents(rcu.room)).at(-1)?.detail)
        .toEqual({
          rule: 'unsold_off',
          rent: 'for_sale',
          changes: { AC1: { to: { on: false }, from: { on: true } } },
          ok: true,
        });

      expect((await update({ unsold: 'setback', setback_cool: 28 })).code).toBe(0);
      await rcu.report({ devices: { AC1: { on: true } } });
      await expect.poll(() => setCommands(rcu).length).toBe(2);
      expect(setCommands(rcu).at(-1)?.devices).toEqual({ AC1: { set: 28 } });
    });

    it('pre-conditions a room at check-in (room state control) to the season’s default setpoint', async () => {
      const rcu = await connect(rooms[2] as Room);
      await rcu.report({ rent: 'sold', devices: { AC1: { on: false, mode: 'heat', set: 20, fan: 'high' } } });
      await heard(rcu, (room) => room.rent === 'sold');
      const answer = await t.call('POST', '/apis/roomstatecontrol', {
        token: manager,
        body: { room_ids: [rcu.room.id], rent: 'checked_in' },
      });
      expect(answer.code).toBe(0);
      await expect
        .poll(() => setCommands(rcu))
        .toEqual([expect.objectContaining({ devices: { AC1: { on: true, mode: 'cool', set: 25, fan: 'auto' } } })]);
      await expect
        .poll(async () => (await policyEvents(rcu.room)).at(-1)?.detail)
        .toEqual({
          rule: 'checkin_precondition',
          season: 'cooling',
          changes: {
            AC1: {
              to: { on: true, mode: 'cool', set: 25, fan: 'auto' },
              from: { on: false, mode: 'heat', set: 20, fan: 'high' },
            },
          },
          ok: true,
        });
    });

    it('leaves everything alone when the policy says so', async () => {
      expect(
        (await update({ window_off: false, unsold: 'setback', checkin_precondition: false, max_run_min: 0 })).code,
      ).toBe(0);
      const rcu = await connect(rooms[3] as Room);
      await rcu.report({
        rent: 'checked_in',
        card: true,
        window: true,
        devices: { AC1: { on: true, mode: 'cool', set: 25, fan: 'auto' } },
      });
      await heard(rcu, (room) => room.window === true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(setCommands(rcu)).toEqual([]);
      expect(await policyEvents(rcu.room)).toEqual([]);
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1', TIMER_POLL_SECONDS: '0' }, build: { gateway: true } },
);
