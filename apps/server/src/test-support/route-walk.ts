import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, CALL_GROUPS } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { RouteAccess } from '../access.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { loadDeviceKeySecret } from '../device-keys.js';
import { insertUser } from '../modules/roles/hotel-setup.js';
import { createTotpSecrets } from '../modules/twofactor/secrets.js';
import type { TestApp } from './databases.js';
import { createHotel } from './fixtures.js';
import { type RouteWalk, WALK_FIXTURES, type WalkForm } from './walk-fixtures.js';

/** Text planted in every walk row of hotel A: no answer to hotel B may contain it. */
export const WALK_MARKER = 'walk-hotel-a-secret';

export interface WalkRoute {
  method: string;
  url: string;
  /** The call's access, and how the walk calls it (walk-fixtures.ts). */
  route: RouteAccess & { walk?: RouteWalk };
  // biome-ignore lint/suspicious/noExplicitAny: JSON schema as declared
  body: any;
}

/** Every call of the table, with its access, body schema and walk fixture. */
export function collectApiRoutes(): WalkRoute[] {
  return CALL_GROUPS.flatMap((group) =>
    Object.entries(group.calls).map(([name, call]) => {
      const key = `${group.domain}.${name}`;
      const fixture = WALK_FIXTURES[key];
      return {
        method: call.method,
        url: `${API_BASE}${call.path}`,
        route: {
          access: call.access,
          write: call.write,
          hotelScoped: call.hotelScoped,
          call: key,
          walk: { ...fixture, answersFile: call.answers === 'file' || fixture?.answersFile },
        },
        body: call.body,
      };
    }),
  );
}

/** The /apis routes a built app registers (a throwaway app lists them), as `METHOD url`. */
export async function registeredApiRoutes(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-walk-list-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, dataDir));
  // Ready reads the rooms (their stored device keys are sealed at start): the schema must be there.
  await migrateToLatest(app.db);
  await app.ready();
  const routes = app.registeredRoutes
    .filter(({ url }) => url.startsWith(`${API_BASE}/`) && !url.startsWith(`${API_BASE}/docs`))
    .map(({ method, url }) => `${method} ${url}`);
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return routes;
}

/**
 * Hotel A's rows that the walk aims at, as ids by name (`role_id`, …). A later domain adds its
 * own rows here (created through its API as hotel A's manager, named with WALK_MARKER) and
 * refers to them from its routes' `walk.body`.
 */
export async function seedHotelA(t: TestApp): Promise<Record<string, number>> {
  const manager = await t.login('manager');
  const info = await t.call('POST', '/apis/userinfo', { token: manager });
  const hotelId = info.data.hotel_id as number;
  const unused = await t.call('POST', '/apis/roleadd', {
    token: manager,
    body: { name: `${WALK_MARKER} role`, perms: ['pm_dashboard'] },
  });
  const held = await t.db
    .selectFrom('roles')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('name', '=', 'waiter')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('hotels').set({ welcome_word: WALK_MARKER }).where('hotel_id', '=', hotelId).execute();

  const ok = (answer: { code: number; message: string; data: unknown }, what: string) => {
    if (answer.code !== 0) throw new Error(`walk fixture ${what}: ${answer.code} ${answer.message}`);
    return answer.data as { id: number };
  };
  const building = ok(
    await t.call('POST', '/apis/buildingadd', {
      token: manager,
      body: { name: `${WALK_MARKER} building`, floor_from: 1, floor_to: 5, remark: WALK_MARKER },
    }),
    'building',
  );
  const emptyBuilding = ok(
    await t.call('POST', '/apis/buildingadd', {
      token: manager,
      body: { name: `${WALK_MARKER} empty building`, floor_from: 1, floor_to: 1 },
    }),
    'empty building',
  );
  const devices = [{ key: 'L1', kind: 'light', name: WALK_MARKER }];
  const roomType = ok(
    await t.call('POST', '/apis/roomtypeadd', {
      token: manager,
      body: { name: `${WALK_MARKER} type`, remark: WALK_MARKER, devices },
    }),
    'room type',
  );
  const unusedType = ok(
    await t.call('POST', '/apis/roomtypeadd', {
      token: manager,
      body: { name: `${WALK_MARKER} unused type`, devices },
    }),
    'unused room type',
  );
  const mode = ok(
    await t.call('POST', '/apis/modeladd', {
      token: manager,
      body: { room_type_id: roomType.id, name: `${WALK_MARKER} mode`, devices: { L1: { on: true } } },
    }),
    'mode',
  );
  const roomIds: number[] = [];
  for (const num of ['W-A1', 'W-A2']) {
    const room = ok(
      await t.call('POST', '/apis/roomadd', {
        token: manager,
        body: {
          room_num: num,
          floor_num: 2,
          room_type_id: roomType.id,
          rcu_id: `WALKA${num.slice(-1)}`,
          building_id: building.id,
          remark: WALK_MARKER,
        },
      }),
      `room ${num}`,
    );
    roomIds.push(room.id);
  }
  const alert = await t.db
    .insertInto('alerts')
    .values({
      hotel_id: hotelId,
      room_id: roomIds[0] as number,
      type: 1,
      content: WALK_MARKER,
      event_time: t.clock().toISOString(),
      created_at: t.clock().toISOString(),
      confirmed_by_name: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const walkFile = multipartPayload({
    fields: { kind: 'bin', version: 'walk-1', notes: WALK_MARKER },
    file: { filename: 'walk.bin', content: WALK_MARKER },
  });
  const upgradeFile = ok(await t.call('POST', '/apis/upgradefileadd', { token: manager, ...walkFile }), 'upgrade file');
  const paramFile = ok(
    await t.call('POST', '/apis/upgradeparamadd', {
      token: manager,
      body: { version: 'walk-p', notes: WALK_MARKER, params: { night_light: 5 } },
    }),
    'parameter file',
  );
  const upgradeJob = ok(
    await t.call('POST', '/apis/upgradejobadd', {
      token: manager,
      body: { file_id: upgradeFile.id, room_ids: [roomIds[0] as number] },
    }),
    'upgrade job',
  );
  // Paused: the engine leaves it as it is while the walk compares hotel A's rows.
  ok(await t.call('POST', '/apis/upgradejobpause', { token: manager, body: { id: upgradeJob.id } }), 'pause');
  await t.app.services.timers.fireDue();
  const goods = ok(
    await t.call('POST', '/apis/goodsadd', {
      token: manager,
      body: { name: `${WALK_MARKER} goods`, description: WALK_MARKER, number: 3, type: 'minibar', price: 1250 },
    }),
    'goods',
  );
  const question = ok(
    await t.call('POST', '/apis/questionadd', {
      token: manager,
      body: { question: `${WALK_MARKER} question`, reply: WALK_MARKER, type: 'wifi' },
    }),
    'question',
  );
  // A user of hotel A with two-factor sign-in on: what a reset aims at.
  const twoFactorUserId = await insertUser(
    t.db,
    { hotel_id: hotelId, user_name: 'walk_two_factor', password: 'walk-two-factor' },
    t.clock().toISOString(),
  );
  await t.db
    .insertInto('user_two_factor')
    .values({
      user_id: twoFactorUserId,
      secret: createTotpSecrets(
        (await loadDeviceKeySecret(t.config.dataDir, t.config.deviceKeySecret, t.db)).secret,
      ).seal('JBSWY3DPEHPK3PXP'),
      enabled_at: t.clock().toISOString(),
      pending_secret: null,
      pending_at: null,
    })
    .execute();
  const dept = ok(
    await t.call('POST', '/apis/sys_dept', { token: manager, body: { name: `${WALK_MARKER} dept` } }),
    'department',
  );
  const emptyDept = ok(
    await t.call('POST', '/apis/sys_dept', {
      token: manager,
      body: { name: `${WALK_MARKER} empty dept`, parent_id: dept.id },
    }),
    'empty department',
  );
  const user = ok(
    await t.call('POST', '/apis/sys_user', {
      token: manager,
      body: {
        user_name: 'walk_a_user',
        password: 'walk-pass-1',
        nick_name: WALK_MARKER,
        dept_id: dept.id,
        role_ids: [held.id],
      },
    }),
    'user',
  );
  const admin = await t.login('Administrator');
  const spare = ok(
    await t.call('POST', '/apis/hoteladd', { token: admin, body: { hotel_name: 'Walk spare hotel', validdate: null } }),
    'spare hotel',
  ) as unknown as { hotel_id: number };
  return {
    hotel_id: hotelId,
    role_id: held.id,
    unused_role_id: unused.data.id as number,
    building_id: building.id,
    empty_building_id: emptyBuilding.id,
    room_type_id: roomType.id,
    unused_room_type_id: unusedType.id,
    room_id: roomIds[0] as number,
    other_room_id: roomIds[1] as number,
    spare_hotel_id: spare.hotel_id,
    alert_id: alert.id,
    mode_id: mode.id,
    upgrade_file_id: upgradeFile.id,
    upgrade_param_file_id: paramFile.id,
    upgrade_job_id: upgradeJob.id,
    goods_id: goods.id,
    question_id: question.id,
    two_factor_user_id: twoFactorUserId,
    dept_id: dept.id,
    empty_dept_id: emptyDept.id,
    user_id: user.id,
  };
}

/** A multipart/form-data request body of the walk's form. */
export function multipartPayload(form: WalkForm): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----roompilot-walk-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (form.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${form.file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(form.file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Bad uploads for an import route, built from a valid base form. */
export function badForms(base: WalkForm): { label: string; form: WalkForm; mustRefuse: boolean }[] {
  // File problems are sent without the base's fields: they must be refused for the file alone.
  const file = base.file ?? { filename: 'walk.csv', content: '' };
  const fields = {};
  const hostileCsv = [
    'room_num,floor_num,building,room_type,rcu_id,mac,remark,validdate',
    ...HOSTILE_STRINGS.map((hostile) =>
      Array(8)
        .fill(`"${hostile.replace(/"/g, '""')}"`)
        .join(','),
    ),
  ].join('\r\n');
  return [
    { label: 'no file', form: { fields }, mustRefuse: true },
    { label: 'an empty file', form: { fields, file: { ...file, content: '' } }, mustRefuse: true },
    {
      label: 'binary garbage',
      form: { fields, file: { filename: 'walk.xlsx', content: Buffer.from([0, 1, 2, 255, 254, 0, 7]) } },
      mustRefuse: true,
    },
    {
      label: 'a broken workbook',
      form: { fields, file: { filename: 'walk.xlsx', content: Buffer.from('PK\u0003\u0004 not really a zip') } },
      mustRefuse: true,
    },
    { label: 'hostile cells', form: { fields, file: { filename: 'walk.csv', content: hostileCsv } }, mustRefuse: true },
    {
      label: 'a header only',
      form: { fields, file: { filename: 'walk.csv', content: 'room_num,floor_num\r\n' } },
      mustRefuse: true,
    },
    ...HOSTILE_STRINGS.map((hostile) => ({
      label: `building_id = ${hostile}`,
      form: { ...base, fields: { ...base.fields, building_id: hostile } },
      mustRefuse: true,
    })),
    {
      label: 'building_id huge',
      form: { ...base, fields: { ...base.fields, building_id: String(2 ** 53) } },
      mustRefuse: true,
    },
    {
      label: 'a file of 6 MB',
      form: { fields, file: { filename: 'walk.csv', content: Buffer.alloc(6 * 1024 * 1024, 65) } },
      mustRefuse: false,
    },
  ];
}

export const HOTEL_B_USERS = {
  all: { user_name: 'b_all', password: 'b_all_pass', perms: ['*'] },
  dashboard: { user_name: 'b_dashboard', password: 'b_dash_pass', perms: ['pm_dashboard'] },
  roomtype: { user_name: 'b_roomtype', password: 'b_room_pass', perms: ['pm_roomtype'] },
  visitor: { user_name: 'b_visitor', password: 'b_visit_pass', perms: null },
} as const;

export async function seedHotelB(t: TestApp) {
  return createHotel(t, {
    name: 'Walk Hotel B',
    users: Object.values(HOTEL_B_USERS).map((user) => ({ ...user, perms: user.perms ? [...user.perms] : null })),
  });
}

/** Every row of hotel A in every table that has a hotel_id: compared before and after the walk. */
export async function snapshotHotel(db: Kysely<Database>, hotelId: number): Promise<Record<string, unknown[]>> {
  const tables = await db.introspection.getTables();
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (!table.columns.some((column) => column.name === 'hotel_id')) continue;
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its shape
    const untyped = db as unknown as Kysely<any>;
    const first = table.columns[0]?.name ?? 'hotel_id';
    snapshot[table.name] = await untyped
      .selectFrom(table.name)
      .selectAll()
      .where('hotel_id', '=', hotelId)
      .orderBy(first)
      .execute();
  }
  return snapshot;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON schema walking
type Schema = any;

/** A value the schema accepts: required fields only, the smallest valid values. */
export function sampleOf(schema: Schema): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf) return sampleOf(schema.anyOf[0]);
  switch (schema.type) {
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const name of schema.required ?? []) sample[name] = sampleOf(schema.properties[name]);
      return sample;
    }
    case 'string':
      return 'walk'.padEnd(Math.max(4, schema.minLength ?? 0), 'k');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items));
    case 'null':
      return null;
    default:
      return 'walk';
  }
}

function wrongTypeFor(schema: Schema): unknown {
  switch (schema?.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not a list';
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: 'shape' };
  }
}

export const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "Robert'); DROP TABLE roles;--",
  '🏨🔥👍🏽 房间',
  '%_\\',
];

export interface BadInput {
  label: string;
  body: unknown;
  /** Must be refused as invalid input (4400); otherwise any clear answer but never a 5xx. */
  mustRefuse: boolean;
}

/** Bad bodies for a route's body schema, built from a valid base body. */
export function badInputs(schema: Schema, base: Record<string, unknown>): BadInput[] {
  const inputs: BadInput[] = [
    { label: 'an unknown field', body: { ...base, zz_unknown_field: 1 }, mustRefuse: true },
    { label: 'a list instead of an object', body: [base], mustRefuse: true },
    { label: 'a string instead of an object', body: 'just text', mustRefuse: true },
  ];
  for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
    inputs.push({
      label: `${name} of the wrong type`,
      body: { ...base, [name]: wrongTypeFor(property) },
      mustRefuse: true,
    });
    if (property.type === 'string') {
      inputs.push({ label: `${name} of 1 MB`, body: { ...base, [name]: 'x'.repeat(1_000_000) }, mustRefuse: false });
      for (const hostile of HOSTILE_STRINGS) {
        inputs.push({ label: `${name} = ${hostile}`, body: { ...base, [name]: hostile }, mustRefuse: false });
      }
    }
    if (property.type === 'integer') {
      inputs.push({ label: `${name} huge`, body: { ...base, [name]: 2 ** 53 }, mustRefuse: false });
      inputs.push({ label: `${name} negative`, body: { ...base, [name]: -1 }, mustRefuse: false });
    }
    if (property.type === 'array' && property.items?.type === 'string') {
      for (const hostile of HOSTILE_STRINGS) {
        inputs.push({ label: `${name} = [${hostile}]`, body: { ...base, [name]: [hostile] }, mustRefuse: false });
      }
    }
  }
  return inputs;
}

/** Objects in an answer that belong to the given hotel. */
export function rowsOfHotel(value: unknown, hotelId: number): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => rowsOfHotel(item, hotelId));
  if (value && typeof value === 'object') {
    const own = (value as { hotel_id?: unknown }).hotel_id === hotelId ? [value] : [];
    return [...own, ...Object.values(value).flatMap((item) => rowsOfHotel(item, hotelId))];
  }
  return [];
}

/** Whether a body names one of hotel A's rows by id (hotel_id aside: a hotel user's is ignored). */
export function namesRowOf(body: unknown, ids: Record<string, number>): boolean {
  const targets = new Set(
    Object.entries(ids)
      .filter(([key]) => key !== 'hotel_id')
      .map(([, id]) => id),
  );
  const visit = (value: unknown, key: string): boolean => {
    if (Array.isArray(value)) return value.some((item) => visit(item, key));
    if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => visit(v, k));
    return key !== 'hotel_id' && /(^|_)ids?$/.test(key) && typeof value === 'number' && targets.has(value);
  };
  return visit(body, '');
}
