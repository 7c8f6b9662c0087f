import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { NewPassword, PASSWORD_MAX } from './passwords.js';
import { Challenge, RecoveryCodes, TotpCode, TwoFactorCode, TwoFactorSetup } from './twofactor.js';

/** User names and passwords: printable, bounded; the server trims the user name. */
export const LoginBody = Type.Object(
  {
    user_name: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** A session: the bearer token. */
export const LoginToken = Type.Object({ token: Type.String() });
export type LoginToken = Static<typeof LoginToken>;

/** The second step's session; after a recovery code, how many of the user's recovery codes are left. */
export const LoginCodeToken = Type.Object({
  token: Type.String(),
  recovery_codes_left: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type LoginCodeToken = Static<typeof LoginCodeToken>;

/**
 * The password was right and a second step is due (twofactor.ts): `code`, the user has two-factor
 * sign-in and enters a code from its app or a recovery code (`/login/totp`); `enrol`, its hotel
 * requires it and the user sets it up now (`/login/two_factor/setup`, then `/login/two_factor/enable`).
 * The challenge is good for that step only, until `expires_at`; it is not a session.
 */
export const LoginChallenge = Type.Object({
  two_factor: Type.Union([Type.Literal('code'), Type.Literal('enrol')]),
  challenge: Type.String(),
  expires_at: Type.String(),
});
export type LoginChallenge = Static<typeof LoginChallenge>;

/** What the login answers: a session, or the second step it needs first. */
export const LoginData = Type.Union([LoginToken, LoginChallenge]);
export type LoginData = Static<typeof LoginData>;

export const LoginCodeBody = Type.Object(
  { challenge: Challenge, code: TwoFactorCode },
  { additionalProperties: false },
);
export type LoginCodeBody = Static<typeof LoginCodeBody>;

export const LoginEnrolBody = Type.Object({ challenge: Challenge }, { additionalProperties: false });
export type LoginEnrolBody = Static<typeof LoginEnrolBody>;

export const LoginEnrolEnableBody = Type.Object(
  { challenge: Challenge, code: TotpCode },
  { additionalProperties: false },
);
export type LoginEnrolEnableBody = Static<typeof LoginEnrolEnableBody>;

/** Set up at login: the session and the recovery codes, shown once. */
export const LoginEnrolled = Type.Object({
  token: Type.String(),
  recovery_codes: RecoveryCodes.properties.recovery_codes,
});
export type LoginEnrolled = Static<typeof LoginEnrolled>;

export const PermEntry = Type.Object({ val: Type.String() });

export const HotelInfo = Type.Object({
  hotel_id: Type.Integer(),
  hotel_name: Type.String(),
  validdate: Type.Union([Type.String(), Type.Null()]),
});

export const UserInfo = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Union([Type.Integer(), Type.Null()]),
  hotel_info: Type.Union([HotelInfo, Type.Null()]),
  roles: Type.Array(Type.String()),
  perms: Type.Array(PermEntry),
  nick_name: Type.String(),
  user_name: Type.String(),
  is_admin: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

/** The new password keeps the strength rule (passwords.ts); the confirmation must equal it. */
export const PasswordBody = Type.Object(
  {
    oldpwd: Type.String({ maxLength: PASSWORD_MAX }),
    pwd: NewPassword,
    pwd2: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  },
  { additionalProperties: false },
);
export type PasswordBody = Static<typeof PasswordBody>;

export const authCalls = defineCalls('auth', {
  login: {
    method: 'POST',
    path: '/login',
    access: 'public',
    write: true,
    hotelScoped: false,
    summary: 'Log in; answers the bearer token, or the two-factor step it needs first',
    description:
      'A user with two-factor sign-in, or of a hotel that requires it, gets `{two_factor, challenge, expires_at}` instead of `{token}`: see `/login/totp` and `/login/two_factor/*`.',
    body: LoginBody,
    response: LoginData,
  },
  loginCode: {
    method: 'POST',
    path: '/login/totp',
    access: 'public',
    write: true,
    hotelScoped: false,
    summary: "Log in's second step: a code from the app, or a recovery code; answers the bearer token",
    description:
      'A wrong code is 4400 and counts as a failed login (the same throttle: 4429 with the wait); a code is taken once (a replay within its 30 s is refused: 4400 saying the code was already used, as for a recovery code used before — said only of a code that is right); a recovery code is used up, and the answer then says how many are left (`recovery_codes_left`). An unknown or expired challenge is 4401: log in again.',
    body: LoginCodeBody,
    response: LoginCodeToken,
  },
  loginEnrolSetup: {
    method: 'POST',
    path: '/login/two_factor/setup',
    access: 'public',
    write: true,
    hotelScoped: false,
    summary: "Log in's set-up step (the hotel requires two-factor sign-in): the secret to scan",
    description: 'The same secret for the same challenge. An unknown or expired challenge is 4401.',
    body: LoginEnrolBody,
    response: TwoFactorSetup,
  },
  loginEnrolEnable: {
    method: 'POST',
    path: '/login/two_factor/enable',
    access: 'public',
    write: true,
    hotelScoped: false,
    summary: "Log in's set-up step: confirm with a code; answers the bearer token and the recovery codes",
    description: 'A wrong code is 4400 and counts as a failed login.',
    body: LoginEnrolEnableBody,
    response: LoginEnrolled,
  },
  logout: {
    method: 'POST',
    path: '/logout',
    access: 'session',
    write: true,
    hotelScoped: false,
    summary: 'End this session',
    response: Type.Null(),
  },
  userInfo: {
    method: 'POST',
    path: '/userinfo',
    access: 'session',
    write: false,
    hotelScoped: false,
    summary: 'The signed-in user, its hotel and permissions',
    response: UserInfo,
  },
  changePassword: {
    method: 'POST',
    path: '/pwd',
    access: 'session',
    write: true,
    hotelScoped: false,
    summary: "Change the caller's password; every session of the user ends",
    body: PasswordBody,
    response: Type.Null(),
  },
});
