import { insertHotelWithRoles, insertUser } from '../db/seed.js';
import type { TestApp } from './databases.js';

/** Another hotel with the role presets and a user holding the given perms (a role of its own). */
export async function createHotel(
  t: TestApp,
  options: {
    name: string;
    validdate?: string | null;
    users?: { user_name: string; password: string; perms?: string[] | null }[];
  },
) {
  const now = t.clock().toISOString();
  const { hotelId, roleIds } = await insertHotelWithRoles(
    t.db,
    { hotel_name: options.name, validdate: options.validdate === undefined ? '2999-12-31' : options.validdate },
    now,
  );
  const userIds: Record<string, number> = {};
  for (const user of options.users ?? []) {
    const roleIdsOfUser: number[] = [];
    if (user.perms) {
      const role = await t.db
        .insertInto('roles')
        .values({
          hotel_id: hotelId,
          name: `${user.user_name} role`,
          perms: JSON.stringify(user.perms),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIdsOfUser.push(role.id);
    }
    userIds[user.user_name] = await insertUser(
      t.db,
      { hotel_id: hotelId, user_name: user.user_name, password: user.password, roleIds: roleIdsOfUser },
      now,
    );
  }
  return { hotelId, roleIds, userIds };
}
