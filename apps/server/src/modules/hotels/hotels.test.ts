import { DEMO_WORDS, ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { isoDate } from '../../clock.js';
import { describeEachDatabase } from '../../test-support/databases.js';
import {
  createHotel,
  hotelWithInventory,
  insertOlderOperation,
  loggedOperations,
} from '../../test-support/fixtures.js';

describeEachDatabase('hotels and validity', (t) => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('Administrator');
  });
  const day = (offset: number) => isoDate(new Date(t.clock().getTime() + offset * 86_400_000));

  it('adds a hotel with its first manager, who logs in holding every hotel key; lists and updates it', async () => {
    const added = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      body: {
        hotel_name: ' Seaside Inn ',
        city: 'Xiamen',
        validdate: day(100),
        manager: { user_name: 'seaside', password: 'seaside123', nick_name: 'Sea' },
      },
    });
    expect(added).toMatchObject({
      code: 0,
      data: { hotel_name: 'Seaside Inn', city: 'Xiamen', validdate: day(100), room_count: 0, days_left: 100 },
    });
    const hotelId = added.data.hotel_id as number;
    const roles = await t.db.selectFrom('roles').select('name').where('hotel_id', '=', hotelId).orderBy('id').execute();
    expect(roles.map((role) => role.name)).toEqual(['nobody', 'waiter', 'guest', 'manager', 'worker']);
    const manager = await t.login('seaside', 'seaside123');
    const info = await t.call('POST', '/apis/userinfo', { token: manager });
    expect(info.data).toMatchObject({ hotel_id: hotelId, roles: ['manager'], nick_name: 'Sea' });
    expect(info.data.perms.map((perm: { val: string }) => perm.val)).toContain('pm_roomdetail');
    expect((await t.call('POST', '/apis/hotellist', { token: manager, body: {} })).code).toBe(ErrorCode.forbidden);

    const page = await t.call('POST', '/apis/hotellist', { token: admin, body: { keyword: 'seaSIDE' } });
    expect(page.data).toMatchObject({ total: 1, records: [{ hotel_id: hotelId }] });
    const demo = await t.call('POST', '/apis/hotellist', {
      token: admin,
      body: { keyword: DEMO_WORDS.zh.hotel.slice(-4) },
    });
    expect(demo.data.records[0].room_count).toBe(100);

    const updated = await t.call('PUT', '/apis/hotelupdate', {
      token: admin,
      body: { hotel_id: hotelId, address: '1 Beach Road', welcome_word: 'Welcome' },
    });
    expect(updated).toMatchObject({ code: 0, data: { hotel_name: 'Seaside Inn', address: '1 Beach Road' } });
    const missing = await t.call('PUT', '/apis/hotelupdate', { token: admin, body: { hotel_id: 999_999, city: 'x' } });
    expect(missing.code).toBe(ErrorCode.notFound);
  });

  it('names the hotel in the operation log as it was called then; a line with its id alone says so', async () => {
    const added = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      body: { hotel_name: 'Harbour Lodge', validdate: day(50), two_factor_required: true },
    });
    const hotelId = added.data.hotel_id as number;
    await t.call('PUT', '/apis/hotelupdate', {
      token: admin,
      body: { hotel_id: hotelId, hotel_name: 'Harbour House' },
    });
    // A line as older versions wrote it: the hotel by its id alone.
    await insertOlderOperation(t, {
      hotelId,
      action: 'two_factor_requirement',
      detail: { hotel_id: hotelId, required: false },
    });
    const texts = async (language: string) =>
      (await loggedOperations(t, admin, language, { hotel_id: hotelId, size: 10 })).map(
        (entry) => `${entry.action}: ${entry.text}`,
      );
    const [old, renamed, required, hotelAdded] = await texts('en');
    expect(old).toBe(`two_factor_requirement: hotel ID: ${hotelId}; required: no`);
    expect(renamed).toMatch(
      /^hotel_update: before \(Hotel name: Harbour Lodge; .*\); changes \(Hotel name: Harbour House\)$/,
    );
    expect(renamed).not.toMatch(/Hotel: |hotel ID/);
    expect(required).toBe('two_factor_requirement: Hotel name: Harbour Lodge; required: yes');
    expect(hotelAdded).toBe(`hotel_add: Hotel name: Harbour Lodge; Valid until: ${day(50)}; Manager: —`);
    const ja = await texts('ja');
    expect(ja[0]).toBe(`two_factor_requirement: ホテル ID: ${hotelId}; 必須: いいえ`);
    expect(ja[2]).toBe('two_factor_requirement: ホテル名: Harbour Lodge; 必須: はい');
  });

  it('refuses a taken hotel name or manager user name (4409) and adds nothing', async () => {
    const hotels = await t.db.selectFrom('hotels').select('hotel_id').execute();
    const name = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      body: { hotel_name: DEMO_WORDS.zh.hotel, validdate: null },
    });
    expect(name).toMatchObject({ status: 409, code: ErrorCode.conflict, message: '酒店名称已存在' });
    const user = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      headers: { 'accept-language': 'en' },
      body: { hotel_name: 'Fresh', validdate: null, manager: { user_name: 'manager', password: 'whatever1' } },
    });
    expect(user).toMatchObject({ code: ErrorCode.conflict, message: 'This user name is already taken.' });
    // User names are unique whatever their case, as on the users screen.
    for (const taken of ['MANAGER', 'administrator']) {
      const other = await t.call('POST', '/apis/hoteladd', {
        token: admin,
        body: { hotel_name: 'Fresh', validdate: null, manager: { user_name: taken, password: 'whatever1' } },
      });
      expect(other, taken).toMatchObject({ status: 409, code: ErrorCode.conflict, message: '用户名已存在' });
    }
    // And they follow the users' rule.
    const spaced = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      body: { hotel_name: 'Fresh', validdate: null, manager: { user_name: 'li ly', password: 'whatever1' } },
    });
    expect(spaced).toMatchObject({
      code: ErrorCode.invalid,
      message: '参数错误: 管理员 › 用户名只能包含字母、数字和 _ . @ -',
    });
    expect(await t.db.selectFrom('hotels').select('hotel_id').execute()).toHaveLength(hotels.length);
    const rename = await t.call('PUT', '/apis/hotelupdate', {
      token: admin,
      body: { hotel_id: hotels[hotels.length - 1]?.hotel_id, hotel_name: DEMO_WORDS.zh.hotel },
    });
    expect(rename.code).toBe(hotels.length > 1 ? ErrorCode.conflict : 0);
  });

  it('refuses to delete a hotel with rooms unless forced; a forced delete removes all of it', async () => {
    const { hotelId, token } = await hotelWithInventory(t, 'doomed');
    const rooms = await t.call('POST', '/apis/roomsadd', {
      token,
      body: {
        floors: [1, 2],
        rooms: [1, 5],
        room_type_id: (await t.call('POST', '/apis/roomtypeoptions', { token, body: {} })).data[0].id,
      },
    });
    expect(rooms.data.created).toBe(10);
    const refused = await t.call('POST', '/apis/hoteldel', {
      token: admin,
      headers: { 'accept-language': 'en' },
      body: { hotel_id: hotelId },
    });
    expect(refused).toMatchObject({ status: 409, code: ErrorCode.conflict });
    expect(refused.message).toContain('forced delete');
    expect(await t.db.selectFrom('rooms').select('id').where('hotel_id', '=', hotelId).execute()).toHaveLength(10);

    const forced = await t.call('POST', '/apis/hoteldel', { token: admin, body: { hotel_id: hotelId, force: true } });
    expect(forced).toMatchObject({ code: 0, data: null });
    for (const table of ['rooms', 'room_types', 'buildings', 'users', 'roles', 'hotels'] as const) {
      const left = await t.db.selectFrom(table).selectAll().where('hotel_id', '=', hotelId).execute();
      expect(left, table).toEqual([]);
    }
    expect((await t.call('POST', '/apis/userinfo', { token })).code).toBe(ErrorCode.unauthenticated);
    const log = await t.db
      .selectFrom('oplog')
      .select(['action', 'detail'])
      .where('action', '=', 'hotel_delete')
      .execute();
    // Its name kept beside its id: nothing else names it once it is gone.
    expect(JSON.parse(log.at(-1)?.detail ?? '{}')).toMatchObject({
      hotel_id: hotelId,
      hotel_name: 'doomed hotel',
      rooms: 10,
      force: true,
    });

    const empty = await createHotel(t, { name: 'Empty hotel' });
    expect((await t.call('POST', '/apis/hoteldel', { token: admin, body: { hotel_id: empty.hotelId } })).code).toBe(0);
    expect((await t.call('POST', '/apis/hoteldel', { token: admin, body: { hotel_id: empty.hotelId } })).code).toBe(
      ErrorCode.notFound,
    );
  });

  it('lists validity dates soonest first, warns 30 days ahead, and updates them', async () => {
    const soon = await createHotel(t, { name: 'Soon ends', validdate: day(10) });
    const later = await createHotel(t, { name: 'Ends later', validdate: day(31) });
    const ended = await createHotel(t, { name: 'Has ended', validdate: day(-3) });
    const expiring = await t.call('POST', '/apis/validdatelist', { token: admin, body: { expiring: true, size: 500 } });
    const ids = expiring.data.records.map((row: { hotel_id: number }) => row.hotel_id);
    expect(ids).toContain(soon.hotelId);
    expect(ids).toContain(ended.hotelId);
    expect(ids).not.toContain(later.hotelId);
    expect(expiring.data.records.find((row: { hotel_id: number }) => row.hotel_id === ended.hotelId)).toEqual({
      hotel_id: ended.hotelId,
      hotel_name: 'Has ended',
      validdate: day(-3),
      days_left: -3,
    });
    const all = await t.call('POST', '/apis/validdatelist', { token: admin, body: { size: 500 } });
    const dates = all.data.records.map((row: { validdate: string | null }) => row.validdate).filter(Boolean);
    expect(dates).toEqual([...dates].sort());

    const extended = await t.call('PUT', '/apis/validdateupdate', {
      token: admin,
      body: { hotel_id: soon.hotelId, validdate: day(365) },
    });
    expect(extended).toMatchObject({ code: 0, data: { validdate: day(365), days_left: 365 } });
    const bad = await t.call('PUT', '/apis/validdateupdate', {
      token: admin,
      body: { hotel_id: soon.hotelId, validdate: '2026-02-30' },
    });
    expect(bad.code).toBe(ErrorCode.invalid);
  });

  it("refuses an expired hotel's users at login and on an existing session (4410); never the Administrator", async () => {
    const user = { user_name: 'late_user', password: 'late_pass1', perms: ['*'] };
    const { hotelId } = await createHotel(t, { name: 'Late hotel', validdate: day(1), users: [user] });
    const session = await t.login(user.user_name, user.password);
    expect((await t.call('POST', '/apis/roomlist', { token: session, body: {} })).code).toBe(0);

    await t.call('PUT', '/apis/validdateupdate', { token: admin, body: { hotel_id: hotelId, validdate: day(-1) } });
    const call = await t.call('POST', '/apis/roomlist', {
      token: session,
      headers: { 'accept-language': 'en' },
      body: {},
    });
    expect(call).toMatchObject({ status: 403, code: ErrorCode.hotelExpired });
    // The date as the console writes dates, in the caller's language: 'Nov 26, 2026'.
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day(-1)));
    expect(call.message).toContain(`ended on ${shown};`);
    const login = await t.call('POST', '/apis/login', { body: { user_name: user.user_name, password: user.password } });
    expect(login.code).toBe(ErrorCode.hotelExpired);
    expect(login.message).toContain('有效期已过');

    const asAdmin = await t.call('POST', '/apis/roomlist', { token: admin, body: { hotel_id: hotelId } });
    expect(asAdmin.code).toBe(0);
    expect(
      (await t.call('POST', '/apis/login', { body: { user_name: 'Administrator', password: 'Admin#secret1' } })).code,
    ).toBe(0);

    await t.call('PUT', '/apis/validdateupdate', { token: admin, body: { hotel_id: hotelId, validdate: day(0) } });
    expect((await t.call('POST', '/apis/roomlist', { token: session, body: {} })).code).toBe(0);
  });
});
