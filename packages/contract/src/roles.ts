import Type, { type Static } from 'typebox';
import { HotelTarget, Id, PageQuery } from './envelope.js';
import { HOTEL_KEYS, WILDCARD } from './permissions.js';

/**
 * Roles of a hotel (API.md "People"). A role's perms are permission keys a hotel role may hold,
 * or the wildcard. The Administrator may pass `hotel_id` to act on a hotel; a hotel user's calls
 * always act on its own hotel.
 */
export const ROLE_PERMS: readonly string[] = [...HOTEL_KEYS, WILDCARD];
export const RolePerm = Type.Enum([...HOTEL_KEYS, WILDCARD]);

export const ROLE_NAME_MAX = 64;

export const Role = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  name: Type.String(),
  perms: Type.Array(Type.String()),
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
