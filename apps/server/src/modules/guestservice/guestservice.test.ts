import { ErrorCode, GOODS_PER_HOTEL_MAX } from '@roompilot/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel, hotelWithInventory } from '../../test-support/fixtures.js';
import { RateLimiter } from './limiter.js';
import { matchesEtag } from './routes.js';
import { basicCredentials } from './service.js';

const basic = (rcuId: string, key: string) => `Basic ${Buffer.from(`${rcuId}:${key}`).toString('base64')}`;

/** A room of the hotel with its device key (shown to a holder of pm_roomdetail). */
async function roomWithKey(t: TestApp, token: string, roomTypeId: number, num: string, rcuId: string) {
  const room = await t.call('POST', '/apis/roomadd', {
    token,
    body: { room_num: num, floor_num: 2, room_type_id: roomTypeId, rcu_id: rcuId },
  });
  if (room.code !== 0) throw new Error(`room ${num}: ${room.message}`);
  return room.data as { id: number; rcu_id: string; device_key: string };
}

describeEachDatabase('guest service', (t) => {
  let token: string;
  let hotelId: number;
  let roomTypeId: number;
  beforeAll(async () => {
    ({ token, hotelId, roomTypeId } = await hotelWithInventory(t, 'gs'));
  });

  const goodsAdd = (body: Record<string, unknown>, as = token) => t.call('POST', '/apis/goodsadd', { token: as, body });

  it('adds, searches, pages, changes and deletes goods, the price in cents', async () => {
    const water = await goodsAdd({ name: ' Water ', description: '550 ml', number: 40, type: 'drink', price: 500 });
    expect(water).toMatchObject({
      code: 0,
      data: { name: 'Water', description: '550 ml', number: 40, type: 'drink', price: 500, hotel_id: hotelId },
    });
    const nuts = await goodsAdd({ name: 'Nuts', number: 0, type: 'minibar', price: 3850 });
    expect(nuts.data).toMatchObject({ description: '', number: 0, price: 3850 });
    await goodsAdd({ name: 'Charger', description: 'USB-C water-proof', number: 2, type: 'rental', price: 0 });

    const byKeyword = await t.call('POST', '/apis/goodslist', { token, body: { keyword: 'WATER' } });
    expect(byKeyword.data.records.map((g: { name: string }) => g.name)).toEqual(['Water', 'Charger']);
    const byType = await t.call('POST', '/apis/goodslist', { token, body: { keyword: 'water', type: 'rental' } });
    expect(byType.data).toMatchObject({ total: 1, records: [{ name: 'Charger' }] });
    const paged = await t.call('POST', '/apis/goodslist', { token, body: { current: 2, size: 2 } });
    expect(paged.data).toMatchObject({ total: 3, current: 2, size: 2, records: [{ name: 'Charger' }] });

    const changed = await t.call('PUT', '/apis/goodsupdate', {
      token,
      body: { id: nuts.data.id, number: 12, price: 3800, name: 'Mixed nuts' },
    });
    expect(changed).toMatchObject({ code: 0, data: { name: 'Mixed nuts', number: 12, price: 3800, type: 'minibar' } });

    const deleted = await t.call('POST', '/apis/goodsdel', { token, body: { ids: [water.data.id, nuts.data.id] } });
    expect(deleted).toMatchObject({ code: 0, data: { deleted: 2 } });
    const left = await t.call('POST', '/apis/goodslist', { token, body: {} });
    expect(left.data.records.map((g: { name: string }) => g.name)).toEqual(['Charger']);
    const actions = await t.db
      .selectFrom('oplog')
      .select('action')
      .where('hotel_id', '=', hotelId)
      .where('action', 'like', 'goods_%')
      .orderBy('id')
      .execute();
    expect(actions.map((row) => row.action)).toEqual([
      'goods_add',
      'goods_add',
      'goods_add',
      'goods_update',
      'goods_delete',
    ]);
  });

  it('refuses bad goods: a taken name (4409), a bad price, stock or type naming the field (4400), an unknown id (4404)', async () => {
    await goodsAdd({ name: 'Towel', number: 1, type: 'amenity', price: 0 });
    expect(await goodsAdd({ name: 'Towel', number: 1, type: 'amenity', price: 0 })).toMatchObject({
      code: ErrorCode.conflict,
      message: '商品名称已存在',
    });
    // Two at once with one name: one is added, the other refused the same way.
    const raced = await Promise.all([1, 2].map(() => goodsAdd({ name: 'Robe', number: 1, type: 'rental', price: 0 })));
    expect(raced.map((answer) => answer.code).sort()).toEqual([0, ErrorCode.conflict]);
    const cents = await goodsAdd({ name: 'Half', number: 1, type: 'food', price: 12.5 });
    expect(cents.code).toBe(ErrorCode.invalid);
    expect(cents.message).toContain('价格');
    const negative = await t.call('POST', '/apis/goodsadd', {
      token,
      headers: { 'accept-language': 'en' },
      body: { name: 'Neg', number: -1, type: 'food', price: 1 },
    });
    expect(negative.code).toBe(ErrorCode.invalid);
    expect(negative.message).toContain('Stock');
    expect((await goodsAdd({ name: 'Odd', number: 1, type: 'weapons', price: 1 })).code).toBe(ErrorCode.invalid);
    expect((await goodsAdd({ name: 'x'.repeat(65), number: 1, type: 'food', price: 1 })).code).toBe(ErrorCode.invalid);
    const unknown = await t.call('PUT', '/apis/goodsupdate', { token, body: { id: 999_999, price: 1 } });
    expect(unknown).toMatchObject({ code: ErrorCode.notFound, message: '商品不存在' });
    const towel = await t.call('POST', '/apis/goodslist', { token, body: { keyword: 'Towel' } });
    const rename = await t.call('PUT', '/apis/goodsupdate', {
      token,
      body: { id: towel.data.records[0].id, name: 'Charger' },
    });
    expect(rename.code).toBe(ErrorCode.conflict);
    // One id not the hotel's: nothing is deleted.
    const partly = await t.call('POST', '/apis/goodsdel', {
      token,
      body: { ids: [towel.data.records[0].id, 999_999] },
    });
    expect(partly.code).toBe(ErrorCode.notFound);
    expect((await t.call('POST', '/apis/goodslist', { token, body: { keyword: 'Towel' } })).data.total).toBe(1);
  });

  it(`holds at most ${GOODS_PER_HOTEL_MAX} goods a hotel (4409)`, async () => {
    const { hotelId: full, userIds } = await createHotel(t, {
      name: 'Full hotel',
      users: [{ user_name: 'gs_full', password: 'gs_full_pass1', perms: ['pm_goods'] }],
    });
    expect(userIds.gs_full).toBeDefined();
    const now = t.clock().toISOString();
    await t.db
      .insertInto('goods')
      .values(
        Array.from({ length: GOODS_PER_HOTEL_MAX }, (_, i) => ({
          hotel_id: full,
          name: `item ${i}`,
          description: '',
          number: 1,
          type: 'other',
          price: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const fullToken = await t.login('gs_full', 'gs_full_pass1');
    const refused = await goodsAdd({ name: 'One more', number: 1, type: 'other', price: 0 }, fullToken);
    expect(refused).toMatchObject({ code: ErrorCode.conflict, message: `每家酒店最多 ${GOODS_PER_HOTEL_MAX} 件商品` });
  });

  it('adds, searches, changes and deletes questions', async () => {
    const wifi = await t.call('POST', '/apis/questionadd', {
      token,
      body: { question: 'Wi-Fi password?', reply: 'welcome2024', type: 'wifi' },
    });
    expect(wifi).toMatchObject({ code: 0, data: { question: 'Wi-Fi password?', reply: 'welcome2024', type: 'wifi' } });
    await t.call('POST', '/apis/questionadd', {
      token,
      body: { question: 'Breakfast?', reply: '6:30 to 10:00, ground floor', type: 'dining' },
    });
    const taken = await t.call('POST', '/apis/questionadd', {
      token,
      body: { question: 'Breakfast?', reply: 'again', type: 'dining' },
    });
    expect(taken).toMatchObject({ code: ErrorCode.conflict, message: '该问题已存在' });
    const empty = await t.call('POST', '/apis/questionadd', {
      token,
      body: { question: 'Q', reply: '', type: 'stay' },
    });
    expect(empty.code).toBe(ErrorCode.invalid);
    expect(empty.message).toContain('回答');

    const byReply = await t.call('POST', '/apis/questionlist', { token, body: { keyword: 'ground' } });
    expect(byReply.data).toMatchObject({ total: 1, records: [{ question: 'Breakfast?' }] });
    const byType = await t.call('POST', '/apis/questionlist', { token, body: { type: 'wifi' } });
    expect(byType.data).toMatchObject({ total: 1, records: [{ question: 'Wi-Fi password?' }] });

    const changed = await t.call('PUT', '/apis/questionupdate', {
      token,
      body: { id: wifi.data.id, reply: 'Network Guest, password welcome2025' },
    });
    expect(changed).toMatchObject({ code: 0, data: { reply: 'Network Guest, password welcome2025' } });
    const unknown = await t.call('PUT', '/apis/questionupdate', { token, body: { id: 999_999, reply: 'x' } });
    expect(unknown).toMatchObject({ code: ErrorCode.notFound, message: '问答不存在' });
    expect(await t.call('POST', '/apis/questiondel', { token, body: { ids: [wifi.data.id] } })).toMatchObject({
      code: 0,
      data: { deleted: 1 },
    });
    expect((await t.call('POST', '/apis/questiondel', { token, body: { ids: [wifi.data.id] } })).code).toBe(
      ErrorCode.notFound,
    );
  });

  it("reads and changes the hotel's welcome word, bounded at 500 characters", async () => {
    const before = await t.call('POST', '/apis/welcome', { token });
    expect(before).toMatchObject({ code: 0, data: { hotel_id: hotelId, hotel_name: 'gs hotel', welcome_word: '' } });
    const saved = await t.call('PUT', '/apis/welcomeupdate', {
      token,
      body: { welcome_word: 'Welcome!\nEnjoy your stay.' },
    });
    expect(saved).toMatchObject({
      code: 0,
      data: { hotel_name: 'gs hotel', welcome_word: 'Welcome!\nEnjoy your stay.' },
    });
    expect((await t.call('POST', '/apis/welcome', { token })).data.welcome_word).toBe('Welcome!\nEnjoy your stay.');
    const long = await t.call('PUT', '/apis/welcomeupdate', { token, body: { welcome_word: 'x'.repeat(501) } });
    expect(long.code).toBe(ErrorCode.invalid);
    expect(long.message).toContain('欢迎词');
    const logged = await t.db
      .selectFrom('oplog')
      .select('detail')
      .where('hotel_id', '=', hotelId)
      .where('action', '=', 'welcome_update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.detail)).toEqual({ before: '' });
  });

  it("lets in a screen's own key or pm_dept, and no one else; a visitor only reads", async () => {
    await createHotel(t, {
      name: 'Keys hotel',
      users: [
        { user_name: 'gs_goods', password: 'gs_goods_pass1', perms: ['pm_goods'] },
        { user_name: 'gs_dept', password: 'gs_dept_pass1', perms: ['pm_dept'] },
        { user_name: 'gs_dash', password: 'gs_dash_pass1', perms: ['pm_dashboard'] },
        { user_name: 'gs_visitor', password: 'gs_visitor_pass1', perms: null },
      ],
    });
    const goodsOnly = await t.login('gs_goods', 'gs_goods_pass1');
    const dept = await t.login('gs_dept', 'gs_dept_pass1');
    const dash = await t.login('gs_dash', 'gs_dash_pass1');
    const visitor = await t.login('gs_visitor', 'gs_visitor_pass1');
    const item = { name: 'Soap', number: 1, type: 'amenity', price: 0 };
    expect((await goodsAdd(item, goodsOnly)).code).toBe(0);
    expect((await t.call('POST', '/apis/questionlist', { token: goodsOnly, body: {} })).code).toBe(ErrorCode.forbidden);
    expect((await t.call('POST', '/apis/welcome', { token: goodsOnly })).code).toBe(ErrorCode.forbidden);
    expect((await t.call('POST', '/apis/goodslist', { token: dept, body: {} })).data.total).toBe(1);
    expect((await t.call('PUT', '/apis/welcomeupdate', { token: dept, body: { welcome_word: 'Hi' } })).code).toBe(0);
    expect((await t.call('POST', '/apis/goodslist', { token: dash, body: {} })).code).toBe(ErrorCode.forbidden);
    expect((await t.call('POST', '/apis/goodslist', { token: visitor, body: {} })).code).toBe(0);
    expect((await goodsAdd({ ...item, name: 'Other' }, visitor)).code).toBe(ErrorCode.forbidden);
  });

  describe('GET /apis/guestinfo', () => {
    let room: { id: number; rcu_id: string; device_key: string };
    const guestInfo = (authorization?: string, headers: Record<string, string> = {}) =>
      t.call('GET', '/apis/guestinfo', { headers: { ...headers, ...(authorization && { authorization }) } });

    beforeAll(async () => {
      room = await roomWithKey(t, token, roomTypeId, '0201', 'GSROOM1');
      await t.call('PUT', '/apis/welcomeupdate', { token, body: { welcome_word: 'Welcome to gs hotel' } });
    });

    it("answers the room's hotel's welcome word, goods and questions, with an ETag; 304 while unchanged", async () => {
      const answer = await guestInfo(basic(room.rcu_id, room.device_key));
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(0);
      expect(answer.data.welcome_word).toBe('Welcome to gs hotel');
      expect(answer.data.goods).toContainEqual({
        name: 'Charger',
        description: 'USB-C water-proof',
        number: 2,
        type: 'rental',
        price: 0,
      });
      expect(answer.data.questions).toEqual([
        { question: 'Breakfast?', reply: '6:30 to 10:00, ground floor', type: 'dining' },
      ]);
      const etag = answer.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

      const unchanged = await guestInfo(basic(room.rcu_id, room.device_key), { 'if-none-match': etag });
      expect(unchanged.status).toBe(304);
      expect(unchanged.raw).toBe('');
      expect(unchanged.headers.etag).toBe(etag);

      await goodsAdd({ name: 'Slippers', number: 10, type: 'amenity', price: 0 });
      const changed = await guestInfo(basic(room.rcu_id, room.device_key), { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.data.goods.map((g: { name: string }) => g.name)).toContain('Slippers');
    });

    it('refuses missing or wrong credentials alike (4401, WWW-Authenticate: Basic)', async () => {
      const refusals = [
        await guestInfo(),
        await guestInfo('Bearer abc'),
        await guestInfo('Basic !!!'),
        await guestInfo(basic(room.rcu_id, 'wrong-key')),
        await guestInfo(basic('NOSUCHRCU', room.device_key)),
        await guestInfo(basic('bad/id', room.device_key)),
      ];
      for (const refused of refusals) {
        expect(refused).toMatchObject({
          status: 401,
          code: ErrorCode.unauthenticated,
          message: 'RCU ID 或设备密钥错误',
        });
        expect(refused.headers['www-authenticate']).toMatch(/^Basic realm="/);
      }
    });

    it('refuses the old key once the key is regenerated, and a deleted room', async () => {
      const other = await roomWithKey(t, token, roomTypeId, '0202', 'GSROOM2');
      expect((await guestInfo(basic(other.rcu_id, other.device_key))).code).toBe(0);
      const renewed = await t.call('POST', '/apis/roomkey', { token, body: { id: other.id } });
      expect((await guestInfo(basic(other.rcu_id, other.device_key))).code).toBe(ErrorCode.unauthenticated);
      expect((await guestInfo(basic(other.rcu_id, renewed.data.device_key))).code).toBe(0);
      expect((await t.call('POST', '/apis/roomdel', { token, body: { ids: [other.id] } })).code).toBe(0);
      expect((await guestInfo(basic(other.rcu_id, renewed.data.device_key))).code).toBe(ErrorCode.unauthenticated);
    });

    it("shows a room of another hotel only that hotel's guest service", async () => {
      const other = await hotelWithInventory(t, 'gsb');
      const roomB = await roomWithKey(t, other.token, other.roomTypeId, '0301', 'GSROOMB');
      const answer = await guestInfo(basic(roomB.rcu_id, roomB.device_key));
      expect(answer.data).toEqual({ welcome_word: '', goods: [], questions: [] });
    });

    it('refuses a room of a hotel whose validity is over (4410)', async () => {
      const other = await hotelWithInventory(t, 'gsx');
      const roomX = await roomWithKey(t, other.token, other.roomTypeId, '0401', 'GSROOMX');
      await t.db.updateTable('hotels').set({ validdate: '2000-01-01' }).where('hotel_id', '=', other.hotelId).execute();
      expect(await guestInfo(basic(roomX.rcu_id, roomX.device_key))).toMatchObject({
        status: 403,
        code: ErrorCode.hotelExpired,
      });
    });

    it('limits calls per rcu_id (4429 with Retry-After) and failed attempts per address', async () => {
      const limited = await roomWithKey(t, token, roomTypeId, '0203', 'GSROOM3');
      const credentials = basic(limited.rcu_id, limited.device_key);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await guestInfo(credentials)).code);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(0));
      const refused = await guestInfo(credentials);
      expect(refused).toMatchObject({ status: 429, code: ErrorCode.tooManyRequests });
      expect(refused.headers['retry-after']).toBe('2');
      // Another room from the same address is not held up.
      expect((await guestInfo(basic(room.rcu_id, room.device_key))).code).toBe(0);
      t.clock.advance(2_000);
      expect((await guestInfo(credentials)).code).toBe(0);

      // Guessing keys from one address: after a burst of failures, even right ones wait.
      for (let i = 0; i < 30; i++) await guestInfo(basic(`GUESS${i}`, 'nope'));
      expect((await guestInfo(basic(room.rcu_id, room.device_key))).code).toBe(ErrorCode.tooManyRequests);
      t.clock.advance(6_000);
      expect((await guestInfo(basic(room.rcu_id, room.device_key))).code).toBe(0);
    });
  });
});

describe('guest service pieces', () => {
  it('reads Basic credentials, a colon in the key included', () => {
    expect(basicCredentials(basic('RCU1', 'k:ey'))).toEqual({ rcuId: 'RCU1', key: 'k:ey' });
    expect(basicCredentials(`basic ${Buffer.from('RCU1:').toString('base64')}`)).toEqual({ rcuId: 'RCU1', key: '' });
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials(`Basic ${Buffer.from(':key').toString('base64')}`)).toBeNull();
    expect(basicCredentials(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeNull();
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });

  it('refills a bucket over time and keeps at most maxKeys keys', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 2, intervalMs: 1000, now: () => now, maxKeys: 2 });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1000]);
    now = 500;
    expect(limiter.wait('a')).toBe(500);
    now = 1000;
    expect(limiter.take('a')).toBe(0);
    limiter.take('b');
    limiter.take('c');
    // `a` was the oldest: forgotten, so it starts full again.
    expect([limiter.take('a'), limiter.take('a')]).toEqual([0, 0]);
  });
});
