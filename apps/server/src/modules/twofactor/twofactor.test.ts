import { ErrorCode, TWO_FACTOR_CHALLENGE_TTL_MS } from '@roompilot/contract';
import { expect, it } from 'vitest';
import { type Answer, describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel } from '../../test-support/fixtures.js';
import { insertUser } from '../roles/hotel-setup.js';
import { base32Decode, totp } from './totp.js';

const STEP_MS = 30_000;

/** Calls the API from a client address of its own (the login throttle counts per address). */
async function from(
  t: TestApp,
  ip: string,
  url: string,
  body: unknown,
  options: { token?: string; language?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  const response = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const parsed = response.json() as { code: number; message: string; data: unknown };
  return {
    status: response.statusCode,
    ...parsed,
    data: parsed.data,
    headers: response.headers,
    raw: response.body,
  };
}

/** The login's second step from a client address, answered in `language`. */
function codeFrom(t: TestApp, ip: string, challenge: string, code: string, language: string): Promise<Answer> {
  return from(t, ip, '/apis/login/totp', { challenge, code }, { language });
}

/** The code an authenticator app shows now for a secret (steps later with `steps`). */
function codeOf(t: TestApp, secret: string, steps = 0): string {
  return totp(base32Decode(secret), t.clock().getTime() + steps * STEP_MS);
}

/** A new hotel with one user holding `perms`; answers its ids. */
async function hotelWithUser(t: TestApp, name: string, perms: string[] | null = ['pm_dashboard']) {
  const { hotelId, userIds } = await createHotel(t, {
    name: `${name} hotel`,
    users: [{ user_name: name, password: `${name}-pass1`, perms }],
  });
  return { hotelId, userId: userIds[name] as number, password: `${name}-pass1` };
}

/** Turns two-factor sign-in on for a signed-in user; answers its secret and recovery codes. */
async function turnOn(t: TestApp, token: string): Promise<{ secret: string; recovery: string[] }> {
  const setup = await t.call('POST', '/apis/two_factor/setup', { token });
  expect(setup.code).toBe(0);
  const secret = setup.data.secret as string;
  const enabled = await t.call('POST', '/apis/two_factor/enable', { token, body: { code: codeOf(t, secret) } });
  expect(enabled.code).toBe(0);
  // The next code the test sends belongs to a later step: the one just taken is good once.
  t.clock.advance(STEP_MS);
  return { secret, recovery: enabled.data.recovery_codes };
}

/** A six-digit code no step of the window around now has for the secret. */
function wrongCodeFor(t: TestApp, secret: string): string {
  const window = [-2, -1, 0, 1, 2].map((steps) => codeOf(t, secret, steps));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !window.includes(code)) as string;
}

async function actions(t: TestApp, target: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('oplog')
    .select('action')
    .where('target', '=', target)
    .where('action', 'like', 'two_factor%')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

describeEachDatabase('two-factor sign-in', (t) => {
  it('turns on from a session: a secret to scan, confirmed by a code, then 10 recovery codes shown once', async () => {
    const { password } = await hotelWithUser(t, 'alice');
    const token = await t.login('alice', password);
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data).toEqual({
      enabled: false,
      required: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });

    const setup = await t.call('POST', '/apis/two_factor/setup', { token });
    expect(setup.code).toBe(0);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data).toMatchObject({ account: 'alice', issuer: 'RoomPilot' });
    expect(setup.data.otpauth_url).toBe(
      `otpauth://totp/RoomPilot:alice?secret=${setup.data.secret}&issuer=RoomPilot&algorithm=SHA1&digits=6&period=30`,
    );
    const secret = setup.data.secret as string;

    // The secret is sealed at rest, not stored as it is.
    const stored = await t.db.selectFrom('user_two_factor').selectAll().executeTakeFirstOrThrow();
    expect(stored.pending_secret).toMatch(/^v1:/);
    expect(stored.pending_secret).not.toContain(secret);
    expect(stored.secret).toBeNull();

    const wrong = await t.call('POST', '/apis/two_factor/enable', {
      token,
      body: { code: codeOf(t, secret, 5) },
      headers: { 'accept-language': 'en' },
    });
    expect(wrong).toMatchObject({
      status: 400,
      code: ErrorCode.invalid,
      message: 'Wrong verification code, please try again',
    });
    const malformed = await t.call('POST', '/apis/two_factor/enable', { token, body: { code: '12ab56' } });
    expect(malformed.code).toBe(ErrorCode.invalid);
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data.enabled).toBe(false);

    // A code of the step before or after is taken too (a phone's clock a little off).
    const enabled = await t.call('POST', '/apis/two_factor/enable', { token, body: { code: codeOf(t, secret, -1) } });
    expect(enabled.code).toBe(0);
    const codes = enabled.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await t.db.selectFrom('two_factor_recovery_codes').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));
    }
    const status = await t.call('POST', '/apis/two_factor/status', { token });
    expect(status.data).toMatchObject({ enabled: true, required: false, recovery_codes_left: 10 });
    expect(status.data.enabled_at).toBe(t.clock().toISOString());

    expect((await t.call('POST', '/apis/two_factor/setup', { token })).code).toBe(ErrorCode.conflict);
    expect((await t.call('POST', '/apis/two_factor/enable', { token, body: { code: codeOf(t, secret) } })).code).toBe(
      ErrorCode.conflict,
    );
    expect(await actions(t, 'alice')).toEqual(['two_factor_enable']);
  });

  it('refuses to turn on without a secret fetched, or with one fetched too long ago', async () => {
    const { password } = await hotelWithUser(t, 'tardy');
    const token = await t.login('tardy', password);
    const none = await t.call('POST', '/apis/two_factor/enable', { token, body: { code: '123456' } });
    expect(none.code).toBe(ErrorCode.conflict);
    const setup = await t.call('POST', '/apis/two_factor/setup', { token });
    t.clock.advance(TWO_FACTOR_CHALLENGE_TTL_MS + 1);
    const late = await t.call('POST', '/apis/two_factor/enable', {
      token,
      body: { code: codeOf(t, setup.data.secret) },
    });
    expect(late.code).toBe(ErrorCode.conflict);
  });

  it('asks for a code after the password: a challenge, not a session; the code gives the session', async () => {
    const { password } = await hotelWithUser(t, 'bob');
    const { secret } = await turnOn(t, await t.login('bob', password));
    const sessionsBefore = await t.db.selectFrom('sessions').select('token_hash').execute();

    const first = await from(t, '192.0.2.1', '/apis/login', { user_name: 'bob', password });
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      two_factor: 'code',
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_at: new Date(t.clock().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS).toISOString(),
    });
    expect(first.data.token).toBeUndefined();
    expect(await t.db.selectFrom('sessions').select('token_hash').execute()).toHaveLength(sessionsBefore.length);
    // The challenge opens nothing.
    const asBearer = await t.call('POST', '/apis/userinfo', { token: first.data.challenge });
    expect(asBearer.code).toBe(ErrorCode.unauthenticated);
    const stored = await t.db.selectFrom('login_challenges').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(first.data.challenge);

    const wrong = await from(t, '192.0.2.1', '/apis/login/totp', {
      challenge: first.data.challenge,
      code: codeOf(t, secret, 3),
    });
    expect(wrong).toMatchObject({ status: 400, code: ErrorCode.invalid, message: '验证码错误,请重新输入' });

    const right = await from(t, '192.0.2.1', '/apis/login/totp', {
      challenge: first.data.challenge,
      code: codeOf(t, secret),
    });
    expect(right.code).toBe(0);
    expect(right.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await t.call('POST', '/apis/userinfo', { token: right.data.token });
    expect(info.data.user_name).toBe('bob');
    const login = await t.db
      .selectFrom('oplog')
      .select(['detail', 'ip'])
      .where('action', '=', 'login')
      .where('target', '=', 'bob')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(login.detail)).toEqual({ two_factor: 'totp' });
    expect(login.ip).toBe('192.0.2.1');

    // The challenge was used up with the session.
    const again = await from(t, '192.0.2.1', '/apis/login/totp', {
      challenge: first.data.challenge,
      code: codeOf(t, secret, 1),
    });
    expect(again.code).toBe(ErrorCode.unauthenticated);
  });

  it('refuses a code replayed within its step, and takes the next step s code', async () => {
    const { password } = await hotelWithUser(t, 'carol');
    const { secret } = await turnOn(t, await t.login('carol', password));
    const code = codeOf(t, secret);
    const one = await from(t, '192.0.2.2', '/apis/login', { user_name: 'carol', password });
    expect((await from(t, '192.0.2.2', '/apis/login/totp', { challenge: one.data.challenge, code })).code).toBe(0);

    // The same code at once (or seconds later, within its 30 s), from elsewhere: refused.
    t.clock.advance(5_000);
    const two = await from(t, '198.51.100.2', '/apis/login', { user_name: 'carol', password });
    const replay = await codeFrom(t, '198.51.100.2', two.data.challenge, code, 'en');
    expect(replay).toMatchObject({
      code: ErrorCode.invalid,
      message: 'This code was already used; wait for the next one',
    });
    // A code of an earlier step, still inside the window, is refused too: a later one was taken.
    const earlier = await from(t, '198.51.100.2', '/apis/login/totp', {
      challenge: two.data.challenge,
      code: codeOf(t, secret, -1),
    });
    expect(earlier).toMatchObject({ code: ErrorCode.invalid, message: '此验证码已用过,请等待下一个验证码' });
    // A code that is not the secret's is wrong, whatever was used before: "used" tells a guesser nothing.
    const wrong = await codeFrom(t, '198.51.100.2', two.data.challenge, wrongCodeFor(t, secret), 'en');
    expect(wrong.message).toBe('Wrong verification code, please try again');

    t.clock.advance(STEP_MS);
    const next = await from(t, '198.51.100.2', '/apis/login/totp', {
      challenge: two.data.challenge,
      code: codeOf(t, secret),
    });
    expect(next.code).toBe(0);
  });

  it('takes a recovery code instead, once: used twice it is refused', async () => {
    const { password } = await hotelWithUser(t, 'dave');
    const token = await t.login('dave', password);
    const { recovery } = await turnOn(t, token);
    const code = recovery[3] as string;

    const one = await from(t, '192.0.2.3', '/apis/login', { user_name: 'dave', password });
    // Typed as people do: upper case, a space instead of the dash.
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const used = await from(t, '192.0.2.3', '/apis/login/totp', { challenge: one.data.challenge, code: typed });
    expect(used.code).toBe(0);
    // The session, and how many recovery codes are left to make new ones in time.
    expect(used.data).toEqual({ token: expect.any(String), recovery_codes_left: 9 });
    const login = await t.db
      .selectFrom('oplog')
      .select('detail')
      .where('action', '=', 'login')
      .where('target', '=', 'dave')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(login.detail)).toEqual({ two_factor: 'recovery' });

    const two = await from(t, '192.0.2.3', '/apis/login', { user_name: 'dave', password });
    const twice = await codeFrom(t, '192.0.2.3', two.data.challenge, code, 'es');
    expect(twice).toMatchObject({
      code: ErrorCode.invalid,
      message: 'Este código de recuperación ya se usó; use otro',
    });
    // A recovery code that was never this user's is wrong, not "used".
    const stranger = await codeFrom(t, '192.0.2.3', two.data.challenge, 'abcde-fghjk', 'en');
    expect(stranger.message).toBe('Wrong verification code, please try again');
    const other = await from(t, '192.0.2.3', '/apis/login/totp', {
      challenge: two.data.challenge,
      code: recovery[4] as string,
    });
    expect(other.code).toBe(0);
    expect(other.data.recovery_codes_left).toBe(8);
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data.recovery_codes_left).toBe(8);
  });

  it('answers 4401 to an unknown or expired challenge, and 4409 to a challenge of the other step', async () => {
    const { password } = await hotelWithUser(t, 'erin');
    const { secret } = await turnOn(t, await t.login('erin', password));
    const unknown = await from(t, '192.0.2.4', '/apis/login/totp', {
      challenge: 'x'.repeat(43),
      code: codeOf(t, secret),
    });
    expect(unknown).toMatchObject({
      status: 401,
      code: ErrorCode.unauthenticated,
      message: '登录验证已过期,请重新输入用户名和密码',
    });

    const one = await from(t, '192.0.2.4', '/apis/login', { user_name: 'erin', password });
    const otherStep = await from(t, '192.0.2.4', '/apis/login/two_factor/setup', { challenge: one.data.challenge });
    expect(otherStep.code).toBe(ErrorCode.conflict);

    t.clock.advance(TWO_FACTOR_CHALLENGE_TTL_MS);
    const expired = await codeFrom(t, '192.0.2.4', one.data.challenge, codeOf(t, secret), 'en');
    expect(expired).toMatchObject({
      code: ErrorCode.unauthenticated,
      message: 'This sign-in step has expired; enter your user name and password again',
    });
    // Gone for good, even with a right code.
    const after = await from(t, '192.0.2.4', '/apis/login/totp', {
      challenge: one.data.challenge,
      code: codeOf(t, secret),
    });
    expect(after.code).toBe(ErrorCode.unauthenticated);
    expect(await t.db.selectFrom('login_challenges').select('token_hash').execute()).toHaveLength(0);
  });

  it('throttles wrong codes like wrong passwords: the user name from that address waits, other addresses go on', async () => {
    const { password } = await hotelWithUser(t, 'frank');
    const { secret } = await turnOn(t, await t.login('frank', password));
    const { maxFailures, backoffMs } = t.config.login;
    const attacker = '203.0.113.7';
    const one = await from(t, attacker, '/apis/login', { user_name: 'frank', password });
    for (let i = 0; i < maxFailures; i++) {
      const wrong = await from(t, attacker, '/apis/login/totp', {
        challenge: one.data.challenge,
        code: String(100000 + i),
      });
      expect(wrong.code).toBe(ErrorCode.invalid);
    }
    const failures = await t.db
      .selectFrom('login_failures')
      .select(['user_name', 'ip'])
      .where('user_name', '=', 'frank')
      .execute();
    expect(failures).toHaveLength(maxFailures);
    expect(failures.every((row) => row.ip === attacker)).toBe(true);

    // Now even the right code waits, and so does the password from that address.
    const held = await from(
      t,
      attacker,
      '/apis/login/totp',
      { challenge: one.data.challenge, code: codeOf(t, secret) },
      { language: 'en' },
    );
    expect(held).toMatchObject({ status: 429, code: ErrorCode.tooManyRequests });
    expect(held.message).toBe(`Too many failed logins; try again in ${backoffMs / 1000} s.`);
    expect((await from(t, attacker, '/apis/login', { user_name: 'frank', password })).code).toBe(
      ErrorCode.tooManyRequests,
    );
    // A wrong recovery code counts too, from a fresh address.
    const fresh = await from(t, '192.0.2.77', '/apis/login', { user_name: 'frank', password });
    expect(
      (await from(t, '192.0.2.77', '/apis/login/totp', { challenge: fresh.data.challenge, code: 'aaaaa-bbbbb' })).code,
    ).toBe(ErrorCode.invalid);
    // The rightful user from its own address gets in.
    const ok = await from(t, '192.0.2.77', '/apis/login/totp', {
      challenge: fresh.data.challenge,
      code: codeOf(t, secret),
    });
    expect(ok.code).toBe(0);
    // The attacker's wait passes; its challenge still works within its life.
    t.clock.advance(backoffMs);
    t.clock.advance(STEP_MS);
    const later = await from(t, attacker, '/apis/login/totp', {
      challenge: one.data.challenge,
      code: codeOf(t, secret),
    });
    expect(later.code).toBe(0);
  });

  it('turns off with a current code or the password, never with neither or a wrong one', async () => {
    const { password } = await hotelWithUser(t, 'gina');
    const token = await t.login('gina', password);
    const { secret } = await turnOn(t, token);
    const disable = (body: unknown) => t.call('POST', '/apis/two_factor/disable', { token, body });

    expect((await disable({})).code).toBe(ErrorCode.invalid);
    expect((await disable({ code: codeOf(t, secret), password })).code).toBe(ErrorCode.invalid);
    const wrongPassword = await disable({ password: 'not-her-password' });
    expect(wrongPassword).toMatchObject({ code: ErrorCode.invalid, message: '密码错误,请重新输入' });
    expect((await disable({ code: '000000' === codeOf(t, secret) ? '111111' : '000000' })).code).toBe(
      ErrorCode.invalid,
    );
    // The code that turned it on, still inside its window, was used.
    expect(await disable({ code: codeOf(t, secret, -1) })).toMatchObject({
      code: ErrorCode.invalid,
      message: '此验证码已用过,请等待下一个验证码',
    });
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data.enabled).toBe(true);

    expect((await disable({ password })).code).toBe(0);
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    const userId = (await t.call('POST', '/apis/userinfo', { token })).data.id as number;
    const left = await t.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', userId);
    expect(await left.execute()).toHaveLength(0);
    // The password alone logs in again.
    const login = await t.call('POST', '/apis/login', { body: { user_name: 'gina', password } });
    expect(login.data.token).toBeDefined();
    expect((await disable({ password })).code).toBe(ErrorCode.conflict);

    // On again, off with a code this time.
    const again = await turnOn(t, token);
    expect((await disable({ code: codeOf(t, again.secret) })).code).toBe(0);
    const logged = await t.db
      .selectFrom('oplog')
      .select(['action', 'detail'])
      .where('target', '=', 'gina')
      .where('action', 'like', 'two_factor%')
      .orderBy('id')
      .execute();
    expect(logged.map((row) => [row.action, JSON.parse(row.detail).proof ?? null])).toEqual([
      ['two_factor_enable', null],
      ['two_factor_disable', 'password'],
      ['two_factor_enable', null],
      ['two_factor_disable', 'totp'],
    ]);
  });

  it('regenerates the recovery codes with a proof: the old ones stop working', async () => {
    const { password } = await hotelWithUser(t, 'hank');
    const token = await t.login('hank', password);
    const { secret, recovery } = await turnOn(t, token);
    const regenerate = (body: unknown) => t.call('POST', '/apis/two_factor/recovery_codes', { token, body });
    expect((await regenerate({ password: 'wrong-one' })).code).toBe(ErrorCode.invalid);
    expect((await regenerate({})).code).toBe(ErrorCode.invalid);

    // A recovery code proves it too (and is used up doing so).
    const fresh = await regenerate({ code: recovery[0] });
    expect(fresh.code).toBe(0);
    const codes = fresh.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => recovery.includes(code))).toBe(false);
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data.recovery_codes_left).toBe(10);

    const one = await from(t, '192.0.2.8', '/apis/login', { user_name: 'hank', password });
    const old = await from(t, '192.0.2.8', '/apis/login/totp', { challenge: one.data.challenge, code: recovery[1] });
    expect(old.code).toBe(ErrorCode.invalid);
    const current = await from(t, '192.0.2.8', '/apis/login/totp', { challenge: one.data.challenge, code: codes[1] });
    expect(current.code).toBe(0);

    expect((await regenerate({ code: codeOf(t, secret) })).code).toBe(0);
    expect(await actions(t, 'hank')).toEqual([
      'two_factor_enable',
      'two_factor_recovery_regenerate',
      'two_factor_recovery_regenerate',
    ]);
    // Without two-factor sign-in there is nothing to regenerate.
    expect((await t.call('POST', '/apis/two_factor/disable', { token, body: { password } })).code).toBe(0);
    expect((await regenerate({ password })).code).toBe(ErrorCode.conflict);
  });

  it('leads a user of a hotel that requires it through setting it up at login, before any session', async () => {
    const { hotelId, password } = await hotelWithUser(t, 'ivy');
    const admin = await t.login('Administrator');
    const required = await t.call('PUT', '/apis/hotelupdate', {
      token: admin,
      body: { hotel_id: hotelId, two_factor_required: true },
    });
    expect(required.code).toBe(0);
    expect(required.data.two_factor_required).toBe(true);
    const requirement = await t.db
      .selectFrom('oplog')
      .select(['action', 'detail', 'user_name'])
      .where('hotel_id', '=', hotelId)
      .where('action', 'like', '%two_factor%')
      .execute();
    expect(requirement.map((row) => [row.action, JSON.parse(row.detail).required, row.user_name])).toEqual([
      ['two_factor_requirement', true, 'Administrator'],
    ]);

    const first = await from(t, '192.0.2.9', '/apis/login', { user_name: 'ivy', password });
    expect(first.data).toMatchObject({ two_factor: 'enrol' });
    expect(first.data.token).toBeUndefined();
    const wrongStep = await from(t, '192.0.2.9', '/apis/login/totp', {
      challenge: first.data.challenge,
      code: '123456',
    });
    expect(wrongStep.code).toBe(ErrorCode.conflict);
    // No code before the secret is fetched.
    const early = await from(t, '192.0.2.9', '/apis/login/two_factor/enable', {
      challenge: first.data.challenge,
      code: '123456',
    });
    expect(early.code).toBe(ErrorCode.conflict);

    const setup = await from(t, '192.0.2.9', '/apis/login/two_factor/setup', { challenge: first.data.challenge });
    expect(setup.code).toBe(0);
    expect(setup.data).toMatchObject({ account: 'ivy', issuer: 'RoomPilot' });
    // The same secret for the same challenge (a page reloaded).
    const again = await from(t, '192.0.2.9', '/apis/login/two_factor/setup', { challenge: first.data.challenge });
    expect(again.data.secret).toBe(setup.data.secret);
    const secret = setup.data.secret as string;

    const wrong = await from(t, '192.0.2.9', '/apis/login/two_factor/enable', {
      challenge: first.data.challenge,
      code: codeOf(t, secret, 4),
    });
    expect(wrong.code).toBe(ErrorCode.invalid);
    expect(await t.db.selectFrom('login_failures').select('id').where('user_name', '=', 'ivy').execute()).toHaveLength(
      1,
    );

    const enrolled = await from(t, '192.0.2.9', '/apis/login/two_factor/enable', {
      challenge: first.data.challenge,
      code: codeOf(t, secret),
    });
    expect(enrolled.code).toBe(0);
    expect(enrolled.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(enrolled.data.recovery_codes).toHaveLength(10);
    const token = enrolled.data.token as string;
    expect((await t.call('POST', '/apis/userinfo', { token })).data.user_name).toBe('ivy');
    expect((await t.call('POST', '/apis/two_factor/status', { token })).data).toMatchObject({
      enabled: true,
      required: true,
      recovery_codes_left: 10,
    });
    expect(await actions(t, 'ivy')).toEqual(['two_factor_enable']);
    // The failure is forgotten with the session.
    expect(await t.db.selectFrom('login_failures').select('id').where('user_name', '=', 'ivy').execute()).toHaveLength(
      0,
    );

    // Required: it cannot be turned off; next login asks for a code.
    const off = await t.call('POST', '/apis/two_factor/disable', {
      token,
      body: { password },
      headers: { 'accept-language': 'en' },
    });
    expect(off.code).toBe(ErrorCode.conflict);
    expect(off.message).toMatch(/^Your hotel requires two-factor sign-in/);
    t.clock.advance(STEP_MS);
    const next = await from(t, '192.0.2.9', '/apis/login', { user_name: 'ivy', password });
    expect(next.data.two_factor).toBe('code');

    // Lifting the requirement lets users without it in with the password alone again.
    const lifted = await t.call('PUT', '/apis/hotelupdate', {
      token: admin,
      body: { hotel_id: hotelId, two_factor_required: false },
    });
    expect(lifted.data.two_factor_required).toBe(false);
    expect(await actions(t, 'ivy hotel')).toEqual(['two_factor_requirement', 'two_factor_requirement']);
    expect((await t.call('POST', '/apis/two_factor/disable', { token, body: { password } })).code).toBe(0);
    expect((await from(t, '192.0.2.9', '/apis/login', { user_name: 'ivy', password })).data.token).toBeDefined();
  });

  it('sets the requirement when a hotel is added, and shows it in the hotel list', async () => {
    const admin = await t.login('Administrator');
    const added = await t.call('POST', '/apis/hoteladd', {
      token: admin,
      body: {
        hotel_name: 'Strict Inn',
        validdate: null,
        two_factor_required: true,
        manager: { user_name: 'strict_mgr', password: 'strict123' },
      },
    });
    expect(added.code).toBe(0);
    expect(added.data.two_factor_required).toBe(true);
    const list = await t.call('POST', '/apis/hotellist', { token: admin, body: { keyword: 'Strict' } });
    expect(list.data.records[0].two_factor_required).toBe(true);
    expect(await actions(t, 'Strict Inn')).toEqual(['two_factor_requirement']);
    const login = await from(t, '192.0.2.10', '/apis/login', { user_name: 'strict_mgr', password: 'strict123' });
    expect(login.data.two_factor).toBe('enrol');
    const bad = await t.call('PUT', '/apis/hotelupdate', {
      token: admin,
      body: { hotel_id: added.data.hotel_id, two_factor_required: 'yes' },
    });
    expect(bad.code).toBe(ErrorCode.invalid);
  });

  it('is reset by the Administrator or a pm_user holder of the same hotel, never of another', async () => {
    const { hotelId, userId, password } = await hotelWithUser(t, 'jack');
    await createHotel(t, {
      name: 'Other hotel',
      users: [{ user_name: 'other_admin', password: 'other-pass1', perms: ['pm_user'] }],
    });
    // A user manager of jack's own hotel, and a waiter without pm_user there.
    const now = t.clock().toISOString();
    const role = await t.db
      .insertInto('roles')
      .values({ hotel_id: hotelId, name: 'people', perms: JSON.stringify(['pm_user']), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(
      t.db,
      { hotel_id: hotelId, user_name: 'jack_boss', password: 'boss-pass1', roleIds: [role.id] },
      now,
    );
    await insertUser(t.db, { hotel_id: hotelId, user_name: 'jack_peer', password: 'peer-pass1' }, now);

    const jack = await t.login('jack', password);
    const { secret } = await turnOn(t, jack);
    const pending = await from(t, '192.0.2.11', '/apis/login', { user_name: 'jack', password });
    const reset = (token: string, body: unknown) => t.call('POST', '/apis/sys_user/two_factor/reset', { token, body });

    const peer = await t.login('jack_peer', 'peer-pass1');
    expect((await reset(peer, { id: userId })).code).toBe(ErrorCode.forbidden);
    const stranger = await t.login('other_admin', 'other-pass1');
    expect((await reset(stranger, { id: userId })).code).toBe(ErrorCode.notFound);
    // Naming jack's hotel does not help a user of another hotel.
    expect((await reset(stranger, { id: userId, hotel_id: hotelId })).code).toBe(ErrorCode.notFound);
    expect((await reset(stranger, { id: 99_999 })).code).toBe(ErrorCode.notFound);
    expect((await t.call('POST', '/apis/two_factor/status', { token: jack })).data.enabled).toBe(true);

    const boss = await t.login('jack_boss', 'boss-pass1');
    // The users screen shows who has it on.
    const jackOf = async () =>
      (
        await t.call('POST', '/apis/sys_user/query', { token: boss, body: { filter: { keyword: 'jack' } } })
      ).data.records.find((user: { id: number }) => user.id === userId);
    expect(await jackOf()).toMatchObject({ user_name: 'jack', two_factor: true });
    expect((await reset(boss, { id: userId })).code).toBe(0);
    expect(await jackOf()).toMatchObject({ user_name: 'jack', two_factor: false });
    expect((await t.call('POST', '/apis/two_factor/status', { token: jack })).data).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    // The step that was under way is gone with it.
    const stale = await from(t, '192.0.2.11', '/apis/login/totp', {
      challenge: pending.data.challenge,
      code: codeOf(t, secret),
    });
    expect(stale.code).toBe(ErrorCode.unauthenticated);
    expect((await from(t, '192.0.2.11', '/apis/login', { user_name: 'jack', password })).data.token).toBeDefined();
    const nothing = await reset(boss, { id: userId });
    expect(nothing.code).toBe(ErrorCode.conflict);

    // The Administrator, with or without naming the hotel.
    await turnOn(t, jack);
    const admin = await t.login('Administrator');
    expect((await reset(admin, { id: userId })).code).toBe(0);
    await turnOn(t, jack);
    expect((await reset(admin, { id: userId, hotel_id: hotelId })).code).toBe(0);
    expect((await reset(admin, { id: 99_999 })).code).toBe(ErrorCode.notFound);

    const logged = await t.db
      .selectFrom('oplog')
      .select(['user_name', 'hotel_id', 'detail'])
      .where('action', '=', 'two_factor_reset')
      .where('target', '=', 'jack')
      .orderBy('id')
      .execute();
    expect(logged.map((row) => [row.user_name, row.hotel_id, JSON.parse(row.detail).was_on])).toEqual([
      ['jack_boss', hotelId, true],
      ['Administrator', hotelId, true],
      ['Administrator', hotelId, true],
    ]);
  });

  it('works for the Administrator and for a visitor, who may turn on their own', async () => {
    const admin = await t.login('Administrator');
    const { secret } = await turnOn(t, admin);
    const first = await from(t, '192.0.2.12', '/apis/login', { user_name: 'Administrator', password: 'Admin#secret1' });
    expect(first.data.two_factor).toBe('code');
    const token = await from(t, '192.0.2.12', '/apis/login/totp', {
      challenge: first.data.challenge,
      code: codeOf(t, secret),
    });
    expect(token.code).toBe(0);
    t.clock.advance(STEP_MS);
    expect(
      (await t.call('POST', '/apis/two_factor/disable', { token: admin, body: { code: codeOf(t, secret) } })).code,
    ).toBe(0);

    const visitor = await t.login('visitor');
    await turnOn(t, visitor);
    expect((await t.call('POST', '/apis/two_factor/status', { token: visitor })).data.enabled).toBe(true);
    expect(
      (await t.call('POST', '/apis/two_factor/disable', { token: visitor, body: { password: 'visitor123' } })).code,
    ).toBe(0);
  });

  it('keeps the secret sealed with its own purpose: a sealed device key never opens as one', async () => {
    const { password } = await hotelWithUser(t, 'kate');
    const token = await t.login('kate', password);
    await turnOn(t, token);
    const room = await t.db.selectFrom('rooms').select('device_key').executeTakeFirstOrThrow();
    // Swap in a device key sealed with the same secret: it does not open as a TOTP secret.
    await t.db
      .updateTable('user_two_factor')
      .set({ secret: room.device_key as unknown as never })
      .where('user_id', '=', (await t.call('POST', '/apis/userinfo', { token })).data.id)
      .execute();
    const first = await from(t, '192.0.2.13', '/apis/login', { user_name: 'kate', password });
    const refused = await from(t, '192.0.2.13', '/apis/login/totp', {
      challenge: first.data.challenge,
      code: '123456',
    });
    expect(refused.code).toBe(ErrorCode.invalid);
  });
});
