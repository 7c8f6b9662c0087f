import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';
import { HOTEL_KEYS, WILDCARD } from './permissions.js';

/**
 * Roles of a hotel (API.md "People"). A role's perms are permission keys a hotel role may hold,
 * or the wildcard. The Administrator may pass `hotel_id` to act on a hotel; a hotel user's calls
 * always act on its own hotel.
 */
export const ROLE_PERMS: readonly string[] = [...HOTEL_KEYS, WILDCARD];
export const RolePerm = Type.Enum([...HOTEL_KEYS, WILDCARD]);
export type RolePerm = Static<typeof RolePerm>;

export const ROLE_NAME_MAX = 64;
/** A hotel keeps at most this many roles: the permission list reads them all in one page. */
export const ROLES_PER_HOTEL_MAX = 200;

export const Role = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  name: Type.String(),
  perms: Type.Array(Type.String()),
  /** How many users hold the role: it can be deleted only when none does. */
  user_count: Type.Integer(),
  created_at: Type.String(),
});
export type Role = Static<typeof Role>;

export const RoleListBody = Type.Object({ ...PageQuery, ...HotelTarget }, { additionalProperties: false });
export type RoleListBody = Static<typeof RoleListBody>;

export const RoleAddBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX }),
    perms: Type.Array(RolePerm, { maxItems: 64, uniqueItems: true }),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoleAddBody = Static<typeof RoleAddBody>;

export const RoleUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX })),
    perms: Type.Optional(Type.Array(RolePerm, { maxItems: 64, uniqueItems: true })),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

export const RoleDeleteBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type RoleDeleteBody = Static<typeof RoleDeleteBody>;

/** Roles of a hotel: the People screen's, so pm_user. */
export const roleCalls = defineCalls('roles', {
  list: {
    method: 'POST',
    path: '/rolelist',
    access: 'pm_user',
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's roles",
    body: RoleListBody,
    response: PageSchema(Role),
  },
  add: {
    method: 'POST',
    path: '/roleadd',
    access: 'pm_user',
    write: true,
    hotelScoped: true,
    summary: `Add a role; refused (4409) past ${ROLES_PER_HOTEL_MAX} roles in a hotel`,
    body: RoleAddBody,
    response: Role,
  },
  update: {
    method: 'PUT',
    path: '/roleupdate',
    access: 'pm_user',
    write: true,
    hotelScoped: true,
    summary:
      'Rename a role or change its perms; its users see the change at their next call, and their consoles are told over the live socket (`perms`). Refused (4409) when it would take pm_user from the caller',
    body: RoleUpdateBody,
    response: Role,
  },
  remove: {
    method: 'POST',
    path: '/roledel',
    access: 'pm_user',
    write: true,
    hotelScoped: true,
    summary: 'Delete a role; refused (4409) while users hold it',
    body: RoleDeleteBody,
    response: Type.Null(),
  },
});
