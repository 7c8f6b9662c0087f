import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { NewPassword, PASSWORD_MAX } from './passwords.js';

/** User names and passwords: printable, bounded; the server trims the user name. */
export const LoginBody = Type.Object(
  {
    user_name: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginData = Type.Object({ token: Type.String() });
export type LoginData = Static<typeof LoginData>;

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
    summary: 'Log in; answers the bearer token',
    body: LoginBody,
    response: LoginData,
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
