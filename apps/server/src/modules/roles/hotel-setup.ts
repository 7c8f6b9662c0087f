import { ROLE_PRESETS, type RolePreset } from '@roompilot/contract';
import type { Db, HotelRow } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';

/**
 * A new hotel with the role presets of SPEC.md section 6, and its users: what adding a hotel
 * (hoteladd, with its first manager) and the first start's seed both do.
 */

/** Creates a hotel with the role presets of SPEC.md section 6; answers its id and role ids by name. */
export async function insertHotelWithRoles(
  db: Db,
  hotel: { hotel_name: string; validdate: string | null } & Partial<
    Pick<HotelRow, 'province' | 'city' | 'area' | 'address' | 'welcome_word'>
  >,
  now: string,
) {
  const { hotel_id } = await db
    .insertInto('hotels')
    .values({ province: '', city: '', area: '', address: '', welcome_word: '', ...hotel, created_at: now })
    .returning('hotel_id')
    .executeTakeFirstOrThrow();
  const roleIds = {} as Record<RolePreset, number>;
  for (const [name, perms] of Object.entries(ROLE_PRESETS) as [RolePreset, readonly string[]][]) {
    const role = await db
      .insertInto('roles')
      .values({ hotel_id, name, perms: JSON.stringify(perms), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds[name] = role.id;
  }
  return { hotelId: hotel_id, roleIds };
}

/** A user of a hotel (or, with `hotel_id` null, the Administrator) holding the given roles. */
export async function insertUser(
  db: Db,
  user: { hotel_id: number | null; user_name: string; password: string; nick_name?: string; roleIds?: number[] },
  now: string,
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      hotel_id: user.hotel_id,
      user_name: user.user_name,
      password_hash: await hashPassword(user.password),
      nick_name: user.nick_name ?? user.user_name,
      phone: '',
      email: '',
      sex: '',
      state: 'enabled',
      dept_id: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const roleId of user.roleIds ?? [])
    await db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
  return id;
}
