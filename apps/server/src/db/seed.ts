import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN_USER_NAME,
  DEMO_WORDS,
  type DemoWords,
  type Device,
  type Language,
  type RolePreset,
  WILDCARD,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../access.js';
import type { Clock } from '../clock.js';
import { DATA_DIR_MODE, DATA_FILE_MODE } from '../data-dir.js';
import type { DeviceKeys } from '../device-keys.js';
import { createBuildingService } from '../modules/buildings/service.js';
import { createGuestService } from '../modules/guestservice/service.js';
import { insertHotelWithRoles, insertUser } from '../modules/roles/hotel-setup.js';
import { createRoomService } from '../modules/rooms/service.js';
import { createRoomTypeService } from '../modules/roomtypes/service.js';
import type { Database } from './schema.js';

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
  /** The language of the demo hotel's names (DEMO_LANGUAGE, default zh). */
  demoLanguage: Language;
  dataDir: string;
  clock: Clock;
  /** Seals the demo rooms' device keys (the app's `deviceKeys`). */
  deviceKeys: DeviceKeys;
}

export interface SeedResult {
  seeded: boolean;
  /** Set when the Administrator's password was generated: show it once. */
  generatedAdminPassword?: string;
}

/** First start only (no users yet): the Administrator and, unless DEMO=0, the demo hotel. */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  const generated = options.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const adminPassword = options.adminPassword ?? (generated as string);
  const now = options.clock();
  const stamp = now.toISOString();
  const demo = await db.transaction().execute(async (trx) => {
    const adminId = await insertUser(
      trx,
      { hotel_id: null, user_name: ADMIN_USER_NAME, password: adminPassword, nick_name: ADMIN_USER_NAME },
      stamp,
    );
    if (!options.demo) return null;
    const words = DEMO_WORDS[options.demoLanguage];
    const validdate = new Date(Date.UTC(now.getUTCFullYear() + 2, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const { hotelId, roleIds } = await insertHotelWithRoles(trx, { hotel_name: words.hotel, validdate }, stamp);
    for (const user of DEMO_USERS) {
      const nick_name = words.nickNames[user.user_name] ?? user.nick_name;
      await insertUser(
        trx,
        { hotel_id: hotelId, ...user, nick_name, roleIds: user.role ? [roleIds[user.role]] : [] },
        stamp,
      );
    }
    return { adminId, hotelId };
  });
  if (demo) await seedDemoInventory(db, options, demo.adminId, demo.hotelId);
  if (generated) {
    fs.mkdirSync(options.dataDir, { recursive: true, mode: DATA_DIR_MODE });
    const file = path.join(options.dataDir, 'initial-admin-password');
    fs.writeFileSync(file, `${generated}\n`, { mode: DATA_FILE_MODE });
    fs.chmodSync(file, DATA_FILE_MODE);
  }
  return { seeded: true, generatedAdminPassword: generated };
}

/** The demo room types with their devices, named in the demo's language. */
export function demoRoomTypes({ roomTypes, devices: names }: DemoWords): { name: string; devices: Device[] }[] {
  const standard: Device[] = [
    { key: 'L1', kind: 'light', name: names.ceilingLight },
    { key: 'L2', kind: 'light', name: names.bedsideLight },
    { key: 'D1', kind: 'dimmer', name: names.readingLamp },
    { key: 'C1', kind: 'curtain', name: names.curtain },
    { key: 'AC1', kind: 'ac', name: names.airConditioner, defaults: { set_min: 18, set_max: 28, set: 24 } },
    { key: 'V1', kind: 'ventilation', name: names.ventilation },
  ];
  return [
    { name: roomTypes.standard, devices: standard },
    {
      name: roomTypes.deluxe,
      devices: [
        ...standard,
        { key: 'L3', kind: 'light', name: names.hallwayLight },
        { key: 'C2', kind: 'curtain', name: names.sheerCurtain },
        {
          key: 'FH1',
          kind: 'floor_heating',
          name: names.floorHeating,
          defaults: { set_min: 20, set_max: 30, set: 26 },
        },
        { key: 'S1', kind: 'socket', name: names.deskSocket },
        { key: 'IR1', kind: 'ir', name: names.tv },
      ],
    },
  ];
}

/**
 * The demo hotel's building, room types, rooms and guest service, made through the services the console uses, as
 * the Administrator, named in the demo's language: floors 2..6 × rooms 1..20 (100 rooms), 01..14 of
 * the standard type (Standard King), 15..20 of the deluxe one (Deluxe Twin).
 */
async function seedDemoInventory(
  db: Kysely<Database>,
  { clock, deviceKeys, demoLanguage }: SeedOptions,
  adminId: number,
  hotelId: number,
) {
  const actor: Actor = {
    userId: adminId,
    userName: ADMIN_USER_NAME,
    hotelId: null,
    isAdmin: true,
    roles: [],
    perms: [WILDCARD],
    tokenHash: '',
    // The operation log shows where the demo inventory came from.
    ip: 'seed',
  };
  const building = await createBuildingService({ db, clock }).add(actor, hotelId, {
    name: DEMO_WORDS[demoLanguage].building,
    floor_from: 1,
    floor_to: 10,
  });
  const roomTypes = createRoomTypeService({ db, clock });
  const rooms = createRoomService({ db, clock, keys: deviceKeys });
  const roomRanges: [number, number][] = [
    [1, 14],
    [15, 20],
  ];
  for (const [index, type] of demoRoomTypes(DEMO_WORDS[demoLanguage]).entries()) {
    const roomType = await roomTypes.add(actor, hotelId, type);
    await rooms.bulkAdd(
      actor,
      hotelId,
      {
        building_id: building.id,
        room_type_id: roomType.id,
        floors: [2, 6],
        rooms: roomRanges[index] as [number, number],
      },
      demoLanguage,
    );
  }
  const { guestService: words } = DEMO_WORDS[demoLanguage];
  const guest = createGuestService({ db, clock, keys: deviceKeys });
  await guest.welcomeUpdate(actor, hotelId, { welcome_word: words.welcome });
  for (const goods of words.goods) await guest.goodsAdd(actor, hotelId, goods);
  for (const question of words.questions) await guest.questionAdd(actor, hotelId, question);
}
