import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { Id, PageQuery, PageSchema } from './envelope.js';
import { WELCOME_WORD_MAX } from './guestservice.js';
import { NewPassword } from './passwords.js';
import { USER_NAME_MAX, USER_NAME_MIN, USER_NAME_PATTERN } from './users.js';

/**
 * Hotels and their validity periods (API.md "Hotels"), the Administrator's calls. After a hotel's
 * `validdate` its users are refused (4410) at login and on every call; the Administrator never is.
 */

/** The validity list warns this many days before a hotel's service ends. */
export const VALIDITY_WARN_DAYS = 30;

export const HOTEL_NAME_MAX = 128;
export const HOTEL_TEXT_MAX = 256;

const DateOnly = Type.String({ format: 'date', maxLength: 10 });
const NullableDate = Type.Union([DateOnly, Type.Null()]);

export const Hotel = Type.Object({
  hotel_id: Type.Integer(),
  hotel_name: Type.String(),
  province: Type.String(),
  city: Type.String(),
  area: Type.String(),
  address: Type.String(),
  welcome_word: Type.String(),
  /** 'YYYY-MM-DD', the last day of service; null: no end. */
  validdate: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** Its users must sign in with two factors (twofactor.ts): one without sets it up at its next login. */
  two_factor_required: Type.Boolean(),
  room_count: Type.Integer(),
  /** Days from today until validdate (0 on the day itself, negative once past); null without validdate. */
  days_left: Type.Union([Type.Integer(), Type.Null()]),
});
export type Hotel = Static<typeof Hotel>;

export const HotelListBody = Type.Object(
  { ...PageQuery, keyword: Type.Optional(Type.String({ minLength: 1, maxLength: HOTEL_NAME_MAX })) },
  { additionalProperties: false },
);
export type HotelListBody = Static<typeof HotelListBody>;

const HotelFields = {
  province: Type.Optional(Type.String({ maxLength: 64 })),
  city: Type.Optional(Type.String({ maxLength: 64 })),
  area: Type.Optional(Type.String({ maxLength: 64 })),
  address: Type.Optional(Type.String({ maxLength: HOTEL_TEXT_MAX })),
  welcome_word: Type.Optional(Type.String({ maxLength: WELCOME_WORD_MAX })),
  two_factor_required: Type.Optional(Type.Boolean()),
};

/**
 * The hotel's first user: gets a 'manager' role holding every hotel key. Its user name follows the
 * rule of every user's (users.ts), unique whatever its case (4409).
 */
export const HotelManager = Type.Object(
  {
    user_name: Type.String({ minLength: USER_NAME_MIN, maxLength: USER_NAME_MAX, pattern: USER_NAME_PATTERN }),
    password: NewPassword,
    nick_name: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type HotelManager = Static<typeof HotelManager>;

export const HotelAddBody = Type.Object(
  {
    hotel_name: Type.String({ minLength: 1, maxLength: HOTEL_NAME_MAX }),
    ...HotelFields,
    validdate: NullableDate,
    manager: Type.Optional(HotelManager),
  },
  { additionalProperties: false },
);
export type HotelAddBody = Static<typeof HotelAddBody>;

export const HotelUpdateBody = Type.Object(
  {
    hotel_id: Id,
    hotel_name: Type.Optional(Type.String({ minLength: 1, maxLength: HOTEL_NAME_MAX })),
    ...HotelFields,
    validdate: Type.Optional(NullableDate),
  },
  { additionalProperties: false },
);
export type HotelUpdateBody = Static<typeof HotelUpdateBody>;

/** Refused (4409) while the hotel has rooms unless `force`: then everything of the hotel goes. */
export const HotelDeleteBody = Type.Object(
  { hotel_id: Id, force: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type HotelDeleteBody = Static<typeof HotelDeleteBody>;

export const Validity = Type.Object({
  hotel_id: Type.Integer(),
  hotel_name: Type.String(),
  validdate: Type.Union([Type.String(), Type.Null()]),
  days_left: Type.Union([Type.Integer(), Type.Null()]),
});
export type Validity = Static<typeof Validity>;

export const ValidityListBody = Type.Object(
  {
    ...PageQuery,
    keyword: Type.Optional(Type.String({ minLength: 1, maxLength: HOTEL_NAME_MAX })),
    /** Only hotels whose service ends within VALIDITY_WARN_DAYS days or has ended. */
    expiring: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ValidityListBody = Static<typeof ValidityListBody>;

export const ValidityUpdateBody = Type.Object(
  { hotel_id: Id, validdate: NullableDate },
  { additionalProperties: false },
);
export type ValidityUpdateBody = Static<typeof ValidityUpdateBody>;

/**
 * Hotels and their validity periods: the platform Administrator's calls (pm_hotel, pm_validdate).
 * The hotel they name is the row they act on, not a scope: they are not hotel-scoped.
 */
export const hotelCalls = defineCalls('hotels', {
  list: {
    method: 'POST',
    path: '/hotellist',
    access: 'admin',
    write: false,
    hotelScoped: false,
    summary: 'A page of hotels (Administrator)',
    description: '`keyword` matches the hotel name, province or city. Each hotel carries its room count and days left.',
    body: HotelListBody,
    response: PageSchema(Hotel),
  },
  add: {
    method: 'POST',
    path: '/hoteladd',
    access: 'admin',
    write: true,
    hotelScoped: false,
    summary: 'Add a hotel (Administrator)',
    description:
      "The hotel gets the preset roles (nobody, waiter, guest, manager, worker); `manager` creates its first user holding the 'manager' role. Hotel names and user names are unique (4409).",
    body: HotelAddBody,
    response: Hotel,
  },
  update: {
    method: 'PUT',
    path: '/hotelupdate',
    access: 'admin',
    write: true,
    hotelScoped: false,
    summary: "Change a hotel's fields (Administrator)",
    body: HotelUpdateBody,
    response: Hotel,
  },
  remove: {
    method: 'POST',
    path: '/hoteldel',
    access: 'admin',
    write: true,
    hotelScoped: false,
    summary: 'Delete a hotel (Administrator)',
    description:
      'Refused (4409) while the hotel has rooms, unless `force`: then its rooms, room types, buildings, users, roles and sessions are deleted in one transaction. The operation log keeps its rows.',
    body: HotelDeleteBody,
    response: Type.Null(),
  },
  validityList: {
    method: 'POST',
    path: '/validdatelist',
    access: 'admin',
    write: false,
    hotelScoped: false,
    summary: "A page of hotels' validity periods (Administrator)",
    description:
      'Ordered by validdate, soonest first. `expiring` keeps hotels whose service ends within 30 days (VALIDITY_WARN_DAYS) or has ended.',
    body: ValidityListBody,
    response: PageSchema(Validity),
  },
  validityUpdate: {
    method: 'PUT',
    path: '/validdateupdate',
    access: 'admin',
    write: true,
    hotelScoped: false,
    summary: "Set a hotel's validity date (Administrator)",
    description: "After this date the hotel's users are refused with 4410 at login and on every call.",
    body: ValidityUpdateBody,
    response: Validity,
  },
});
