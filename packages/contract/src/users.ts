import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';
import { NewPassword } from './passwords.js';

/**
 * Users of a hotel (API.md "People", SPEC.md section 3): who logs in to the console, with its
 * department and roles. The Administrator names the hotel with `hotel_id`; a hotel user's calls
 * act on its own hotel. No answer ever carries a password or its hash.
 *
 * Rules the server keeps: user names are unique, whatever their case (4409); nobody deletes or
 * disables itself, nor takes away its own last hold of pm_user (4409); a user grants only roles
 * whose permissions it holds itself (4403); a disabled or deleted user's sessions end at once
 * (its next call answers 4433).
 */

export const USER_NAME_MIN = 2;
export const USER_NAME_MAX = 64;
/** Letters, digits and `_ . @ -`: what a login name is typed with on any keyboard. */
export const USER_NAME_PATTERN = '^[A-Za-z0-9_.@-]+$';
export const NICK_NAME_MAX = 64;
export const PHONE_MAX = 32;
/** Digits, spaces and `+ - ( )`, or empty. */
export const PHONE_PATTERN = '^[0-9+() -]*$';
export const EMAIL_MAX = 128;
/** Something@somewhere.tld, or empty (none given). */
export const EMAIL_PATTERN = '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const USER_GROUP_MAX = 64;
/** Roles one user may hold. */
export const USER_ROLES_MAX = 32;
/** Users deleted in one call. */
export const USERS_DELETE_MAX = 500;
/** The longest search of the user list. */
export const USER_KEYWORD_MAX = 64;

export const USER_STATES = ['enabled', 'disabled'] as const;
export type UserState = (typeof USER_STATES)[number];

/** `''`: not given. */
export const USER_SEXES = ['', 'male', 'female'] as const;
export type UserSex = (typeof USER_SEXES)[number];

const UserStateSchema = Type.Enum([...USER_STATES]);
const UserSexSchema = Type.Enum([...USER_SEXES]);

export const UserRoleRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const User = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  user_name: Type.String(),
  nick_name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  sex: UserSexSchema,
  state: UserStateSchema,
  dept_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The department's name; null without one. */
  dept_name: Type.Union([Type.String(), Type.Null()]),
  /** A free label: the shift or team the user works in. */
  group: Type.String(),
  roles: Type.Array(UserRoleRef),
  /** Whether the user signs in with a second step (two-factor sign-in turned on). */
  two_factor: Type.Boolean(),
  created_at: Type.String(),
});
export type User = Static<typeof User>;

export const UserListFilter = Type.Object(
  {
    /** Part of the user name, nick name, phone or e-mail. */
    keyword: Type.Optional(Type.String({ minLength: 1, maxLength: USER_KEYWORD_MAX })),
    /** Users of this department and of the departments below it. */
    dept_id: Type.Optional(Id),
    state: Type.Optional(UserStateSchema),
  },
  { additionalProperties: false },
);

export const UserListBody = Type.Object(
  { ...PageQuery, filter: Type.Optional(UserListFilter), ...HotelTarget },
  { additionalProperties: false },
);
export type UserListBody = Static<typeof UserListBody>;

const UserName = Type.String({ minLength: USER_NAME_MIN, maxLength: USER_NAME_MAX, pattern: USER_NAME_PATTERN });
const RoleIds = Type.Array(Id, { maxItems: USER_ROLES_MAX, uniqueItems: true });

/** What a user's form edits; every field may be left out. */
const UserFields = {
  nick_name: Type.Optional(Type.String({ maxLength: NICK_NAME_MAX })),
  phone: Type.Optional(Type.String({ maxLength: PHONE_MAX, pattern: PHONE_PATTERN })),
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX, pattern: EMAIL_PATTERN })),
  sex: Type.Optional(UserSexSchema),
  state: Type.Optional(UserStateSchema),
  /** null: no department. */
  dept_id: Type.Optional(Type.Union([Id, Type.Null()])),
  group: Type.Optional(Type.String({ maxLength: USER_GROUP_MAX })),
  role_ids: Type.Optional(RoleIds),
};

export const UserAddBody = Type.Object(
  { user_name: UserName, password: NewPassword, ...UserFields, ...HotelTarget },
  { additionalProperties: false },
);
export type UserAddBody = Static<typeof UserAddBody>;

export const UserUpdateBody = Type.Object(
  { id: Id, user_name: Type.Optional(UserName), ...UserFields, ...HotelTarget },
  { additionalProperties: false },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const UserRolesBody = Type.Object(
  { id: Id, role_ids: RoleIds, ...HotelTarget },
  { additionalProperties: false },
);
export type UserRolesBody = Static<typeof UserRolesBody>;

/** Deletes several users at once; one that is not the hotel's is 4404 and nothing is deleted. */
export const UserDeleteBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: USERS_DELETE_MAX, uniqueItems: true }), ...HotelTarget },
  { additionalProperties: false },
);
export type UserDeleteBody = Static<typeof UserDeleteBody>;

export const UserDeleteResult = Type.Object({ deleted: Type.Integer() });
export type UserDeleteResult = Static<typeof UserDeleteResult>;

/** Sets a user's password (it forgot its own): the user's sessions end. Its own goes through `/pwd`. */
export const UserPasswordBody = Type.Object(
  { id: Id, password: NewPassword, ...HotelTarget },
  { additionalProperties: false },
);
export type UserPasswordBody = Static<typeof UserPasswordBody>;

const page = {
  method: 'POST',
  access: 'pm_user',
  write: false,
  hotelScoped: true,
  body: UserListBody,
  response: PageSchema(User),
} as const;
const add = { access: 'pm_user', write: true, hotelScoped: true, body: UserAddBody, response: User } as const;
const update = { access: 'pm_user', write: true, hotelScoped: true, body: UserUpdateBody, response: User } as const;
const remove = {
  access: 'pm_user',
  write: true,
  hotelScoped: true,
  body: UserDeleteBody,
  response: UserDeleteResult,
} as const;

/**
 * The People screen's users (pm_user). API.md's `/sys_user` calls, and SPEC.md's older
 * `/userlist`, `/useradd`, `/userupdate`, `/userdel` doing the same through the same service.
 */
export const userCalls = defineCalls('users', {
  list: { ...page, path: '/sys_user/query', summary: "A page of the hotel's users, searched and filtered" },
  add: { ...add, method: 'POST', path: '/sys_user', summary: 'Add a user; user names are unique (4409)' },
  update: {
    ...update,
    method: 'PATCH',
    path: '/sys_user/info',
    summary: 'Edit a user (state included: disabling ends its sessions); nobody disables itself',
  },
  setRoles: {
    method: 'PATCH',
    path: '/sys_user/role',
    access: 'pm_user',
    write: true,
    hotelScoped: true,
    summary: "Set a user's roles; nobody takes away its own pm_user",
    body: UserRolesBody,
    response: User,
  },
  remove: {
    ...remove,
    method: 'DELETE',
    path: '/sys_user',
    summary: 'Delete users; their sessions end at once; nobody deletes itself',
  },
  resetPassword: {
    method: 'PATCH',
    path: '/sys_user/password',
    access: 'pm_user',
    write: true,
    hotelScoped: true,
    summary: "Set another user's password; its sessions end",
    body: UserPasswordBody,
    response: Type.Null(),
  },
  legacyList: { ...page, path: '/userlist', summary: 'The same as POST /sys_user/query (SPEC.md)' },
  legacyAdd: { ...add, method: 'POST', path: '/useradd', summary: 'The same as POST /sys_user (SPEC.md)' },
  legacyUpdate: {
    ...update,
    method: 'PUT',
    path: '/userupdate',
    summary: 'The same as PATCH /sys_user/info (SPEC.md)',
  },
  legacyRemove: { ...remove, method: 'POST', path: '/userdel', summary: 'The same as DELETE /sys_user (SPEC.md)' },
});
