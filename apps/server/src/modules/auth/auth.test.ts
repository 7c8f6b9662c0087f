import { DEMO_WORDS, ErrorCode, HOTEL_KEYS, ROLE_PRESETS } from '@roompilot/contract';
import { expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Answer, describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel } from '../../test-support/fixtures.js';

const WRONG_ZH = '密码错误,请重新输入!';

/** Logs in from a socket address (the tests' own client), with headers such as X-Forwarded-For. */
function loginFrom(t: TestApp, remoteAddress: string, common: Record<string, string> = {}) {
  return async (userName: string, password: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/apis/login',
      remoteAddress,
      headers: { ...common, ...headers },
      payload: { user_name: userName, password },
    });
    const body = response.json() as { code: number; message: string; data: unknown };
    return { status: response.statusCode, ...body, headers: response.headers, raw: response.body };
  };
}

/** What the server logged at warn and above (the login alarm's line). */
const warnings: Record<string, unknown>[] = [];
const logger = {
  level: 'warn',
  stream: { write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>) },
};

describeEachDatabase(
  'auth',
  (t) => {
    it('logs in with a trimmed user name and answers a token', async () => {
      const answer = await t.call('POST', '/apis/login', { body: { user_name: '  manager ', password: 'manager123' } });
      expect(answer).toMatchObject({ status: 200, code: 0 });
      expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(answer.data.token);
    });

    it('refuses a wrong password or an unknown user with the same message, in the caller language', async () => {
      const wrong = await t.call('POST', '/apis/login', { body: { user_name: 'waiter', password: 'nope-nope' } });
      const unknown = await t.call('POST', '/apis/login', {
        body: { user_name: 'nobody-here', password: 'nope-nope' },
      });
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
      expect(refused.message).toContain('2001年1月1日');
      const english = await t.call('POST', '/apis/login', {
        body: { user_name: 'oldie', password: 'oldie123' },
        headers: { 'accept-language': 'en' },
      });
      expect(english.message).toBe(
        "Your hotel's validity period ended on Jan 1, 2001; please ask the platform administrator to extend it.",
      );
      await t.login('Administrator');
    });

    it('makes a user name wait after failures from one address, the wait doubling up to its cap', async () => {
      const { maxFailures, backoffMs, maxWaitMs } = t.config.login;
      await createHotel(t, { name: 'Limit Inn', users: [{ user_name: 'target', password: 'target123' }] });
      const from = loginFrom(t, '198.51.100.10');
      for (let i = 0; i < maxFailures - 1; i++)
        expect((await from('target', 'wrong-one')).code).toBe(ErrorCode.invalid);
      // A success forgets that address's failures on that name.
      expect((await from('target', 'target123')).code).toBe(0);
      for (let i = 0; i < maxFailures; i++) expect((await from('target', 'wrong-one')).code).toBe(ErrorCode.invalid);

      const limited = await from('target', 'target123', { 'accept-language': 'en' });
      expect(limited).toMatchObject({ status: 429, code: ErrorCode.tooManyRequests });
      expect(limited.message).toBe(`Too many failed logins; try again in ${backoffMs / 1000} s.`);
      const zh = await from('target', 'target123');
      expect(zh.message).toBe(`登录失败次数过多,请 ${backoffMs / 1000} 秒后再试`);

      // Each further failure (once the wait is over) doubles the wait, up to LOGIN_MAX_WAIT_MINUTES
      // (within LOGIN_WINDOW_MINUTES, which remembers the failures the wait is counted from).
      const waits: number[] = [];
      let wait = backoffMs;
      while (waits.length < 6) {
        t.clock.advance(wait);
        expect((await from('target', 'wrong-again')).code).toBe(ErrorCode.invalid);
        const answer = await from('target', 'target123', { 'accept-language': 'en' });
        expect(answer.code).toBe(ErrorCode.tooManyRequests);
        wait = Number(/in (\d+) s\./.exec(answer.message)?.[1]) * 1000;
        waits.push(wait / 1000);
      }
      expect(waits).toEqual(
        [2, 4, 8, 16, 32, 64].map((factor) => Math.min((backoffMs / 1000) * factor, maxWaitMs / 1000)),
      );
      expect(waits.at(-1)).toBe(maxWaitMs / 1000);
      t.clock.advance(maxWaitMs);
      expect((await from('target', 'target123')).code).toBe(0);
    });

    it('never keeps the rightful user out from another address, however many failures one address sends', async () => {
      await createHotel(t, { name: 'Victim Inn', users: [{ user_name: 'victim', password: 'victim123' }] });
      const attacker = loginFrom(t, '203.0.113.66');
      const codes: number[] = [];
      for (const name of ['victim', 'Administrator']) {
        for (let i = 0; i < 30; i++) codes.push((await attacker(name, `guess-${i}`)).code);
      }
      const { maxFailures } = t.config.login;
      expect(codes.filter((code) => code === ErrorCode.invalid)).toHaveLength(2 * maxFailures);
      expect(codes.filter((code) => code === ErrorCode.tooManyRequests)).toHaveLength(60 - 2 * maxFailures);
      // The right password from the attacker's address waits too...
      const held = await attacker('victim', 'victim123', { 'accept-language': 'en' });
      expect(held).toMatchObject({ code: ErrorCode.tooManyRequests });
      expect(held.message).toMatch(/^Too many failed logins; try again in \d+ s\.$/);
      // ...while the rightful users log in from their own addresses at once.
      expect((await loginFrom(t, '192.0.2.20')('victim', 'victim123')).code).toBe(0);
      expect((await loginFrom(t, '2001:db8::20')('Administrator', ADMIN_PASSWORD)).code).toBe(0);
      // Their success does not lift the attacker's wait.
      expect((await attacker('victim', 'guess-31')).code).toBe(ErrorCode.tooManyRequests);
    });

    it('counts a burst of parallel guesses from one address one by one: only the allowed ones reach the password', async () => {
      const from = loginFrom(t, '198.51.100.99');
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => from('manager', `burst-${i}`)));
      const codes = answers.map((answer) => answer.code);
      expect(codes.filter((code) => code === ErrorCode.invalid)).toHaveLength(t.config.login.maxFailures);
      expect(codes.filter((code) => code === ErrorCode.tooManyRequests)).toHaveLength(20 - t.config.login.maxFailures);
    });

    it('raises one alarm (operation log, warn line, counter) when many addresses fail on one user name', async () => {
      const { hotelId } = await createHotel(t, {
        name: 'Alarm Inn',
        users: [
          { user_name: 'popular', password: 'popular123' },
          { user_name: 'alarm-mgr', password: 'alarm-mgr1', perms: ['*'] },
        ],
      });
      const { alarmAddresses } = t.config.login;
      const before = t.app.services.auth.loginCounters();
      const logged = warnings.length;
      const alarms = () =>
        t.db
          .selectFrom('oplog')
          .selectAll()
          .where('action', '=', 'login_alarm')
          .where('target', '=', 'popular')
          .execute();
      for (let i = 1; i < alarmAddresses; i++) {
        await loginFrom(t, `198.18.0.${i}`)('popular', 'wrong-one');
        await loginFrom(t, `198.18.0.${i}`)('popular', 'wrong-two');
      }
      expect(await alarms()).toEqual([]);
      for (let i = alarmAddresses; i < alarmAddresses + 5; i++) await loginFrom(t, `198.18.0.${i}`)('popular', 'wrong');
      const raised = await alarms();
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({ hotel_id: hotelId, user_id: null, ip: `198.18.0.${alarmAddresses}` });
      expect(JSON.parse(raised[0]?.detail ?? '{}')).toEqual({
        addresses: alarmAddresses,
        failures: 2 * (alarmAddresses - 1) + 1,
        window_minutes: t.config.login.windowMs / 60_000,
      });
      const after = t.app.services.auth.loginCounters();
      expect(after.alarms - before.alarms).toBe(1);
      expect(after.failures - before.failures).toBe(2 * (alarmAddresses - 1) + 5);
      expect(warnings.slice(logged)).toMatchObject([
        { level: 40, userName: 'popular', addresses: alarmAddresses, msg: expect.stringMatching(/^login alarm/) },
      ]);

      // The hotel's manager sees it in the operation log.
      const page = await t.call('POST', '/apis/oplog/query', {
        token: await t.login('alarm-mgr', 'alarm-mgr1'),
        body: { filter: { action: 'login_alarm' } },
      });
      expect(page.data.records).toMatchObject([{ action: 'login_alarm', target: 'popular' }]);

      // The rightful user is not kept out, and the next window may raise it again.
      expect((await loginFrom(t, '192.0.2.30')('popular', 'popular123')).code).toBe(0);
      t.clock.advance(t.config.login.windowMs + 1000);
      for (let i = 0; i < alarmAddresses; i++) await loginFrom(t, `198.19.0.${i}`)('popular', 'wrong');
      expect(await alarms()).toHaveLength(2);
    });

    it('answers userinfo for the manager, the waiter, the visitor and the Administrator', async () => {
      const manager = await t.call('POST', '/apis/userinfo', { token: await t.login('manager') });
      expect(manager).toMatchObject({ code: 0 });
      expect(manager.data).toMatchObject({
        user_name: 'manager',
        nick_name: DEMO_WORDS.zh.nickNames.manager,
        roles: ['manager'],
        is_admin: false,
        // The demo hotel is seeded in Chinese (DEMO_LANGUAGE's default).
        hotel_info: { hotel_name: DEMO_WORDS.zh.hotel },
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
      const short = await t.call('POST', '/apis/pwd', {
        token,
        body: { oldpwd: 'first-pass', pwd: 'abc', pwd2: 'abc' },
      });
      expect(short.code).toBe(ErrorCode.invalid);
      expect(short.message).toBe('参数错误: 新密码不能少于 8 个字符');

      const done = await t.call('POST', '/apis/pwd', {
        token,
        body: { oldpwd: 'first-pass', pwd: 'second-pass', pwd2: 'second-pass' },
      });
      expect(done).toMatchObject({ code: 0, data: null });
      for (const ended of [token, other]) {
        const answer = await t.call('POST', '/apis/userinfo', { token: ended });
        expect(answer).toMatchObject({ code: ErrorCode.sessionEnded, message: '密码已修改,请重新登录' });
      }
      expect(
        (await t.call('POST', '/apis/login', { body: { user_name: 'changer', password: 'first-pass' } })).code,
      ).toBe(ErrorCode.invalid);
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
  },
  { build: { logger } },
);

describeEachDatabase(
  'auth limits per address',
  (t) => {
    it('makes an address wait after failures across user names, whatever the name; other addresses go on', async () => {
      const from = loginFrom(t, '198.51.100.77');
      for (const name of ['a1', 'a2', 'a3']) expect((await from(name, 'wrong-one')).code).toBe(ErrorCode.invalid);
      const limited = await from('manager', 'manager123', { 'accept-language': 'en' });
      expect(limited).toMatchObject({ status: 429, code: ErrorCode.tooManyRequests });
      expect(limited.message).toBe(`Too many failed logins; try again in ${t.config.login.backoffMs / 1000} s.`);
      expect((await from('a4', 'wrong-one')).code).toBe(ErrorCode.tooManyRequests);
      expect((await loginFrom(t, '198.51.100.78')('manager', 'manager123')).code).toBe(0);
      t.clock.advance(t.config.login.backoffMs);
      expect((await from('a4', 'wrong-one')).code).toBe(ErrorCode.invalid);
      const longer = await from('manager', 'manager123', { 'accept-language': 'en' });
      expect(longer.message).toBe(`Too many failed logins; try again in ${(2 * t.config.login.backoffMs) / 1000} s.`);
      t.clock.advance(2 * t.config.login.backoffMs);
      expect((await from('manager', 'manager123')).code).toBe(0);
    });
  },
  { env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '3' } },
);

describeEachDatabase('auth behind no trusted proxy (TRUST_PROXY unset)', (t) => {
  it('ignores a forged X-Forwarded-For: the throttle and the operation log use the socket address', async () => {
    const socket = '203.0.113.9';
    await createHotel(t, { name: 'Forge Inn', users: [{ user_name: 'forger', password: 'forger123' }] });
    for (let i = 0; i < t.config.login.maxFailures; i++) {
      const answer = await loginFrom(t, socket)('forger', 'wrong-one', { 'x-forwarded-for': `10.9.${i}.1` });
      expect(answer.code).toBe(ErrorCode.invalid);
    }
    const refused = await loginFrom(t, socket)('forger', 'forger123', { 'x-forwarded-for': '10.9.99.1' });
    expect(refused.code).toBe(ErrorCode.tooManyRequests);
    const failures = await t.db.selectFrom('login_failures').select('ip').where('user_name', '=', 'forger').execute();
    expect(new Set(failures.map((row) => row.ip))).toEqual(new Set([socket]));

    const other = '203.0.113.10';
    const ok = await loginFrom(t, other)('forger', 'forger123', { 'x-forwarded-for': '198.51.100.1' });
    expect(ok.code).toBe(0);
    const token = ok.data.token as string;
    await t.app.inject({
      method: 'POST',
      url: '/apis/logout',
      remoteAddress: other,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.2' },
    });
    const rows = await t.db.selectFrom('oplog').select(['action', 'ip']).where('user_name', '=', 'forger').execute();
    expect(rows).toEqual([
      { action: 'login', ip: other },
      { action: 'logout', ip: other },
    ]);
  });
});

describeEachDatabase(
  'auth behind a trusted proxy (TRUST_PROXY)',
  (t) => {
    it('takes the client from X-Forwarded-For sent by a named proxy, and only from it', async () => {
      const proxy = '10.1.2.3';
      await createHotel(t, { name: 'Proxy Inn', users: [{ user_name: 'proxied', password: 'proxied1' }] });
      const viaProxy = (client: string) => loginFrom(t, proxy, { 'x-forwarded-for': client });
      for (let i = 0; i < t.config.login.maxFailures; i++) {
        expect((await viaProxy('198.51.100.5')('proxied', 'wrong-one')).code).toBe(ErrorCode.invalid);
      }
      expect((await viaProxy('198.51.100.5')('proxied', 'proxied1')).code).toBe(ErrorCode.tooManyRequests);
      // Another client behind the same proxy is another address: not held by the first one's failures.
      expect((await viaProxy('198.51.100.6')('proxied', 'proxied1')).code).toBe(0);
      // A client cannot hide behind an address it writes itself: the proxy appends the real one.
      expect((await viaProxy('192.0.2.1, 198.51.100.5')('proxied', 'proxied1')).code).toBe(ErrorCode.tooManyRequests);
      // From an address that is not a named proxy the header is ignored.
      expect(
        (await loginFrom(t, '192.0.2.50', { 'x-forwarded-for': '198.51.100.6' })('proxied', 'proxied1')).code,
      ).toBe(0);
      const failures = await t.db
        .selectFrom('login_failures')
        .select('ip')
        .where('user_name', '=', 'proxied')
        .execute();
      expect(new Set(failures.map((row) => row.ip))).toEqual(new Set(['198.51.100.5']));
      const logins = await t.db
        .selectFrom('oplog')
        .select('ip')
        .where('user_name', '=', 'proxied')
        .where('action', '=', 'login')
        .orderBy('id')
        .execute();
      expect(logins.map((row) => row.ip)).toEqual(['198.51.100.6', '192.0.2.50']);
    });
  },
  { env: { TRUST_PROXY: '10.0.0.0/8, ::1' } },
);
