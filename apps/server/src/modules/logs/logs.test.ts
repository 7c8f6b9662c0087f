import {
  DEMO_WORDS,
  ErrorCode,
  EVENT_LOG_TYPES,
  LANGUAGES,
  LOG_EXPORT_ROWS_MAX,
  LOG_RETENTION_DEFAULTS,
  OPLOG_ACTIONS,
  XLSX_CONTENT_TYPE,
} from '@roompilot/contract';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel } from '../../test-support/fixtures.js';
import { RETENTION_BATCH_ROWS } from './service.js';

/** The AC of the demo room types, as their template names it (the hotel is seeded in Chinese). */
const AC = DEMO_WORDS.zh.devices.airConditioner;

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describeEachDatabase('log statistics', (t) => {
  let manager: string;
  let visitor: string;
  let hotelId: number;
  let first: { id: number; room_num: string };
  let second: { id: number; room_num: string };
  let otherHotelRoom: number;

  const en = { 'accept-language': 'en' };
  const call = (method: 'POST' | 'PUT', url: string, body: object, token = manager) =>
    t.call(method, url, { token, body, headers: en });
  const events = (filter: object = {}, page: object = {}) => call('POST', '/apis/eventlog', { ...page, filter });
  const typesOf = (answer: { data: { records: { type: string }[] } }) => answer.data.records.map((row) => row.type);

  const insertEvent = (values: {
    room_id: number;
    hotel_id?: number;
    type: string;
    detail?: string;
    minutes: number;
  }) =>
    t.db
      .insertInto('room_events')
      .values({
        hotel_id: values.hotel_id ?? hotelId,
        room_id: values.room_id,
        event_id: `test-${values.type}-${values.room_id}-${values.minutes}-${Math.random()}`,
        type: values.type,
        detail: values.detail ?? '',
        event_time: at(values.minutes),
        received_at: at(values.minutes),
      })
      .execute();

  beforeAll(async () => {
    t.clock.set(new Date(at(60 * 24)));
    manager = await t.login('manager');
    visitor = await t.login('visitor');
    hotelId = (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id as number;
    const rooms = await t.db
      .selectFrom('rooms')
      .select(['id', 'room_num'])
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .limit(2)
      .execute();
    [first, second] = rooms as [(typeof rooms)[number], (typeof rooms)[number]];

    const other = await createHotel(t, { name: 'Other hotel' });
    const building = await t.db
      .insertInto('buildings')
      .values({ hotel_id: other.hotelId, name: 'B', floor_from: 1, floor_to: 2, remark: '', created_at: at(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const type = await t.db
      .insertInto('room_types')
      .values({ hotel_id: other.hotelId, name: 'T', remark: '', devices: '[]', created_at: at(0), updated_at: at(0) })
      .returning('id')
      .executeTakeFirstOrThrow();
    otherHotelRoom = (
      await t.db
        .insertInto('rooms')
        .values({
          hotel_id: other.hotelId,
          building_id: building.id,
          room_type_id: type.id,
          room_num: first.room_num,
          floor_num: 1,
          rcu_id: 'OTHER-RCU',
          mac: '',
          remark: '',
          validdate: null,
          versiontime: null,
          pubdate: null,
          fw: null,
          cfg: null,
          ir: null,
          device_key: 'x' as never,
          created_at: at(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    await insertEvent({ room_id: first.id, type: 'card_in', minutes: 0 });
    await insertEvent({ room_id: first.id, type: 'door_open', detail: 'front door', minutes: 1 });
    await insertEvent({ room_id: second.id, type: 'card_out', minutes: 2 });
    await insertEvent({
      room_id: second.id,
      type: 'alert_cleared',
      detail: JSON.stringify({ alert_id: 9, alert_type: 2, reason: 'door_closed' }),
      minutes: 3,
    });
    await insertEvent({
      room_id: first.id,
      type: 'policy',
      detail: JSON.stringify({
        rule: 'card_out_setback',
        minutes: 10,
        changes: { AC1: { to: { set: 26 }, from: { set: 24 } } },
        ok: true,
      }),
      minutes: 4,
    });
    await insertEvent({ room_id: otherHotelRoom, hotel_id: other.hotelId, type: 'card_in', minutes: 5 });
  });

  it("pages the hotel's events newest first, in words, never another hotel's", async () => {
    const answer = await events({}, { current: 1, size: 3 });
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBe(5);
    expect(answer.data.records).toHaveLength(3);
    expect(typesOf(answer)).toEqual(['policy', 'alert_cleared', 'card_out']);
    const [policy, cleared, cardOut] = answer.data.records;
    expect(cardOut).toMatchObject({
      room_id: second.id,
      room_num: second.room_num,
      type: 'card_out',
      detail: '',
      at: at(2),
      type_text: 'Card removed',
    });
    expect(cleared.type_text).toBe('Alert ended');
    expect(cleared.text).toBe('Door left open: The door was closed');
    expect(policy.type_text).toBe('Energy policy');
    expect(policy.text).toBe(`Card out: setback (after 10 min): ${AC} setpoint 24→26 °C — done`);
    const next = await events({}, { current: 2, size: 3 });
    expect(typesOf(next)).toEqual(['door_open', 'card_in']);
    expect(next.data.records[0].text).toBe('front door');
  });

  it('filters by room (id or number), type and time', async () => {
    expect(typesOf(await events({ room_id: first.id }))).toEqual(['policy', 'door_open', 'card_in']);
    expect(typesOf(await events({ room_num: second.room_num }))).toEqual(['alert_cleared', 'card_out']);
    expect(typesOf(await events({ room_num: 'nope' }))).toEqual([]);
    expect(typesOf(await events({ room_id: otherHotelRoom }))).toEqual([]);
    expect(typesOf(await events({ type: 'card_in' }))).toEqual(['card_in']);
    expect(typesOf(await events({ from: at(1), to: at(2) }))).toEqual(['card_out', 'door_open']);
    expect(typesOf(await events({ room_id: first.id, type: 'door_open' }))).toEqual(['door_open']);
  });

  it('refuses bad filters with 4400, and callers without the permission with 4403', async () => {
    const reversed = await events({ from: at(5), to: at(1) });
    expect(reversed.code).toBe(ErrorCode.invalid);
    expect(reversed.message).toBe('The start time must not be after the end time.');
    expect((await events({ type: 'DROP TABLE' })).code).toBe(ErrorCode.invalid);
    expect((await events({ from: 'yesterday' })).code).toBe(ErrorCode.invalid);
    expect((await events({}, { size: 501 })).code).toBe(ErrorCode.invalid);
    expect((await events({ hotel: 1 })).code).toBe(ErrorCode.invalid);
    // A visitor reads every screen; a user whose roles lack the key does not.
    expect((await call('POST', '/apis/eventlog', {}, visitor)).code).toBe(0);
    await createHotel(t, {
      name: 'Narrow hotel',
      users: [{ user_name: 'narrow', password: 'narrow_pass1', perms: ['pm_dashboard'] }],
    });
    const narrow = await t.login('narrow', 'narrow_pass1');
    expect((await call('POST', '/apis/eventlog', {}, narrow)).code).toBe(ErrorCode.forbidden);
    expect((await call('POST', '/apis/oplog/query', {}, narrow)).code).toBe(ErrorCode.forbidden);
    expect((await call('POST', '/apis/eventlogcounts', {}, narrow)).code).toBe(ErrorCode.forbidden);
    expect((await call('POST', '/apis/logwords', {}, narrow)).code).toBe(ErrorCode.forbidden);
  });

  it("words the filters' choices in the caller's language: every type in order, every action by its words", async () => {
    const words = async (language: string) =>
      (await t.call('POST', '/apis/logwords', { token: visitor, body: {}, headers: { 'accept-language': language } }))
        .data as { types: { value: string; label: string }[]; actions: { value: string; label: string }[] };
    const english = await words('en');
    expect(english.types.map((choice) => choice.value)).toEqual([...EVENT_LOG_TYPES]);
    expect(english.types[0]).toEqual({ value: 'sos', label: 'SOS call' });
    expect(english.actions.map((choice) => choice.value).sort()).toEqual([...OPLOG_ACTIONS].sort());
    const labels = english.actions.map((choice) => choice.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
    expect(english.actions.find((choice) => choice.value === 'login')?.label).toBe('Log in');
    // Every choice has words of its own in every language, not its stored value.
    for (const language of LANGUAGES) {
      const answer = await words(language);
      const unworded = [...answer.types, ...answer.actions].filter((choice) => choice.label === choice.value);
      expect(unworded, language).toEqual([]);
    }
    expect((await words('ja')).types[0]?.label).not.toBe('SOS call');
  });

  it('writes alerts raised and confirmed, and commands with their results, to the event log', async () => {
    const room = { room_id: second.id, hotel_id: hotelId, room_num: second.room_num, building_id: 0, floor_num: 1 };
    const alert = await t.app.services.alerts.recordEvent(
      room,
      { id: 'e-sos-1', type: 'sos', ts: T0 / 1000, detail: 'bathroom' },
      new Date(at(10)),
    );
    expect(alert).not.toBeNull();
    const confirm = await t.call('POST', '/apis/delredisroomspecialstate', {
      token: manager,
      body: { id: alert?.id },
    });
    expect(confirm.code).toBe(0);
    const raised = await events({ room_id: second.id, type: 'alert_raised' });
    expect(raised.data.records.map((row: { text: string }) => row.text)).toEqual(['SOS emergency call: bathroom']);
    const confirmed = await events({ room_id: second.id, type: 'alert_confirmed' });
    expect(confirmed.data.records.map((row: { text: string }) => row.text)).toEqual([
      'SOS emergency call, confirmed by manager',
    ]);

    // This app runs no device gateway: the command fails, and the log says so.
    const control = await call('POST', '/apis/roomctrl', {
      room_id: first.id,
      devices: { AC1: { on: true, set: 22 } },
    });
    expect(control.code).toBe(ErrorCode.device);
    const commands = await events({ room_id: first.id, type: 'command' });
    expect(commands.data.records).toHaveLength(1);
    expect(commands.data.records[0]).toMatchObject({
      type_text: 'Command',
      text: `Set devices: ${AC} on, setpoint 22 — failed: the device gateway is not running`,
    });
    expect(JSON.parse(commands.data.records[0].detail)).toMatchObject({ op: 'set', ok: false, failure: 'gateway' });
  });

  it('counts events by type and by day in the reader’s time, within a bounded span', async () => {
    const counts = await call('POST', '/apis/eventlogcounts', {
      filter: { from: at(-60), to: at(60 * 24) },
      utc_offset: 600,
    });
    expect(counts.code).toBe(0);
    const { by_type, by_day, total } = counts.data;
    expect(total).toBe(by_type.reduce((sum: number, row: { count: number }) => sum + row.count, 0));
    expect(by_type.find((row: { type: string }) => row.type === 'card_in')).toEqual({
      type: 'card_in',
      name: 'Card inserted',
      count: 1,
    });
    // 10:00 UTC + 10 h is 20:00 the same day; the policy line at 10:04 UTC as well.
    expect(by_day.filter((row: { type: string }) => row.type === 'card_in')).toEqual([
      { day: '2026-03-01', type: 'card_in', count: 1 },
    ]);
    const late = await call('POST', '/apis/eventlogcounts', { filter: { from: at(-60), to: at(60) }, utc_offset: 840 });
    // 10:00 UTC + 14 h is past midnight: the next day.
    expect(late.data.by_day.find((row: { type: string }) => row.type === 'card_in').day).toBe('2026-03-02');
    const byRoom = await call('POST', '/apis/eventlogcounts', { filter: { room_num: second.room_num, from: at(0) } });
    expect(byRoom.data.by_type.map((row: { type: string }) => row.type).sort()).toEqual(
      ['alert_cleared', 'alert_confirmed', 'alert_raised', 'card_out', 'sos'].sort(),
    );
    const tooLong = await call('POST', '/apis/eventlogcounts', {
      filter: { from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    expect(tooLong.code).toBe(ErrorCode.invalid);
    expect(tooLong.message).toBe('Counts cover at most 366 days: choose a shorter time range.');
    expect((await call('POST', '/apis/eventlogcounts', { utc_offset: 900 })).code).toBe(ErrorCode.invalid);
    // Without a span: the last 30 days up to now.
    const recent = await call('POST', '/apis/eventlogcounts', {});
    expect(recent.data.to).toBe(t.clock().toISOString());
  });

  it('exports the events as CSV and Excel, in words and in the reader’s time', async () => {
    const csv = await t.app.inject({
      method: 'POST',
      url: '/apis/eventlogexport',
      headers: { authorization: `Bearer ${manager}`, ...en },
      payload: { format: 'csv', filter: { room_num: second.room_num, type: 'card_out' }, utc_offset: 60 },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="events-\d+-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Time,Room,Type,Detail',
      `2026-03-01 11:02:00,${second.room_num},Card removed,`,
      '',
    ]);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/apis/eventlogexport',
      headers: { authorization: `Bearer ${manager}`, ...en },
      payload: { format: 'xlsx', filter: { type: 'alert_cleared' } },
    });
    expect(xlsx.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).getCell(4).value).toBe('Door left open: The door was closed');
    const bad = await call('POST', '/apis/eventlogexport', { format: 'pdf' });
    expect(bad.code).toBe(ErrorCode.invalid);
  });

  it('searches the operation log by user, action and time, with the action and detail in words', async () => {
    const edit = await call('PUT', '/apis/update', { id: first.id, remark: 'sea view' });
    expect(edit.code).toBe(0);
    const query = (filter: object) => call('POST', '/apis/oplog/query', { filter });
    const edits = await query({ action: 'room_update', user_name: 'manager' });
    expect(edits.code).toBe(0);
    expect(edits.data.records[0]).toMatchObject({
      user_name: 'manager',
      action: 'room_update',
      action_text: 'Edit room',
    });
    expect(edits.data.records[0].text).toContain('sea view');
    expect(edits.data.records[0].text).not.toContain('{');
    expect((await query({ user_name: 'visitor', action: 'room_update' })).data.total).toBe(0);
    expect((await query({ from: at(60 * 48), to: at(0) })).code).toBe(ErrorCode.invalid);

    const counts = await call('POST', '/apis/oplogcounts', {});
    expect(counts.code).toBe(0);
    expect(counts.data.by_type).toContainEqual({ type: 'room_update', name: 'Edit room', count: 1 });
    expect(counts.data.by_day).toContainEqual({ day: at(60 * 24).slice(0, 10), type: 'room_update', count: 1 });

    const csv = await t.app.inject({
      method: 'POST',
      url: '/apis/oplogexport',
      headers: { authorization: `Bearer ${manager}`, ...en },
      payload: { format: 'csv', filter: { action: 'room_update' } },
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('Time,User,Action,Target,Detail,Address');
    expect(row).toContain('manager,Edit room');
  });

  it('words the air policy changes on the screen and in the export', async () => {
    expect((await call('PUT', '/apis/airpolicyupdate', { unsold: 'setback', max_run_min: 90 })).code).toBe(0);
    const logged = await call('POST', '/apis/oplog/query', { filter: { action: 'air_policy_update' } });
    expect(logged.data.records[0]).toMatchObject({
      action: 'air_policy_update',
      action_text: 'Change air energy policy',
    });
    expect(logged.data.records[0].text).toMatch(/^changes \(.+: setback; .+: 90\)$/);

    const csv = await t.app.inject({
      method: 'POST',
      url: '/apis/oplogexport',
      headers: { authorization: `Bearer ${manager}`, 'accept-language': 'zh' },
      payload: { format: 'csv', filter: { action: 'air_policy_update' } },
    });
    expect(csv.statusCode).toBe(200);
    const [, row] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(row).toContain('manager,修改空调节能策略');
    expect(row).toContain('节能温度');
    expect(row).not.toContain('air_policy_update');
  });

  it('keeps the retention days the hotel sets, within bounds, and logs the change', async () => {
    expect((await call('POST', '/apis/logretention', {})).data).toEqual(LOG_RETENTION_DEFAULTS);
    expect((await call('PUT', '/apis/logretentionupdate', { event_days: 30 }, visitor)).code).toBe(ErrorCode.forbidden);
    expect((await call('PUT', '/apis/logretentionupdate', { event_days: 3 })).code).toBe(ErrorCode.invalid);
    expect((await call('PUT', '/apis/logretentionupdate', { oplog_days: 4000 })).code).toBe(ErrorCode.invalid);
    const saved = await call('PUT', '/apis/logretentionupdate', { event_days: 30 });
    expect(saved.data).toEqual({ oplog_days: LOG_RETENTION_DEFAULTS.oplog_days, event_days: 30 });
    const again = await call('PUT', '/apis/logretentionupdate', { oplog_days: 90 });
    expect(again.data).toEqual({ oplog_days: 90, event_days: 30 });
    const logged = await call('POST', '/apis/oplog/query', { filter: { action: 'log_retention_update' } });
    expect(logged.data.total).toBe(2);
    expect(logged.data.records[0].action_text).toBe('Change log retention');
    // The hotel changed is named by its name, not by its id.
    const hotelName = (
      await t.db.selectFrom('hotels').select('hotel_name').where('hotel_id', '=', hotelId).executeTakeFirstOrThrow()
    ).hotel_name;
    expect(logged.data.records[0].target).toBe(hotelName);
  });

  it('removes rows past their retention in batches, keeping the newer ones and the alerts', async () => {
    const now = Date.parse(t.clock().toISOString());
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
    const old = RETENTION_BATCH_ROWS * 2 + 5;
    const rows = Array.from({ length: old }, (_, index) => ({
      hotel_id: hotelId,
      room_id: first.id,
      event_id: `old-${index}`,
      type: 'door_open',
      detail: '',
      event_time: daysAgo(40),
      received_at: daysAgo(40),
    }));
    for (let index = 0; index < rows.length; index += 500) {
      await t.db
        .insertInto('room_events')
        .values(rows.slice(index, index + 500))
        .execute();
    }
    // An alert whose event goes keeps its own record.
    const oldEvent = await t.db
      .selectFrom('room_events')
      .select('id')
      .where('event_id', '=', 'old-0')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('alerts')
      .values({
        hotel_id: hotelId,
        room_id: first.id,
        type: 1,
        room_event_id: oldEvent.id,
        content: '',
        event_time: daysAgo(40),
        created_at: daysAgo(40),
        confirmed_at: daysAgo(40),
        confirmed_by: null,
        confirmed_by_name: 'manager',
      })
      .execute();
    await t.db
      .insertInto('oplog')
      .values([
        {
          hotel_id: hotelId,
          user_id: null,
          user_name: 'old',
          action: 'login',
          target: '',
          ip: '',
          created_at: daysAgo(100),
        },
        {
          hotel_id: hotelId,
          user_id: null,
          user_name: 'recent',
          action: 'login',
          target: '',
          ip: '',
          created_at: daysAgo(80),
        },
        {
          hotel_id: null,
          user_id: null,
          user_name: 'platform',
          action: 'login',
          target: '',
          ip: '',
          created_at: daysAgo(400),
        },
      ])
      .execute();
    const before = (await events({}, { size: 1 })).data.total as number;

    const pruned = await t.app.services.logs.pruneOldRows();
    expect(pruned.events).toBe(old);
    expect(pruned.operations).toBe(2);
    expect((await events({}, { size: 1 })).data.total).toBe(before - old);
    const users = await t.db.selectFrom('oplog').select('user_name').where('action', '=', 'login').execute();
    expect(users.map((row) => row.user_name)).toContain('recent');
    expect(users.map((row) => row.user_name)).not.toContain('old');
    expect(users.map((row) => row.user_name)).not.toContain('platform');
    const alert = await t.db
      .selectFrom('alerts')
      .select('room_event_id')
      .where('event_time', '=', daysAgo(40))
      .execute();
    expect(alert).toEqual([{ room_event_id: null }]);
    expect((await t.app.services.logs.pruneOldRows()).events).toBe(0);
  });

  it('describes mode runs and policy actions in the reader’s language', async () => {
    const third = await t.db
      .selectFrom('rooms')
      .select('id')
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .offset(2)
      .limit(1)
      .executeTakeFirstOrThrow();
    await insertEvent({
      room_id: third.id,
      type: 'mode',
      detail: JSON.stringify({ mode: 'welcome', trigger: 'card_in', ok: true }),
      minutes: 1,
    });
    await insertEvent({
      room_id: third.id,
      type: 'mode',
      detail: JSON.stringify({ mode: 'sleep', trigger: 'manual', by: 'manager', ok: false, failure: 'offline' }),
      minutes: 2,
    });
    await insertEvent({
      room_id: third.id,
      type: 'policy',
      detail: JSON.stringify({
        rule: 'limits',
        season: 'cooling',
        rent: 'checked_in',
        changes: { AC1: { to: { mode: 'cool', set: 22 }, from: { mode: 'heat', set: 18 } } },
        ok: false,
        failure: 'offline',
      }),
      minutes: 3,
    });
    const read = async (language: string) =>
      (
        await t.call('POST', '/apis/eventlog', {
          token: manager,
          body: { filter: { room_id: third.id } },
          headers: { 'accept-language': language },
        })
      ).data.records.map((row: { type_text: string; text: string }) => `${row.type_text} | ${row.text}`);
    expect(await read('en')).toEqual([
      `Energy policy | Outside the allowed limits (cooling season, checked in): ${AC} mode heating→cooling, setpoint 18→22 °C — failed: the RCU is offline`,
      'Mode | Mode Sleep (by hand), by manager — failed: the RCU is offline',
      'Mode | Mode Welcome (card inserted) — done',
    ]);
    expect(await read('zh')).toEqual([
      `节能策略 | 超出允许范围（制冷季，入住）: ${AC} 模式 制热→制冷，设定温度 18→22 °C — 失败：RCU 离线`,
      '模式 | 模式 睡眠（手动），操作人 manager — 失败：RCU 离线',
      '模式 | 模式 欢迎（插卡） — 成功',
    ]);
  });

  it('refuses an export longer than its limit with 4413', async () => {
    const rows = Array.from({ length: LOG_EXPORT_ROWS_MAX + 1 }, (_, index) => ({
      hotel_id: hotelId,
      room_id: second.id,
      event_id: `bulk-${index}`,
      type: 'mur_on',
      detail: '',
      event_time: at(100),
      received_at: at(100),
    }));
    await t.db.transaction().execute(async (trx) => {
      for (let index = 0; index < rows.length; index += 1_000) {
        await trx
          .insertInto('room_events')
          .values(rows.slice(index, index + 1_000))
          .execute();
      }
    });
    const answer = await call('POST', '/apis/eventlogexport', { format: 'csv', filter: { type: 'mur_on' } });
    expect(answer.code).toBe(ErrorCode.tooLarge);
    expect(answer.message).toContain('narrow the filters');
    const page = await events({ type: 'mur_on' }, { current: 5, size: 500 });
    expect(page.data.total).toBe(LOG_EXPORT_ROWS_MAX + 1);
    expect(page.data.records).toHaveLength(500);
  });
});
