import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_USER_NAME, ROLE_PRESETS, type RolePreset } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { Database, Db } from './schema.js';

export const DEMO_HOTEL_NAME = 'RoomPilot Demo Hotel';

/** Demo users: name, password, role (none: a visitor). */
export const DEMO_USERS: readonly {
  user_name: string;
  password: string;
  nick_name: string;
  role: RolePreset | null;
}[] = [
  { user_name: 'manager', password: 'manager123', nick_name: 'Manager', role: 'manager' },
  { user_name: 'waiter', password: 'waiter123', nick_name: 'Waiter', role: 'waiter' },
  { user_name: 'visitor', password: 'visitor123', nick_name: 'Visitor', role: null },
];

export interface SeedOptions {
  adminPassword: string | null;
  demo: boolean;
  dataDir: string;
  clock: Clock;
}

export interface SeedResult {
  seeded: boolean;
  /** Set when the Administrator's password was generated: show it once. */
  generatedAdminPassword?: string;
}

/** Creates a hotel with the role presets of SPEC.md section 6; answers its id and role ids by name. */
export async function insertHotelWithRoles(
  db: Db,
  hotel: { hotel_name: string; validdate: string | null },
  now: string,
) {
  const { hotel_id } = await db
    .insertInto('hotels')
    .values({ ...hotel, province: '', city: '', area: '', address: '', welcome_word: '', created_at: now })
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

/** First start only (no users yet): the Administrator and, unless DEMO=0, the demo hotel. */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const generated = options.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const adminPassword = options.adminPassword ?? (generated as string);
  const now = options.clock();
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertUser(
      trx,
      { hotel_id: null, user_name: ADMIN_USER_NAME, password: adminPassword, nick_name: ADMIN_USER_NAME },
      stamp,
    );
    if (!options.demo) return;
    const validdate = new Date(Date.UTC(now.getUTCFullYear() + 2, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const { hotelId, roleIds } = await insertHotelWithRoles(trx, { hotel_name: DEMO_HOTEL_NAME, validdate }, stamp);
    for (const user of DEMO_USERS) {
      await insertUser(trx, { hotel_id: hotelId, ...user, roleIds: user.role ? [roleIds[user.role]] : [] }, stamp);
    }
  });
  if (generated) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const file = path.join(options.dataDir, 'initial-admin-password');
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  }
  return { seeded: true, generatedAdminPassword: generated };
}
