import { ErrorCode, HOTEL_KEYS, ROLE_PRESETS } from '@roompilot/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel } from '../../test-support/fixtures.js';

const WRONG_ZH = '密码错误,请重新输入!';

describeEachDatabase('auth', (t) => {
  it('logs in with a trimmed user name and answers a token', async () => {
    const answer = await t.call('POST', '/apis/login', { body: { user_name: '  manager ', password: 'manager123' } });
    expect(answer).toMatchObject({ status: 200, code: 0 });
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(answer.data.token);
  });

  it('refuses a wrong password or an unknown user with the same message, in the caller language', async () => {
    const wrong = await t.call('POST', '/apis/login', { body: { user_name: 'waiter', password: 'nope-nope' } });
    const unknown = await t.call('POST', '/apis/login', { body: { user_name: 'nobody-here', password: 'nope-nope' } });
    expect(wrong).toMatchObject({ status: 400, code: ErrorCode.invalid, message: WRONG_ZH, data: null });
    expect(unknown).toMatchObject({ code: ErrorCode.invalid, message: WRONG_ZH });
    const english = await t.call('POST', '/apis/login', {
      body: { user_name: 'waiter', password: 'nope-nope' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.message).toBe('Wrong user name or password, please try again!');
  });

  it('refuses a disabled user even with the right password', async () => {
    await createHotel(t, { name: 'Disabled Inn', users: [{ user_name: 'sleepy', password: 'sleepy123' }] });
    await t.db.updateTable('users').set({ state: 'disabled' }).where('user_name', '=', 'sleepy').execute();
    const answer = await t.call('POST', '/apis/login', { body: { user_name: 'sleepy', password: 'sleepy123' } });
    expect(answer.code).toBe(ErrorCode.forbidden);
    const wrong = await t.call('POST', '/apis/login', { body: { user_name: 'sleepy', password: 'bad-password' } });
    expect(wrong.message).toBe(WRONG_ZH);
  });

  it('refuses a hotel whose validity period is over (4410) but never the Administrator', async () => {
    await createHotel(t, {
      name: 'Old Inn',
      validdate: '2001-01-01',
      users: [{ user_name: 'oldie', password: 'oldie123', perms: ['*'] }],
    });
    const refused = await t.call('POST', '/apis/login', { body: { user_name: 'oldie', password: 'oldie123' } });
    expect(refused).toMatchObject({ status: 403, code: ErrorCode.hotelExpired });
    expect(refused.message).toContain('2001-01-01');
    const english = await t.call('POST', '/apis/login', {
      body: { user_name: 'oldie', password: 'oldie123' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.message).toBe(
      "Your hotel's validity period ended on 2001-01-01; please ask the platform administrator to extend it.",
    );
    await t.login('Administrator');
  });

  it('limits failed logins per user name (4429 with the wait) and a success clears the count', async () => {
    const max = t.config.login.maxFailuresPerName;
    await createHotel(t, { name: 'Limit Inn', users: [{ user_name: 'target', password: 'target123' }] });
    for (let i = 0; i < max - 1; i++) {
      await t.call('POST', '/apis/login', { body: { user_name: 'target', password: 'wrong-one' } });
    }
    await t.login('target', 'target123');
    for (let i = 0; i < max; i++) {
      const answer = await t.call('POST', '/apis/login', { body: { user_name: 'target', password: 'wrong-one' } });
      expect(answer.code).toBe(ErrorCode.invalid);
    }
    const limited = await t.call('POST', '/apis/login', {
      body: { user_name: 'target', password: 'target123' },
      headers: { 'accept-language': 'en' },
    });
    expect(limited).toMatchObject({ status: 429, code: ErrorCode.tooManyRequests });
    expect(limited.message).toMatch(/^Too many failed logins; try again in \d+ s\.$/);
    const zh = await t.call('POST', '/apis/login', { body: { user_name: 'target', password: 'target123' } });
    expect(zh.message).toMatch(/^登录失败次数过多,请 \d+ 秒后再试$/);
    t.clock.advance(t.config.login.windowMs + 1000);
    await t.login('target', 'target123');
  });

  it('answers userinfo for the manager, the waiter, the visitor and the Administrator', async () => {
    const manager = await t.call('POST', '/apis/userinfo', { token: await t.login('manager') });
    expect(manager).toMatchObject({ code: 0 });
    expect(manager.data).toMatchObject({
      user_name: 'manager',
      nick_name: 'Manager',
      roles: ['manager'],
      is_admin: false,
      hotel_info: { hotel_name: 'RoomPilot Demo Hotel' },
    });
    expect(manager.data.perms).toEqual(HOTEL_KEYS.map((val) => ({ val })));
    expect(manager.data.hotel_id).toBe(manager.data.hotel_info.hotel_id);
    expect(manager.data.hotel_info.validdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(manager.data).sort()).toEqual(
      ['hotel_id', 'hotel_info', 'id', 'is_admin', 'nick_name', 'perms', 'roles', 'user_name'].sort(),
    );

    const waiter = await t.call('POST', '/apis/userinfo', { token: await t.login('waiter') });
    expect(waiter.data).toMatchObject({ roles: ['waiter'], perms: ROLE_PRESETS.waiter.map((val) => ({ val })) });

    const visitor = await t.call('POST', '/apis/userinfo', { token: await t.login('visitor') });
    expect(visitor.data).toMatchObject({ user_name: 'visitor', roles: [], perms: [], is_admin: false });

    const admin = await t.call('POST', '/apis/userinfo', { token: await t.login('Administrator') });
    expect(admin.data).toMatchObject({
      user_name: 'Administrator',
      hotel_id: null,
      hotel_info: null,
      perms: [{ val: '*' }],
      is_admin: true,
    });
  });

  it('answers 4401 without a token or with an unknown one', async () => {
    expect(await t.call('POST', '/apis/userinfo')).toMatchObject({ status: 401, code: ErrorCode.unauthenticated });
    const unknown = await t.call('POST', '/apis/userinfo', { token: 'not-a-real-token' });
    expect(unknown).toMatchObject({ status: 401, code: ErrorCode.unauthenticated, message: '登录已失效,请重新登录' });
    const quoted = await t.call('POST', '/apis/userinfo', {
      headers: { authorization: `Bearer "${await t.login('waiter')}"` },
    });
    expect(quoted.code).toBe(0);
  });

  it('ends the session at logout: 4433 afterwards', async () => {
    const token = await t.login('waiter');
    expect(await t.call('POST', '/apis/logout', { token })).toMatchObject({ code: 0, data: null });
    const after = await t.call('POST', '/apis/userinfo', { token, headers: { 'accept-language': 'en' } });
    expect(after).toMatchObject({ status: 401, code: ErrorCode.sessionEnded });
    expect(after.message).toBe('This session was logged out; please log in again.');
  });

  it('slides the session expiry and expires an idle session (4401)', async () => {
    const token = await t.login('waiter');
    const ttl = t.config.sessionTtlMs;
    t.clock.advance(ttl - 60_000);
    expect((await t.call('POST', '/apis/userinfo', { token })).code).toBe(0);
    t.clock.advance(ttl - 60_000);
    expect((await t.call('POST', '/apis/userinfo', { token })).code).toBe(0);
    t.clock.advance(ttl + 1);
    expect(await t.call('POST', '/apis/userinfo', { token })).toMatchObject({ code: ErrorCode.unauthenticated });
  });

  it('changes the password: checks, then ends every session of the user', async () => {
    await createHotel(t, { name: 'Pwd Inn', users: [{ user_name: 'changer', password: 'first-pass' }] });
    const token = await t.login('changer', 'first-pass');
    const other = await t.login('changer', 'first-pass');
    const mismatch = await t.call('POST', '/apis/pwd', {
      token,
      body: { oldpwd: 'first-pass', pwd: 'second-pass', pwd2: 'second-typo' },
    });
    expect(mismatch).toMatchObject({ code: ErrorCode.invalid, message: '两次输入密码不一致!' });
    const wrongOld = await t.call('POST', '/apis/pwd', {
      token,
      body: { oldpwd: 'not-the-old', pwd: 'second-pass', pwd2: 'second-pass' },
      headers: { 'accept-language': 'en' },
    });
    expect(wrongOld).toMatchObject({ code: ErrorCode.invalid, message: 'The old password is wrong.' });
    const short = await t.call('POST', '/apis/pwd', { token, body: { oldpwd: 'first-pass', pwd: 'abc', pwd2: 'abc' } });
    expect(short.code).toBe(ErrorCode.invalid);
    expect(short.message).toContain('pwd');

    const done = await t.call('POST', '/apis/pwd', {
      token,
      body: { oldpwd: 'first-pass', pwd: 'second-pass', pwd2: 'second-pass' },
    });
    expect(done).toMatchObject({ code: 0, data: null });
    for (const ended of [token, other]) {
      const answer = await t.call('POST', '/apis/userinfo', { token: ended });
      expect(answer).toMatchObject({ code: ErrorCode.sessionEnded, message: '密码已修改,请重新登录' });
    }
    expect((await t.call('POST', '/apis/login', { body: { user_name: 'changer', password: 'first-pass' } })).code).toBe(
      ErrorCode.invalid,
    );
    await t.login('changer', 'second-pass');
  });

  it('ends the sessions of a user disabled meanwhile (4433)', async () => {
    await createHotel(t, { name: 'Off Inn', users: [{ user_name: 'soon-off', password: 'soon-off1' }] });
    const token = await t.login('soon-off', 'soon-off1');
    await t.db.updateTable('users').set({ state: 'disabled' }).where('user_name', '=', 'soon-off').execute();
    expect(await t.call('POST', '/apis/userinfo', { token })).toMatchObject({ code: ErrorCode.sessionEnded });
  });

  it('records logins, logouts and password changes in the operation log', async () => {
    // Its own user and its own rows: what other tests (or the seed) log does not matter here.
    await createHotel(t, { name: 'Log Inn', users: [{ user_name: 'logged', password: 'logged-1' }] });
    const first = await t.login('logged', 'logged-1');
    await t.call('POST', '/apis/logout', { token: first });
    const second = await t.login('logged', 'logged-1');
    const changed = await t.call('POST', '/apis/pwd', {
      token: second,
      body: { oldpwd: 'logged-1', pwd: 'logged-2', pwd2: 'logged-2' },
    });
    expect(changed.code).toBe(0);
    const rows = await t.db
      .selectFrom('oplog')
      .select(['action', 'user_name', 'ip'])
      .where('user_name', '=', 'logged')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['login', 'logout', 'login', 'password_change']);
    expect(rows.every((row) => row.ip.length > 0)).toBe(true);
  });
});

describeEachDatabase(
  'auth limits per address',
  (t) => {
    it('refuses an address with too many failures across user names (4429), whatever the name', async () => {
      for (const name of ['a1', 'a2', 'a3']) {
        const answer = await t.call('POST', '/apis/login', { body: { user_name: name, password: 'wrong-one' } });
        expect(answer.code).toBe(ErrorCode.invalid);
      }
      const limited = await t.call('POST', '/apis/login', { body: { user_name: 'manager', password: 'manager123' } });
      expect(limited).toMatchObject({ status: 429, code: ErrorCode.tooManyRequests });
      t.clock.advance(t.config.login.windowMs);
      await t.login('manager');
    });
  },
  { env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '3' } },
);
