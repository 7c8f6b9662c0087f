import { ErrorCode, type RoomRef, type StatePayload } from '@roompilot/contract';
import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoomEventsTable } from '../../db/schema.js';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel, hotelWithInventory } from '../../test-support/fixtures.js';
import { PowerService } from './service.js';

const at = (iso: string) => new Date(iso);

describeEachDatabase('power statistics', (t) => {
  let token: string;
  let hotelId: number;
  let noPerm: string;
  const rooms: Record<'a' | 'b' | 'c' | 'd', RoomRef & { room_type_id: number }> = {} as never;
  let power: PowerService;

  const read = (room: RoomRef, iso: string, kwh: number, extra: Partial<StatePayload> = {}) =>
    power.record(room, { energy: { kwh }, ...extra }, at(iso));
  const statistics = (body: object, options: { token?: string; language?: string } = {}) =>
    t.call('POST', '/apis/powerstatistics', {
      token: options.token ?? token,
      body,
      headers: { 'accept-language': options.language ?? 'en' },
    });
  const values = (answer: { data: { series: { points: { kwh: number }[] }[] } }, series = 0) =>
    answer.data.series[series]?.points.map((point) => point.kwh);

  beforeAll(async () => {
    const inventory = await hotelWithInventory(t, 'pw');
    ({ token, hotelId } = inventory);
    const suite = await t.call('POST', '/apis/roomtypeadd', {
      token,
      body: { name: 'Suite', devices: [{ key: 'AC1', kind: 'ac', name: 'Air' }] },
    });
    const add = async (room_num: string, floor_num: number, room_type_id: number) => {
      const answer = await t.call('POST', '/apis/roomadd', {
        token,
        body: { room_num, floor_num, room_type_id, rcu_id: `PW${room_num}` },
      });
      expect(answer.code).toBe(0);
      return {
        room_id: answer.data.id as number,
        hotel_id: hotelId,
        building_id: inventory.buildingId,
        room_num,
        floor_num,
        room_type_id,
      };
    };
    rooms.a = await add('0201', 2, inventory.roomTypeId);
    rooms.b = await add('0301', 3, suite.data.id as number);
    rooms.c = await add('0302', 3, suite.data.id as number);
    rooms.d = await add('0401', 4, suite.data.id as number);
    await t.db.updateTable('rooms').set({ rent: 'checked_in' }).where('id', '=', rooms.a.room_id).execute();
    const other = await createHotel(t, {
      name: 'pw other hotel',
      users: [{ user_name: 'pw_noperm', password: 'pw_noperm1', perms: ['pm_dashboard'] }],
    });
    expect(other.hotelId).not.toBe(hotelId);
    noPerm = await t.login('pw_noperm', 'pw_noperm1');

    // Room A's meter: a first reading (nothing counted yet), a gap of four hours over midnight and
    // the end of October, a reset, and another gap. The meter differences: 1 + 4 + 2 (reset: from 0) + 2 = 9.
    power = new PowerService({ db: t.db, clock: t.clock });
    await power.restore();
    read(rooms.a, '2026-10-31T20:00:00Z', 100);
    read(rooms.a, '2026-10-31T21:00:00Z', 101);
    read(rooms.a, '2026-11-01T01:00:00Z', 105);
    read(rooms.a, '2026-11-01T01:30:00Z', 2);
    read(rooms.a, '2026-11-01T03:30:00Z', 4);
    // Room B: 3 kWh in one hour; its RCU says it is sold (the server holds no rent state for it).
    read(rooms.b, '2026-11-01T02:00:00Z', 50, { rent: 'sold' });
    read(rooms.b, '2026-11-01T02:40:00Z', 53);
    await power.flush();
    // A restarted server counts on from the saved readings: 1 more kWh for A, spread over 03:30–04:30.
    power = new PowerService({ db: t.db, clock: t.clock });
    await power.restore();
    read(rooms.a, '2026-11-01T04:30:00Z', 5);
    await power.flush();
  });

  describe('totals equal the meter differences', () => {
    it('by hour: each hour its share of the readings around it', async () => {
      const answer = await statistics({ from: '2026-10-31T20:00:00Z', to: '2026-11-01T05:00:00Z', interval: 'hour' });
      expect(answer.code).toBe(0);
      expect(answer.data.total_kwh).toBeCloseTo(13, 9);
      expect(answer.data.series).toHaveLength(1);
      expect(answer.data.series[0]).toMatchObject({ key: 'hotel', name: 'Whole hotel' });
      expect(answer.data.series[0].points[0]).toEqual({ at: '2026-10-31T20:00:00.000Z', kwh: 1 });
      // 20 21 22 23 | 00 01 (0.5 + reset 2 + 0.5 of the next gap... ) 02 (A 1, B 3) 03 (A 0.5 + 0.5) 04 (A 0.5)
      expect(values(answer)).toEqual([1, 1, 1, 1, 1, 2.5, 4, 1, 0.5]);
    });

    it('by day and by month: the days and months the readings fall in', async () => {
      const days = await statistics({ from: '2026-10-31T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'day' });
      expect(days.data.series[0].points).toEqual([
        { at: '2026-10-31T00:00:00.000Z', kwh: 4 },
        { at: '2026-11-01T00:00:00.000Z', kwh: 9 },
      ]);
      const months = await statistics({ from: '2026-10-01T00:00:00Z', to: '2026-12-01T00:00:00Z', interval: 'month' });
      expect(values(months)).toEqual([4, 9]);
      expect(months.data.total_kwh).toBe(13);
    });

    it('starts days at midnight in the offset `from` is written with', async () => {
      const days = await statistics({
        from: '2026-10-31T00:00:00+08:00',
        to: '2026-11-02T00:00:00+08:00',
        interval: 'day',
      });
      // Beijing's 1 November runs from 31 October 16:00 UTC: every reading of the test is in it.
      expect(days.data.series[0].points).toEqual([
        { at: '2026-10-30T16:00:00.000Z', kwh: 0 },
        { at: '2026-10-31T16:00:00.000Z', kwh: 13 },
      ]);
    });
  });

  it('groups by floor, room type, rent state (as it was) and room, largest first', async () => {
    const period = { from: '2026-10-31T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'day' };
    const floors = await statistics({ ...period, group: 'floor' });
    expect(floors.data.series.map((s: { key: string; name: string }) => [s.key, s.name])).toEqual([
      ['2', 'Floor 2'],
      ['3', 'Floor 3'],
    ]);
    expect(values(floors, 1)).toEqual([0, 3]);
    const types = await statistics({ ...period, group: 'room_type' }, { language: 'zh' });
    expect(types.data.series.map((s: { name: string }) => s.name)).toEqual(['Standard', 'Suite']);
    const rents = await statistics({ ...period, group: 'rent' }, { language: 'es' });
    expect(rents.data.series.map((s: { key: string; name: string }) => [s.key, s.name])).toEqual([
      ['checked_in', 'Ocupada'],
      ['sold', 'Vendida'],
    ]);
    const byRoom = await statistics({ ...period, group: 'room' });
    expect(byRoom.data.series.map((s: { name: string }) => s.name)).toEqual(['0201', '0301']);
    expect(byRoom.data.total_kwh).toBe(13);
  });

  it('lists every bucket, zero where nothing was used; no data is one zero series', async () => {
    const answer = await statistics({ from: '2026-01-01T00:00:00Z', to: '2026-01-01T03:00:00Z', interval: 'hour' });
    expect(answer.data).toEqual({
      total_kwh: 0,
      series: [
        {
          key: 'hotel',
          name: 'Whole hotel',
          points: [0, 1, 2].map((h) => ({ at: `2026-01-01T0${h}:00:00.000Z`, kwh: 0 })),
        },
      ],
    });
    const byFloor = await statistics({
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
      interval: 'day',
      group: 'floor',
    });
    expect(byFloor.data).toEqual({ total_kwh: 0, series: [] });
  });

  it("places a reading at the RCU's own time when it sent one", async () => {
    const service = new PowerService({ db: t.db, clock: t.clock });
    await service.restore();
    const came = at('2026-12-10T12:00:00Z');
    service.record(rooms.d, { ts: Date.parse('2026-12-10T03:10:00Z'), energy: { kwh: 60 } }, came);
    service.record(rooms.d, { ts: Date.parse('2026-12-10T03:50:00Z'), energy: { kwh: 61.5 } }, came);
    await service.flush();
    const answer = await statistics({ from: '2026-12-10T03:00:00Z', to: '2026-12-10T13:00:00Z', interval: 'hour' });
    expect(values(answer)).toEqual([1.5, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('answers the top consumers of a period', async () => {
    const answer = await t.call('POST', '/apis/powertop', {
      token,
      body: { from: '2026-10-31T00:00:00Z', to: '2026-11-02T00:00:00Z', limit: 5 },
    });
    expect(answer.data.rooms).toEqual([
      { room_id: rooms.a.room_id, room_num: '0201', floor_num: 2, room_type: 'Standard', kwh: 10 },
      { room_id: rooms.b.room_id, room_num: '0301', floor_num: 3, room_type: 'Suite', kwh: 3 },
    ]);
  });

  it('estimates the saving of the policy from the rate before each action and what was used while it held', async () => {
    // Room C used 1 kWh an hour; at 10:00 the policy set its AC back; it used 0.2 kWh an hour until
    // the card came back at 13:00. Without the policy: 3 kWh; with it: 0.6; saved 2.4.
    const service = new PowerService({ db: t.db, clock: t.clock });
    await service.restore();
    for (let hour = 8; hour <= 13; hour++) {
      const kwh = hour <= 10 ? hour - 8 : 2 + (hour - 10) * 0.2;
      service.record(rooms.c, { energy: { kwh } }, at(`2026-11-05T${String(hour).padStart(2, '0')}:00:00Z`));
    }
    await service.flush();
    const event = (type: string, time: string) => ({
      hotel_id: hotelId,
      room_id: rooms.c.room_id,
      event_id: `pw-${type}-${time}`,
      type,
      detail: type === 'policy' ? JSON.stringify({ rule: 'card_out_setback', changes: {}, ok: true }) : '',
      event_time: time,
      received_at: time,
    });
    await t.db
      .insertInto('room_events')
      .values([event('policy', '2026-11-05T10:00:00.000Z'), event('card_in', '2026-11-05T13:00:00.000Z')])
      .execute();
    t.clock.set(at('2026-11-06T00:00:00Z'));
    const answer = await t.call('POST', '/apis/powersaving', {
      token,
      body: { from: '2026-11-05T00:00:00Z', to: '2026-11-06T00:00:00Z' },
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      actions: 1,
      unestimated_actions: 0,
      hours: 3,
      baseline_kwh: 3,
      actual_kwh: 0.6,
      saved_kwh: 2.4,
      total_kwh: 2.6,
    });
  });

  it('counts only the actions that turned an AC off or set it back, never below what the room used, and the hour under way as far as it went', async () => {
    // Room 0501 reported from 08:00 on, 1 kWh an hour: its AC turned off at 08:20 as a window opened
    // has no hour before to go by (unestimated). At 09:00 the policy pre-conditioned it for a check-in (ACs on),
    // at 09:10 kept a guest's setting within the limits, at 10:30 set its AC back with the card
    // out; at 10:40 its longest-run action failed (nothing changed). It then used 0.2 kWh an hour;
    // it is 11:30. Counted: the setback alone, held an hour: without it 1 kWh, with it 0.3 (half
    // of hour 10) + 0.1 (all of hour 11 so far): saved 0.6.
    // Room 0502 used 0.1 kWh from 08:00 to 09:00; its AC turned off at 09:00 as a window opened,
    // and it used 0.5 kWh until the card came in at 10:00 (the guest's other devices): without the
    // policy no less than that, saved nothing.
    const service = new PowerService({ db: t.db, clock: t.clock });
    await service.restore();
    const events: Insertable<RoomEventsTable>[] = [];
    const addRoom = async (room_num: string, readings: [string, number][], policy: [string, string, boolean?][]) => {
      const added = await t.call('POST', '/apis/roomadd', {
        token,
        body: { room_num, floor_num: 5, room_type_id: rooms.c.room_type_id, rcu_id: `PW${room_num}` },
      });
      const room = { ...rooms.c, room_id: added.data.id as number, room_num, floor_num: 5 };
      for (const [time, kwh] of readings) service.record(room, { energy: { kwh } }, at(`2026-11-08T${time}:00Z`));
      for (const [time, rule, ok = true] of policy) {
        events.push({
          hotel_id: hotelId,
          room_id: room.room_id,
          event_id: `pw-${room_num}-${time}`,
          type: rule === 'card_in' ? 'card_in' : 'policy',
          detail: rule === 'card_in' ? '' : JSON.stringify({ rule, changes: {}, ok }),
          event_time: `2026-11-08T${time}:00.000Z`,
          received_at: `2026-11-08T${time}:00.000Z`,
        });
      }
    };
    await addRoom(
      '0501',
      [
        ['08:00', 0],
        ['09:00', 1],
        ['10:00', 2],
        ['10:30', 2.5],
        ['11:00', 2.6],
        ['11:30', 2.7],
      ],
      [
        ['08:20', 'window_open'],
        ['09:00', 'checkin_precondition'],
        ['09:10', 'limits'],
        ['10:30', 'card_out_setback'],
        ['10:40', 'max_run', false],
      ],
    );
    await addRoom(
      '0502',
      [
        ['08:00', 0],
        ['09:00', 0.1],
        ['10:00', 0.6],
      ],
      [
        ['09:00', 'window_open'],
        ['10:00', 'card_in'],
      ],
    );
    await service.flush();
    await t.db
      .insertInto('room_events')
      .values(events as never)
      .execute();
    t.clock.set(at('2026-11-08T11:30:00Z'));
    const answer = await t.call('POST', '/apis/powersaving', {
      token,
      body: { from: '2026-11-08T00:00:00Z', to: '2026-11-09T00:00:00Z' },
    });
    expect(answer.data).toEqual({
      actions: 2,
      unestimated_actions: 1,
      hours: 2,
      baseline_kwh: 1.5,
      actual_kwh: 0.9,
      saved_kwh: 0.6,
      total_kwh: 3.3,
    });
  });

  it("tells a policy whose saving cannot be estimated yet (a new server's first hour) from one that set no AC back", async () => {
    // A server started at 10:20: its rooms' meters count from their first readings then, 0.6 kWh an
    // hour. At 10:35 the policy set room 0601's AC back (for sale, empty), at 10:50 room 0602's
    // (card out). It is 10:55: neither room counted anything in the hour before its action, so
    // neither has a rate to go by. The card must not say that no AC was set back.
    const service = new PowerService({ db: t.db, clock: t.clock });
    await service.restore();
    const day = (time: string) => `2026-11-12T${time}:00.000Z`;
    const firstHour: RoomRef[] = [];
    for (const room_num of ['0601', '0602']) {
      const added = await t.call('POST', '/apis/roomadd', {
        token,
        body: { room_num, floor_num: 6, room_type_id: rooms.c.room_type_id, rcu_id: `PW${room_num}` },
      });
      firstHour.push({ ...rooms.c, room_id: added.data.id as number, room_num, floor_num: 6 });
    }
    const [sale, guest] = firstHour as [RoomRef, RoomRef];
    const readings = (room: RoomRef, list: [string, number][]) => {
      for (const [time, kwh] of list) service.record(room, { energy: { kwh } }, at(day(time)));
    };
    const policy = (room: RoomRef, time: string, rule: string): Insertable<RoomEventsTable> => ({
      hotel_id: hotelId,
      room_id: room.room_id,
      event_id: `pw-${room.room_num}-${time}-${rule}`,
      type: rule === 'card_in' ? 'card_in' : 'policy',
      detail: rule === 'card_in' ? '' : JSON.stringify({ rule, changes: {}, ok: true }),
      event_time: day(time),
      received_at: day(time),
    });
    for (const room of firstHour) {
      readings(room, [
        ['10:20', 0],
        ['10:30', 0.1],
        ['10:40', 0.2],
        ['10:50', 0.3],
      ]);
    }
    await service.flush();
    await t.db
      .insertInto('room_events')
      .values([policy(sale, '10:35', 'unsold_setback'), policy(guest, '10:50', 'card_out_setback')])
      .execute();
    const saving = () =>
      t.call('POST', '/apis/powersaving', { token, body: { from: day('00:00'), to: '2026-11-13T00:00:00Z' } });

    t.clock.set(at(day('10:55')));
    const firstAnswer = await saving();
    expect(firstAnswer.code).toBe(0);
    expect(firstAnswer.data).toEqual({
      actions: 0,
      unestimated_actions: 2,
      hours: 0,
      baseline_kwh: 0,
      actual_kwh: 0,
      saved_kwh: 0,
      total_kwh: 0.6,
    });

    // An hour on: the guest came back at 11:00 and left again, and at 11:10 its AC was set back with
    // the hour 10:00–11:00 counted. That action is estimated; the first hour's two stay out.
    readings(guest, [
      ['11:00', 0.4],
      ['11:10', 0.5],
      ['11:40', 0.53],
    ]);
    await service.flush();
    await t.db
      .insertInto('room_events')
      .values([policy(guest, '11:00', 'card_in'), policy(guest, '11:10', 'card_out_setback')])
      .execute();
    t.clock.set(at(day('11:40')));
    expect((await saving()).data).toMatchObject({ actions: 1, unestimated_actions: 2, hours: 0.5 });

    // A day the policy set no AC back: nothing to estimate, and nothing left out.
    const quiet = await t.call('POST', '/apis/powersaving', {
      token,
      body: { from: '2026-11-11T00:00:00Z', to: '2026-11-12T00:00:00Z' },
    });
    expect(quiet.data).toMatchObject({ actions: 0, unestimated_actions: 0 });

    // The field is in the OpenAPI the server publishes, as every figure of the answer.
    const docs = (await t.app.inject({ method: 'GET', url: '/apis/docs/json' })).json();
    const schema = docs.paths['/apis/powersaving'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(schema)).toContain('unestimated_actions');
  });

  it('exports the figures as CSV and as an Excel sheet of numbers', async () => {
    const body = { from: '2026-10-31T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'day', group: 'floor' };
    const csv = await t.call('POST', '/apis/powerexport', {
      token,
      body: { ...body, format: 'csv' },
      headers: { 'accept-language': 'en' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="power-\d+-day-.*\.csv"/);
    expect(
      csv.raw
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Time,Floor 2,Floor 3,Total', '2026-10-31,4,0,4', '2026-11-01,6,3,9']);
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/apis/powerexport',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: { ...body, format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Time', 'Floor 2', 'Floor 3', 'Total']);
    expect(sheet?.getRow(3).values).toEqual([undefined, '2026-11-01', 6, 3, 9]);
  });

  describe('refuses what it cannot answer', () => {
    it('a period that ends before it starts, or is too long for its interval (4400)', async () => {
      const backwards = await statistics({ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'day' });
      expect([backwards.status, backwards.code, backwards.message]).toEqual([
        400,
        ErrorCode.invalid,
        'The start time must be before the end time.',
      ]);
      const long = await statistics({ from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z', interval: 'hour' });
      expect([long.code, long.message]).toEqual([
        ErrorCode.invalid,
        'The period is too long for this interval: at most 744 points.',
      ]);
      const saving = await t.call('POST', '/apis/powersaving', {
        token,
        body: { from: '2026-01-01T00:00:00Z', to: '2026-12-01T00:00:00Z' },
      });
      expect(saving.code).toBe(ErrorCode.invalid);
      const top = await t.call('POST', '/apis/powertop', {
        token,
        body: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      });
      expect(top.code).toBe(ErrorCode.invalid);
    });

    it('bad fields (4400), named', async () => {
      for (const body of [
        { from: 'yesterday', to: '2026-11-01T00:00:00Z', interval: 'day' },
        { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'week' },
        { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'day', group: 'wing' },
        { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
        { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'day', extra: 1 },
      ]) {
        const answer = await statistics(body);
        expect([answer.status, answer.code], JSON.stringify(body)).toEqual([400, ErrorCode.invalid]);
      }
      const export_ = await t.call('POST', '/apis/powerexport', {
        token,
        body: { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'day', format: 'pdf' },
      });
      expect(export_.code).toBe(ErrorCode.invalid);
      const top = await t.call('POST', '/apis/powertop', {
        token,
        body: { from: '2026-10-01T00:00:00Z', to: '2026-11-01T00:00:00Z', limit: 1000 },
      });
      expect(top.code).toBe(ErrorCode.invalid);
    });

    it('a user without pm_powerstatistics (4403) and a visitor of no session (4401)', async () => {
      const body = { from: '2026-10-31T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'day' };
      for (const url of ['/apis/powerstatistics', '/apis/powertop', '/apis/powersaving', '/apis/powerexport']) {
        const refused = await t.call('POST', url, { token: noPerm, body: { ...body, format: 'csv' } });
        expect(refused.code, url).toBe(ErrorCode.forbidden);
      }
      const anonymous = await t.call('POST', '/apis/powerstatistics', { body });
      expect(anonymous.code).toBe(ErrorCode.unauthenticated);
    });

    it("another hotel's figures: the Administrator names the hotel; a hotel user sees only its own", async () => {
      const admin = await t.login('Administrator');
      const body = { from: '2026-10-31T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'day' };
      const named = await statistics({ ...body, hotel_id: hotelId }, { token: admin });
      expect(named.data.total_kwh).toBe(13);
      const other = await t.call('POST', '/apis/userinfo', { token: noPerm });
      const elsewhere = await statistics({ ...body, hotel_id: other.data.hotel_id }, { token: admin });
      expect(elsewhere.data.total_kwh).toBe(0);
      // The manager's own hotel, whatever it names.
      const own = await statistics({ ...body, hotel_id: other.data.hotel_id });
      expect(own.data.total_kwh).toBe(13);
    });
  });
});
