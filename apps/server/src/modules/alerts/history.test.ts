import { ALERT_TYPES, ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';

const T0 = Date.parse('2026-02-10T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describeEachDatabase('the alert list', (t) => {
  let manager: string;
  let visitor: string;
  let hotelId: number;
  let rooms: { id: number; room_num: string }[];
  const ids: Record<'sos' | 'door' | 'window' | 'offline', number> = { sos: 0, door: 0, window: 0, offline: 0 };

  const list = (body: object, options: { token?: string; language?: string } = {}) =>
    t.call('POST', '/apis/alertlist', {
      token: options.token ?? manager,
      body,
      headers: { 'accept-language': options.language ?? 'en' },
    });
  const idsOf = (answer: { data: { records: { id: number }[] } }) => answer.data.records.map((record) => record.id);

  beforeAll(async () => {
    manager = await t.login('manager');
    visitor = await t.login('visitor');
    hotelId = (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id as number;
    rooms = await t.db
      .selectFrom('rooms')
      .select(['id', 'room_num'])
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .limit(2)
      .execute();
    const [first, second] = rooms as [(typeof rooms)[number], (typeof rooms)[number]];
    const managerId = (
      await t.db.selectFrom('users').select('id').where('user_name', '=', 'manager').executeTakeFirstOrThrow()
    ).id;
    const insert = async (values: {
      type: number;
      room_id: number;
      minutes: number;
      content?: string;
      confirmed?: boolean;
      cleared?: string;
    }) =>
      (
        await t.db
          .insertInto('alerts')
          .values({
            hotel_id: hotelId,
            room_id: values.room_id,
            type: values.type,
            content: values.content ?? '{"minutes":10}',
            event_time: at(values.minutes),
            created_at: at(values.minutes),
            confirmed_at: values.confirmed ? at(values.minutes + 1) : null,
            confirmed_by: values.confirmed ? managerId : null,
            confirmed_by_name: values.confirmed ? 'manager' : '',
            cleared_at: values.cleared ? at(values.minutes + 2) : null,
            cleared_reason: values.cleared ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.sos = await insert({ type: ALERT_TYPES.sos, room_id: first.id, minutes: 0, content: 'bathroom' });
    ids.door = await insert({ type: ALERT_TYPES.door_open_long, room_id: second.id, minutes: 10, confirmed: true });
    ids.window = await insert({
      type: ALERT_TYPES.window_open_ac_on,
      room_id: first.id,
      minutes: 20,
      content: '{}',
      cleared: 'window_closed',
    });
    ids.offline = await insert({
      type: ALERT_TYPES.rcu_offline,
      room_id: second.id,
      minutes: 30,
      content: '{"minutes":0}',
    });
  });

  it('lists every alert of the hotel, newest first, with who confirmed each or what cleared it', async () => {
    const answer = await list({});
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ total: 4, current: 1, size: 20 });
    expect(idsOf(answer)).toEqual([ids.offline, ids.window, ids.door, ids.sos]);
    const [offline, window, door, sos] = answer.data.records;
    expect(offline).toEqual({
      id: ids.offline,
      type: ALERT_TYPES.rcu_offline,
      room_id: rooms[1]?.id,
      room_num: rooms[1]?.room_num,
      event_content: 'RCU offline',
      event_time: at(30),
      state: 'open',
      confirmed_at: null,
      confirmed_by: null,
      cleared_at: null,
      cleared_reason: null,
      cleared_text: null,
    });
    expect(window).toMatchObject({
      state: 'cleared',
      event_content: 'Window open while the air conditioning runs',
      cleared_at: at(22),
      cleared_reason: 'window_closed',
      cleared_text: 'The window was closed',
      confirmed_by: null,
    });
    expect(door).toMatchObject({
      state: 'confirmed',
      event_content: 'Door open for more than 10 min',
      confirmed_by: 'manager',
      confirmed_at: at(11),
      cleared_reason: null,
    });
    expect(sos).toMatchObject({ state: 'open', event_content: 'SOS emergency call: bathroom' });
  });

  it("speaks the caller's language", async () => {
    const answer = await list({ state: 'closed' }, { language: 'ja' });
    expect(answer.data.records[0]).toMatchObject({ cleared_text: '窓が閉まりました' });
    const zh = await list({ type: ALERT_TYPES.window_open_ac_on }, { language: 'zh' });
    expect(zh.data.records[0]).toMatchObject({ event_content: '空调运行时窗户打开', cleared_text: '窗户已关闭' });
  });

  it('filters by state: open, closed (confirmed or cleared), all', async () => {
    expect(idsOf(await list({ state: 'open' }))).toEqual([ids.offline, ids.sos]);
    expect(idsOf(await list({ state: 'closed' }))).toEqual([ids.window, ids.door]);
    expect((await list({ state: 'all' })).data.total).toBe(4);
  });

  it('filters by type, by room number and by time, and combines them', async () => {
    expect(idsOf(await list({ type: ALERT_TYPES.door_open_long }))).toEqual([ids.door]);
    expect(idsOf(await list({ type: ALERT_TYPES.fault }))).toEqual([]);
    expect(idsOf(await list({ room_num: rooms[0]?.room_num }))).toEqual([ids.window, ids.sos]);
    expect(idsOf(await list({ room_num: 'no such room' }))).toEqual([]);
    expect(idsOf(await list({ from: at(10), to: at(20) }))).toEqual([ids.window, ids.door]);
    // Any ISO offset: the same instant.
    expect(idsOf(await list({ from: '2026-02-10T16:25:00+08:00' }))).toEqual([ids.offline]);
    expect(idsOf(await list({ to: at(5) }))).toEqual([ids.sos]);
    expect(idsOf(await list({ room_num: rooms[1]?.room_num, state: 'open', from: at(0) }))).toEqual([ids.offline]);
  });

  it('pages: {current, size} in, {records, total, current, size} out', async () => {
    const second = await list({ current: 2, size: 1 });
    expect(second.data).toMatchObject({ total: 4, current: 2, size: 1 });
    expect(idsOf(second)).toEqual([ids.window]);
    const beyond = await list({ current: 9, size: 1 });
    expect(beyond.data).toMatchObject({ records: [], total: 4, current: 9 });
  });

  it('refuses bad input with 4400 and a message naming what is wrong', async () => {
    const range = await list({ from: at(20), to: at(10) });
    expect(range.code).toBe(ErrorCode.invalid);
    expect(range.message).toContain('start time must not be after the end time');
    for (const body of [
      { state: 'done' },
      { type: 0 },
      { type: 7 },
      { type: 'sos' },
      { room_num: '' },
      { room_num: 'x'.repeat(17) },
      { from: 'yesterday' },
      { to: '2026-13-45T00:00:00Z' },
      { from: `2026-02-10T08:00:00.${'0'.repeat(40)}Z` },
      { size: 501 },
      { current: 0 },
      { keyword: 'door' },
    ]) {
      const answer = await list(body);
      expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.invalid);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('is read by every signed-in user of the hotel, the visitor too; without a session 4401', async () => {
    const forVisitor = await list({}, { token: visitor });
    expect(forVisitor.code).toBe(0);
    expect(forVisitor.data.total).toBe(4);
    const waiter = await t.login('waiter');
    expect((await list({ state: 'open' }, { token: waiter })).data.total).toBe(2);
    const anonymous = await t.call('POST', '/apis/alertlist', { body: {} });
    expect(anonymous.code).toBe(ErrorCode.unauthenticated);
  });

  it('the Administrator names the hotel: without one 4400, another hotel has none of these', async () => {
    const admin = await t.login('Administrator');
    expect((await list({}, { token: admin })).code).toBe(ErrorCode.invalid);
    const named = await list({ hotel_id: hotelId }, { token: admin });
    expect(named.code).toBe(0);
    expect(named.data.total).toBe(4);
    const other = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      body: { hotel_name: 'Alert list other hotel', validdate: null },
    });
    const empty = await list({ hotel_id: other.data.hotel_id }, { token: admin });
    expect(empty.data).toMatchObject({ records: [], total: 0 });
    // A hotel user's own hotel, whatever it names.
    expect((await list({ hotel_id: other.data.hotel_id })).data.total).toBe(4);
  });
});
