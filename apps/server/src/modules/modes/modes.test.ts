import { BUILTIN_MODES, ErrorCode } from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { hotelWithInventory, withOpenKeys } from '../../test-support/fixtures.js';

// The RCUs here are plain mqtt.js clients written from docs/rcu-protocol.md.

interface Room {
  id: number;
  rcu_id: string;
  device_key: string;
  room_num: string;
  room_type_id: number;
}

interface Command {
  rcu: string;
  id: string;
  op: string;
  mode?: string;
  devices?: Record<string, Record<string, unknown>>;
}

describeEachDatabase(
  'modes',
  (t) => {
    let manager: string;
    let waiter: string;
    let visitor: string;
    let rooms: Room[];
    let standardTypeId: number;
    const rcus: MqttClient[] = [];
    const received: Command[] = [];
    let eventSeq = 0;

    async function connect(room: Room) {
      const rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
      });
      await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
      rcu.on('message', (_, payload) => {
        const command = JSON.parse(payload.toString()) as Command;
        received.push({ ...command, rcu: room.rcu_id });
        rcu.publish(`rcu/${room.rcu_id}/up/ack`, JSON.stringify({ id: command.id, ok: true, error: null }), { qos: 1 });
      });
      rcus.push(rcu);
      return rcu;
    }

    const scenes = (room: Room) => received.filter((c) => c.rcu === room.rcu_id && c.op === 'scene');
    const modeEvents = async (room: Room) =>
      (
        await t.db
          .selectFrom('room_events')
          .select(['type', 'detail'])
          .where('room_id', '=', room.id)
          .where('type', '=', 'mode')
          .orderBy('id')
          .execute()
      ).map((row) => JSON.parse(row.detail) as Record<string, unknown>);
    const list = async (roomTypeId: number, token = manager) =>
      t.call('POST', '/apis/modellist', { token, body: { room_type_id: roomTypeId } });
    const modeNamed = async (roomTypeId: number, name: string) =>
      (await list(roomTypeId)).data.modes.find((mode: { name: string }) => mode.name === name);

    beforeAll(async () => {
      manager = await t.login('manager');
      waiter = await t.login('waiter');
      visitor = await t.login('visitor');
      rooms = withOpenKeys(
        t,
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key', 'room_num', 'room_type_id'])
          .orderBy('id')
          .limit(3)
          .execute(),
      );
      standardTypeId = (rooms[0] as Room).room_type_id;
      await connect(rooms[0] as Room);
      await connect(rooms[1] as Room);
      const silent = rooms[2] as Room;
      const ref = { room_id: silent.id, hotel_id: 1, building_id: null, room_num: silent.room_num, floor_num: 2 };
      await t.app.services.live.store.setOnline(ref, false, new Date());
    });
    afterAll(async () => {
      await Promise.all(rcus.map((rcu) => rcu.endAsync(true)));
    });

    it('every room type has the built-in modes, made from its template, and the default triggers', async () => {
      const answer = await list(standardTypeId);
      expect(answer.code).toBe(0);
      const { room_type, modes, settings } = answer.data;
      expect(room_type.id).toBe(standardTypeId);
      expect(room_type.devices.map((device: { key: string }) => device.key)).toEqual([
        'L1',
        'L2',
        'D1',
        'C1',
        'AC1',
        'V1',
      ]);
      expect(modes.map((mode: { name: string }) => mode.name)).toEqual([...BUILTIN_MODES]);
      expect(modes.every((mode: { builtin: boolean }) => mode.builtin)).toBe(true);
      const welcome = modes[0];
      expect(welcome.devices).toEqual({
        L1: { on: true },
        L2: { on: true },
        D1: { on: true, level: 70 },
        C1: { pos: 100 },
        AC1: { on: true, set: 24, fan: 'auto' },
        V1: { on: true, speed: 'low' },
      });
      expect(modes.find((mode: { name: string }) => mode.name === 'leave').devices.C1).toBeUndefined();
      expect(settings).toEqual({ leave_delay_min: 5, schedules: [] });

      // The deluxe type's floor heating has its place in the modes, at its template's setpoint.
      const types = await t.call('POST', '/apis/roomtypeoptions', { token: manager, body: {} });
      const deluxe = types.data.find((type: { id: number }) => type.id !== standardTypeId);
      const deluxeModes = (await list(deluxe.id)).data.modes;
      expect(deluxeModes[0].devices.FH1).toEqual({ on: true, set: 26 });
      expect(deluxeModes.find((mode: { name: string }) => mode.name === 'checkout').devices.FH1).toEqual({ on: false });

      // Read twice, made once.
      await list(standardTypeId);
      const rows = await t.db.selectFrom('modes').select('id').where('room_type_id', '=', standardTypeId).execute();
      expect(rows).toHaveLength(BUILTIN_MODES.length);
    });

    it('adds, changes and deletes a hotel mode; built-in modes keep their names and stay', async () => {
      const added = await t.call('POST', '/apis/modeladd', {
        token: manager,
        body: {
          room_type_id: standardTypeId,
          name: ' Reading ',
          devices: { D1: { on: true, level: 100 }, L1: { on: false } },
        },
      });
      expect(added.code).toBe(0);
      expect(added.data).toMatchObject({ name: 'Reading', builtin: false, devices: { D1: { on: true, level: 100 } } });

      const renamed = await t.call('PUT', '/apis/modelupdate', {
        token: manager,
        body: { id: added.data.id, name: 'Read', devices: { D1: { on: true, level: 90 } } },
      });
      expect(renamed.data).toMatchObject({ id: added.data.id, name: 'Read', devices: { D1: { on: true, level: 90 } } });

      const welcome = await modeNamed(standardTypeId, 'welcome');
      const keepName = await t.call('PUT', '/apis/modelupdate', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { id: welcome.id, name: 'hello' },
      });
      expect(keepName).toMatchObject({ code: ErrorCode.invalid, message: "A built-in mode's name cannot be changed." });
      const sameName = await t.call('PUT', '/apis/modelupdate', {
        token: manager,
        body: { id: welcome.id, name: 'welcome', devices: { ...welcome.devices, D1: { on: true, level: 40 } } },
      });
      expect(sameName.code).toBe(0);
      expect((await modeNamed(standardTypeId, 'welcome')).devices.D1).toEqual({ on: true, level: 40 });

      const keep = await t.call('POST', '/apis/modeldel', { token: manager, body: { id: welcome.id } });
      expect(keep.code).toBe(ErrorCode.conflict);
      const removed = await t.call('POST', '/apis/modeldel', { token: manager, body: { id: added.data.id } });
      expect(removed).toMatchObject({ code: 0, data: null });
      expect(await modeNamed(standardTypeId, 'Read')).toBeUndefined();
      const gone = await t.call('POST', '/apis/modeldel', { token: manager, body: { id: added.data.id } });
      expect(gone.code).toBe(ErrorCode.notFound);
      const missing = await t.call('PUT', '/apis/modelupdate', { token: manager, body: { id: 999_999, name: 'x' } });
      expect(missing.code).toBe(ErrorCode.notFound);

      const actions = await t.db
        .selectFrom('oplog')
        .select('action')
        .where('action', 'like', 'mode_%')
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual(['mode_add', 'mode_update', 'mode_update', 'mode_delete']);

      // The operation log names the room type as it was called then, in the reader's language.
      const typeName = (await list(standardTypeId)).data.room_type.name as string;
      for (const [language, label] of [
        ['en', 'room type'],
        ['zh', '房型'],
        ['es', 'tipo de habitación'],
        ['ja', '客室タイプ'],
      ] as const) {
        const logged = await t.call('POST', '/apis/oplog/query', {
          token: manager,
          headers: { 'accept-language': language },
          body: { filter: { action: 'mode_delete' } },
        });
        expect(logged.data.records[0].text).toContain(`${label}: ${typeName}`);
      }
      const texts = await t.call('POST', '/apis/oplog/query', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { size: 100 },
      });
      const modeTexts = texts.data.records
        .filter((record: { action: string }) => record.action.startsWith('mode_'))
        .map((record: { text: string }) => record.text);
      expect(modeTexts.length).toBeGreaterThanOrEqual(4);
      for (const text of modeTexts) {
        expect(text).toContain(`room type: ${typeName}`);
        expect(text).not.toContain('room type ID');
      }
    });

    it("refuses a mode that does not fit its type's template, a taken name, and bad input, with clear messages", async () => {
      const add = (body: Record<string, unknown>) =>
        t.call('POST', '/apis/modeladd', {
          token: manager,
          headers: { 'accept-language': 'en' },
          body: { room_type_id: standardTypeId, name: 'Night', devices: {}, ...body },
        });
      expect(await add({ devices: { FH1: { on: true } } })).toMatchObject({
        code: ErrorCode.invalid,
        message: "Device FH1 is not in the room type's device template.",
      });
      expect(await add({ devices: { C1: { on: true } } })).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Device C1 does not take "on".',
      });
      expect(await add({ devices: { AC1: { set: 29 } } })).toMatchObject({
        code: ErrorCode.invalid,
        message: "Device AC1: the setpoint is outside the limits of the room type's template.",
      });
      expect((await add({ devices: { D1: { level: 101 } } })).code).toBe(ErrorCode.invalid);
      expect((await add({ devices: { D1: { temp: 20 } } })).code).toBe(ErrorCode.invalid);
      expect((await add({ devices: { D1: {} } })).code).toBe(ErrorCode.invalid);
      expect((await add({ name: '' })).code).toBe(ErrorCode.invalid);
      expect((await add({ name: '   ' })).code).toBe(ErrorCode.invalid);
      expect((await add({ name: 'x'.repeat(33) })).code).toBe(ErrorCode.invalid);
      expect((await add({ name: 'Sleep' })).code).toBe(ErrorCode.conflict);
      expect((await add({})).code).toBe(0);
      expect((await add({})).code).toBe(ErrorCode.conflict);
      expect((await add({ room_type_id: 999_999 })).code).toBe(ErrorCode.notFound);

      // Another hotel's type is not found; its manager cannot read ours either.
      const other = await hotelWithInventory(t, 'modesother');
      const theirs = await t.call('POST', '/apis/modellist', {
        token: manager,
        body: { room_type_id: other.roomTypeId },
      });
      expect(theirs.code).toBe(ErrorCode.notFound);
      const ours = await t.call('POST', '/apis/modellist', {
        token: other.token,
        body: { room_type_id: standardTypeId },
      });
      expect(ours.code).toBe(ErrorCode.notFound);
      const night = await modeNamed(standardTypeId, 'Night');
      const steal = await t.call('PUT', '/apis/modelupdate', {
        token: other.token,
        body: { id: night.id, devices: {} },
      });
      expect(steal.code).toBe(ErrorCode.notFound);
    });

    it('saves the card-out delay and the schedules of a type', async () => {
      const sleep = await modeNamed(standardTypeId, 'sleep');
      const saved = await t.call('PUT', '/apis/modelsettings', {
        token: manager,
        body: {
          room_type_id: standardTypeId,
          leave_delay_min: 0,
          schedules: [{ time: '22:30', mode_id: sleep.id, enabled: true }],
        },
      });
      expect(saved.data).toEqual({
        leave_delay_min: 0,
        schedules: [{ time: '22:30', mode_id: sleep.id, enabled: true }],
      });
      expect((await list(standardTypeId)).data.settings).toEqual(saved.data);

      const types = await t.call('POST', '/apis/roomtypeoptions', { token: manager, body: {} });
      const deluxe = types.data.find((type: { id: number }) => type.id !== standardTypeId);
      const foreign = await t.call('PUT', '/apis/modelsettings', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_type_id: deluxe.id, schedules: [{ time: '07:00', mode_id: sleep.id, enabled: true }] },
      });
      expect(foreign).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Schedule 1: the mode is not one of this room type.',
      });
      for (const body of [
        { leave_delay_min: 241 },
        { leave_delay_min: -1 },
        { schedules: [{ time: '24:00', mode_id: sleep.id, enabled: true }] },
        { schedules: [{ time: '7:00', mode_id: sleep.id, enabled: true }] },
        { schedules: Array(17).fill({ time: '07:00', mode_id: sleep.id, enabled: true }) },
      ]) {
        const refused = await t.call('PUT', '/apis/modelsettings', {
          token: manager,
          body: { room_type_id: standardTypeId, ...body },
        });
        expect(refused.code, JSON.stringify(body)).toBe(ErrorCode.invalid);
      }
    });

    it('lists the room types for the modes screen', async () => {
      const answer = await t.call('POST', '/apis/modelroomtypes', { token: manager, body: {} });
      expect(answer.code).toBe(0);
      expect(answer.data.map((type: { id: number }) => type.id)).toContain(standardTypeId);
      expect(answer.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
      expect((await t.call('POST', '/apis/modelroomtypes', { token: waiter, body: {} })).code).toBe(
        ErrorCode.forbidden,
      );
    });

    it('lists the mode names of every type for the control screens', async () => {
      const answer = await t.call('POST', '/apis/modeloptions', { token: waiter, body: {} });
      expect(answer.code).toBe(0);
      const standard = answer.data.find((option: { room_type_id: number }) => option.room_type_id === standardTypeId);
      expect(standard.names).toEqual([...BUILTIN_MODES, 'Night']);
    });

    it('applies a mode by hand as a scene, with a result per room, in the event and operation logs', async () => {
      const [one, two, silent] = rooms as [Room, Room, Room];
      const answer = await t.call('POST', '/apis/modelapply', {
        token: waiter,
        headers: { 'accept-language': 'en' },
        body: { room_ids: [one.id, two.id, silent.id], mode: 'housekeeping' },
      });
      expect(answer.code).toBe(0);
      expect(answer.data).toEqual([
        { room_id: one.id, room_num: one.room_num, ok: true, error: null },
        { room_id: two.id, room_num: two.room_num, ok: true, error: null },
        { room_id: silent.id, room_num: silent.room_num, ok: false, error: expect.stringContaining('is offline') },
      ]);
      expect(scenes(one).at(-1)).toMatchObject({
        mode: 'housekeeping',
        devices: { L1: { on: true }, D1: { on: true, level: 100 }, C1: { pos: 100 }, AC1: { on: false } },
      });
      expect((await modeEvents(one)).at(-1)).toEqual({
        mode: 'housekeeping',
        trigger: 'manual',
        by: 'waiter',
        ok: true,
      });
      expect((await modeEvents(silent)).at(-1)).toMatchObject({ mode: 'housekeeping', ok: false, failure: 'offline' });
      const logged = await t.db.selectFrom('oplog').selectAll().where('action', '=', 'mode_apply').execute();
      expect(logged).toHaveLength(1);
      // The operation log names the rooms by their numbers, as the staff know them.
      const log = await t.call('POST', '/apis/oplog/query', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { filter: { action: 'mode_apply' } },
      });
      expect(log.data.records[0].text).toBe(
        `mode: Housekeeping; rooms: ${[one, two, silent].map((room) => room.room_num).join(', ')}; succeeded: 2; failed rooms: ${silent.room_num}`,
      );

      const unknown = await t.call('POST', '/apis/modelapply', {
        token: manager,
        headers: { 'accept-language': 'en' },
        body: { room_ids: [one.id], mode: 'party' },
      });
      expect(unknown.data).toEqual([
        {
          room_id: one.id,
          room_num: one.room_num,
          ok: false,
          error: `Room ${one.room_num}: its room type has no mode named party.`,
        },
      ]);
      const other = await hotelWithInventory(t, 'modesapply');
      const foreign = await t.call('POST', '/apis/modelapply', {
        token: other.token,
        body: { room_ids: [one.id], mode: 'welcome' },
      });
      expect(foreign.code).toBe(ErrorCode.notFound);
      expect(
        (await t.call('POST', '/apis/modelapply', { token: manager, body: { room_ids: [], mode: 'welcome' } })).code,
      ).toBe(ErrorCode.invalid);
    });

    it('permissions: pm_model edits the modes, room state control applies them, a visitor only reads', async () => {
      expect((await list(standardTypeId, visitor)).code).toBe(0);
      expect((await list(standardTypeId, waiter)).code).toBe(ErrorCode.forbidden);
      const add = await t.call('POST', '/apis/modeladd', {
        token: visitor,
        body: { room_type_id: standardTypeId, name: 'Visitor', devices: {} },
      });
      expect(add.code).toBe(ErrorCode.forbidden);
      const apply = await t.call('POST', '/apis/modelapply', {
        token: visitor,
        body: { room_ids: [(rooms[0] as Room).id], mode: 'welcome' },
      });
      expect(apply.code).toBe(ErrorCode.forbidden);
    });

    it('card in applies the welcome mode, card out the leave mode (delay 0), checkout the checkout mode', async () => {
      const [one] = rooms as [Room];
      const rcu = rcus[0] as MqttClient;
      const event = (type: string) =>
        rcu.publishAsync(
          `rcu/${one.rcu_id}/up/event`,
          JSON.stringify({ id: `e-modes-${++eventSeq}`, ts: Date.now(), type }),
          { qos: 1 },
        );
      const before = scenes(one).length;
      await event('card_in');
      await vi.waitFor(() => expect(scenes(one).length).toBe(before + 1), { timeout: 5_000 });
      // The welcome mode as edited above (the dimmer at 40).
      expect(scenes(one).at(-1)).toMatchObject({
        mode: 'welcome',
        devices: { D1: { on: true, level: 40 }, C1: { pos: 100 } },
      });
      await vi.waitFor(async () =>
        expect((await modeEvents(one)).at(-1)).toEqual({ mode: 'welcome', trigger: 'card_in', ok: true }),
      );

      await event('card_out');
      await vi.waitFor(() => expect(scenes(one).at(-1)?.mode).toBe('leave'), { timeout: 5_000 });
      expect(scenes(one).at(-1)?.devices).toMatchObject({ L1: { on: false }, AC1: { on: false } });
      await vi.waitFor(async () =>
        expect((await modeEvents(one)).at(-1)).toMatchObject({ trigger: 'card_out', ok: true }),
      );

      // Doors and windows set off no mode.
      const count = scenes(one).length;
      await event('door_open');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(scenes(one)).toHaveLength(count);

      const checkout = await t.call('POST', '/apis/roomstatecontrol', {
        token: manager,
        body: { room_ids: [one.id], rent: 'checkout' },
      });
      expect(checkout.code).toBe(0);
      await vi.waitFor(() => expect(scenes(one).at(-1)?.mode).toBe('checkout'), { timeout: 5_000 });
      expect(
        received
          .filter((c) => c.rcu === one.rcu_id)
          .map((c) => c.op)
          .slice(-2),
      ).toEqual(['rent', 'scene']);
      await vi.waitFor(async () =>
        expect((await modeEvents(one)).at(-1)).toMatchObject({ mode: 'checkout', trigger: 'checkout' }),
      );
    });

    it("card out waits the type's delay before the leave mode; card in before then cancels it", async () => {
      const [, two] = rooms as [Room, Room];
      const rcu = rcus[1] as MqttClient;
      const event = (type: string) =>
        rcu.publishAsync(
          `rcu/${two.rcu_id}/up/event`,
          JSON.stringify({ id: `e-modes-${++eventSeq}`, ts: Date.now(), type }),
          { qos: 1 },
        );
      const { timers } = t.app.services;
      const key = `modes:leave:${two.id}`;
      await t.call('PUT', '/apis/modelsettings', {
        token: manager,
        body: { room_type_id: standardTypeId, leave_delay_min: 2 },
      });
      const leaves = () => scenes(two).filter((c) => c.mode === 'leave').length;
      const before = leaves();

      await event('card_out');
      await vi.waitFor(async () => expect(await timers.find(key)).not.toBeNull(), { timeout: 5_000 });
      t.clock.advance(60_000);
      await timers.fireDue();
      expect(leaves()).toBe(before);

      await event('card_in');
      await vi.waitFor(async () => expect(await timers.find(key)).toBeNull(), { timeout: 5_000 });
      await vi.waitFor(() => expect(scenes(two).at(-1)?.mode).toBe('welcome'), { timeout: 5_000 });
      t.clock.advance(2 * 60_000);
      await timers.fireDue();
      expect(leaves()).toBe(before);

      await event('card_out');
      await vi.waitFor(async () => expect(await timers.find(key)).not.toBeNull(), { timeout: 5_000 });
      t.clock.advance(2 * 60_000 + 1);
      await timers.fireDue();
      await vi.waitFor(() => expect(leaves()).toBe(before + 1), { timeout: 5_000 });
      await vi.waitFor(async () =>
        expect((await modeEvents(two)).at(-1)).toEqual({ mode: 'leave', trigger: 'card_out', ok: true }),
      );
    });

    it("a schedule applies its mode to the type's online rooms at its time, and again the next day", async () => {
      const [one, two, silent] = rooms as [Room, Room, Room];
      const { timers } = t.app.services;
      // Five minutes ahead on the server's clock (sessions stay alive).
      const at = new Date(t.clock().getTime() + 5 * 60_000);
      at.setSeconds(0, 0);
      const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
      const sleep = await modeNamed(standardTypeId, 'sleep');
      const saved = await t.call('PUT', '/apis/modelsettings', {
        token: manager,
        body: { room_type_id: standardTypeId, schedules: [{ time, mode_id: sleep.id, enabled: true }] },
      });
      expect(saved.code).toBe(0);
      const key = `modes:schedule:${standardTypeId}:0`;
      expect((await timers.find(key))?.due_at).toBe(at.toISOString());

      const sleeps = (room: Room) => scenes(room).filter((c) => c.mode === 'sleep').length;
      const [oneBefore, twoBefore] = [sleeps(one), sleeps(two)];
      const silentEvents = (await modeEvents(silent)).length;
      t.clock.set(new Date(at.getTime() + 1_000));
      await timers.fireDue();
      await vi.waitFor(() => expect([sleeps(one), sleeps(two)]).toEqual([oneBefore + 1, twoBefore + 1]), {
        timeout: 5_000,
      });
      expect(scenes(one).at(-1)?.devices).toMatchObject({
        L1: { on: false },
        D1: { on: true, level: 10 },
        C1: { pos: 0 },
      });
      expect((await modeEvents(one)).at(-1)).toEqual({ mode: 'sleep', trigger: 'schedule', ok: true });
      // The offline room is left out.
      expect(await modeEvents(silent)).toHaveLength(silentEvents);
      const tomorrow = new Date(at);
      tomorrow.setDate(tomorrow.getDate() + 1);
      expect((await timers.find(key))?.due_at).toBe(tomorrow.toISOString());

      await t.call('PUT', '/apis/modelsettings', {
        token: manager,
        body: { room_type_id: standardTypeId, schedules: [{ time, mode_id: sleep.id, enabled: false }] },
      });
      expect(await timers.find(key)).toBeNull();
    });

    it("a mode's AC setting passes through the hotel's energy policy", async () => {
      const [one] = rooms as [Room];
      const limits = {
        modes: ['cool', 'heat', 'dry', 'fan', 'auto'],
        set_min: 20,
        set_max: 23,
        set_default: 22,
        fans: ['auto', 'low'],
      };
      const season = { checked_in: limits, sold: limits };
      const policy = await t.call('PUT', '/apis/airpolicyupdate', {
        token: manager,
        body: { limits: { cooling: season, heating: season, transition: season } },
      });
      expect(policy.code).toBe(0);
      const ref = { room_id: one.id, hotel_id: 1, building_id: null, room_num: one.room_num, floor_num: 2 };
      await t.app.services.live.store.merge(ref, { rent: 'checked_in', online: true }, new Date());
      const answer = await t.call('POST', '/apis/modelapply', {
        token: manager,
        body: { room_ids: [one.id], mode: 'welcome' },
      });
      expect(answer.data[0].ok).toBe(true);
      // The welcome mode says 24 °C; the policy allows at most 23 for a checked-in room.
      expect(scenes(one).at(-1)?.devices?.AC1).toMatchObject({ on: true, set: 23, fan: 'auto' });
      expect((await modeEvents(one)).at(-1)).toMatchObject({
        mode: 'welcome',
        trigger: 'manual',
        ok: true,
        policy: [{ device: 'AC1', field: 'set', asked: 24, applied: 23 }],
      });
    });

    it('a room type deleted takes its modes and settings with it', async () => {
      const type = await t.call('POST', '/apis/roomtypeadd', {
        token: manager,
        body: { name: 'Short-lived', devices: [{ key: 'L1', kind: 'light', name: 'Lamp' }] },
      });
      expect((await list(type.data.id)).data.modes).toHaveLength(BUILTIN_MODES.length);
      await t.call('PUT', '/apis/modelsettings', {
        token: manager,
        body: { room_type_id: type.data.id, leave_delay_min: 1 },
      });
      expect((await t.call('POST', '/apis/roomtypedel', { token: manager, body: { id: type.data.id } })).code).toBe(0);
      const left = await t.db.selectFrom('modes').select('id').where('room_type_id', '=', type.data.id).execute();
      expect(left).toHaveLength(0);
      const settings = await t.db
        .selectFrom('mode_settings')
        .select('room_type_id')
        .where('room_type_id', '=', type.data.id)
        .execute();
      expect(settings).toHaveLength(0);
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);
