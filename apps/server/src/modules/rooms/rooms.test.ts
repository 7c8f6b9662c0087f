import {
  DEVICE_KEY_COLUMNS,
  ErrorCode,
  ROOM_COLUMNS,
  ROOM_IMPORT_MAX_BYTES,
  XLSX_CONTENT_TYPE,
} from '@roompilot/contract';
import { roomsFromCsv } from '@roompilot/rcu-sim';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import {
  createHotel,
  hotelWithInventory,
  insertOlderOperation,
  loggedOperations,
} from '../../test-support/fixtures.js';
import { multipartPayload } from '../../test-support/route-walk.js';
import { readCsv, unguardFormula, writeCsv } from './files.js';
import { newDeviceKey } from './rules.js';

const EN = { 'accept-language': 'en' };

function upload(t: TestApp, token: string, filename: string, content: string | Buffer, fields = {}, headers = {}) {
  const { payload, headers: multipart } = multipartPayload({ fields, file: { filename, content } });
  return t.call('POST', '/apis/roomimport', { token, payload, headers: { ...multipart, ...headers } });
}

function rawBuffer(t: TestApp, token: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/apis/roomexport',
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
}

describeEachDatabase('rooms', (t) => {
  let token: string;
  let hotelId: number;
  let buildingId: number;
  let roomTypeId: number;
  beforeAll(async () => {
    ({ token, hotelId, buildingId, roomTypeId } = await hotelWithInventory(t, 'rm'));
  });
  const add = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.call('POST', '/apis/roomadd', { token, headers, body: { floor_num: 1, room_type_id: roomTypeId, ...body } });

  describe('one room', () => {
    it('adds a room with a device key; rcu_id and mac keep letters and digits', async () => {
      const added = await add({ room_num: 'A-101', rcu_id: 'RCUA101', mac: 'aa:bb:cc-dd.ee:0f', remark: 'corner' });
      expect(added).toMatchObject({
        code: 0,
        data: {
          hotel_id: hotelId,
          building_id: buildingId,
          building_name: 'Tower',
          room_type_name: 'Standard',
          room_num: 'A-101',
          rcu_id: 'RCUA101',
          mac: 'AABBCCDDEE0F',
          remark: 'corner',
          validdate: null,
          fw: null,
        },
      });
      expect(added.data.device_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refuses duplicates (4409), a missing type (4404 naming room_type_id), a bad mac or floor (4400)', async () => {
      const num = await add({ room_num: 'A-101', rcu_id: 'OTHER1' }, EN);
      expect(num).toMatchObject({
        status: 409,
        code: ErrorCode.conflict,
        message: 'Room number A-101 already exists.',
      });
      const rcu = await add({ room_num: 'A-102', rcu_id: 'RCUA101' });
      expect(rcu).toMatchObject({ code: ErrorCode.conflict, message: 'RCU ID RCUA101 已被使用' });
      const other = await createHotel(t, {
        name: 'rcu elsewhere',
        users: [{ user_name: 'rm_other', password: 'rm_other1', perms: ['*'] }],
      });
      const otherToken = await t.login('rm_other', 'rm_other1');
      const types = await t.call('POST', '/apis/roomtypeadd', { token: otherToken, body: { name: 'T', devices: [] } });
      const globally = await t.call('POST', '/apis/roomadd', {
        token: otherToken,
        body: { room_num: '1', floor_num: 1, room_type_id: types.data.id, rcu_id: 'RCUA101' },
      });
      expect(globally.code).toBe(ErrorCode.conflict);
      expect(other.hotelId).toBeGreaterThan(0);

      const type = await add({ room_num: 'A-103', rcu_id: 'RCUA103', room_type_id: types.data.id }, EN);
      expect(type).toMatchObject({
        status: 404,
        code: ErrorCode.notFound,
        message: `Room type ${types.data.id} does not exist in this hotel.`,
      });
      const mac = await add({ room_num: 'A-103', rcu_id: 'RCUA103', mac: 'AABBCC' }, EN);
      expect(mac).toMatchObject({ code: ErrorCode.invalid, message: 'A MAC address is 12 hex digits.' });
      const floor = await add({ room_num: 'A-103', rcu_id: 'RCUA103', floor_num: 31 }, EN);
      expect(floor).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Floor 31 is outside the floors 1..30 of building Tower.',
      });
      const pattern = await add({ room_num: 'A 103', rcu_id: 'RCUA103' });
      expect(pattern.code).toBe(ErrorCode.invalid);
      expect(pattern.message).toBe('参数错误: 房号格式不正确');
    });

    it('puts a room of a hotel without buildings into a new main building, named in the caller language', async () => {
      await createHotel(t, {
        name: 'No buildings',
        users: [{ user_name: 'rm_nob', password: 'rm_nob_1', perms: ['*'] }],
      });
      const nob = await t.login('rm_nob', 'rm_nob_1');
      const type = await t.call('POST', '/apis/roomtypeadd', { token: nob, body: { name: 'T', devices: [] } });
      const room = await t.call('POST', '/apis/roomadd', {
        token: nob,
        body: { room_num: '9001', floor_num: 90, room_type_id: type.data.id, rcu_id: 'NOB9001' },
      });
      expect(room).toMatchObject({ code: 0, data: { building_name: '主楼', floor_num: 90 } });
    });

    it('edits a room, regenerates its key, and hides the key from whoever lacks pm_roomdetail', async () => {
      const room = (await add({ room_num: 'E-1', rcu_id: 'EDIT1' })).data;
      const edited = await t.call('PUT', '/apis/update', {
        token,
        body: { id: room.id, room_num: 'E-2', floor_num: 7, remark: 'edited', validdate: '2030-01-31', mac: '' },
      });
      expect(edited).toMatchObject({
        code: 0,
        data: { room_num: 'E-2', floor_num: 7, remark: 'edited', validdate: '2030-01-31' },
      });
      expect(edited.data.device_key).toBe(room.device_key);
      const clash = await t.call('PUT', '/apis/update', { token, body: { id: room.id, room_num: 'A-101' } });
      expect(clash.code).toBe(ErrorCode.conflict);
      const out = await t.call('PUT', '/apis/update', { token, body: { id: room.id, floor_num: 40 } });
      expect(out.code).toBe(ErrorCode.invalid);

      const key = await t.call('POST', '/apis/roomkey', { token, body: { id: room.id } });
      expect(key.code).toBe(0);
      expect(key.data.device_key).not.toBe(room.device_key);
      const stored = await t.db
        .selectFrom('rooms')
        .select('device_key')
        .where('id', '=', room.id)
        .executeTakeFirstOrThrow();
      // Stored sealed: the key itself is only in the answer.
      expect(stored.device_key).toMatch(/^v1:/);
      expect(stored.device_key).not.toContain(key.data.device_key);
      expect(t.app.deviceKeys.open(stored.device_key)).toBe(key.data.device_key);

      const users = [
        { user_name: 'rm_types', password: 'rm_types1', perms: ['pm_roomtype'] },
        { user_name: 'rm_visit', password: 'rm_visit1', perms: null },
      ];
      await createHotel(t, { name: 'Key viewers', users });
      const demoVisitor = await t.login('visitor');
      const visible = await t.call('POST', '/apis/roomlist', { token: demoVisitor, body: { size: 5 } });
      expect(visible.data.records).toHaveLength(5);
      for (const route of ['/apis/roomlist', '/apis/allrooms']) {
        const answer = await t.call('POST', route, { token: demoVisitor, body: {} });
        expect(answer.raw).not.toContain('device_key');
      }
      const types = await t.login('rm_types', 'rm_types1');
      expect((await t.call('POST', '/apis/roomlist', { token: types, body: {} })).code).toBe(ErrorCode.forbidden);
      expect((await t.call('POST', '/apis/roomtype', { token: types, body: {} })).raw).not.toContain('device_key');
      const manager = await t.login('manager');
      expect(
        (await t.call('POST', '/apis/roomlist', { token: manager, body: { size: 1 } })).data.records[0].device_key,
      ).toBeTruthy();
    });
  });

  it('names the building in the operation log as it was called then; a line with its id alone says so', async () => {
    const wing = (
      await t.call('POST', '/apis/buildingadd', { token, body: { name: 'Wing', floor_from: 1, floor_to: 9 } })
    ).data.id as number;
    const room = (await add({ room_num: 'W-1', rcu_id: 'WING1', building_id: wing })).data;
    await t.call('PUT', '/apis/update', { token, body: { id: room.id, building_id: buildingId } });
    const sheet = 'room_num,floor_num,room_type,rcu_id\nW-2,1,Standard,WING2\n';
    expect((await upload(t, token, 'wing.csv', sheet, { building_id: String(wing) })).code).toBe(0);
    expect((await t.call('POST', '/apis/roomkeyexport', { token, body: { building_id: wing } })).status).toBe(200);
    // Renamed afterwards: the log keeps the name it had.
    await t.call('PUT', '/apis/buildingupdate', { token, body: { id: wing, name: 'West wing' } });
    // A line as older versions wrote it: the building by its id alone.
    await insertOlderOperation(t, { hotelId, action: 'room_import', detail: { created: 3, building_id: wing } });
    const texts = async (language: string) =>
      (await loggedOperations(t, token, language, { size: 6 })).map((entry) => `${entry.action}: ${entry.text}`);
    const [old, renamed, exported, imported, moved, added] = await texts('en');
    expect(old).toBe(`room_import: created: 3; building ID: ${wing}`);
    expect(renamed).toMatch(/^building_update: ID: \d+; before \(ID: \d+; Name: Wing; /);
    // The building's row as it was, without its hotel: the log's own.
    expect(renamed).not.toMatch(/hotel/i);
    expect(exported).toBe('room_key_export: Building: Wing');
    expect(imported).toBe('room_import: created: 1; Building: Wing');
    expect(moved).toMatch(
      /^room_update: ID: \d+; before \(.*; Building: Wing; room type: Standard\); changes \(Building: Tower\)$/,
    );
    expect(added).toBe(`room_add: ID: ${room.id}; RCU ID: WING1; Building: Wing`);
    const zh = await texts('zh');
    expect(zh[0]).toBe(`room_import: 已创建: 3; 楼栋编号: ${wing}`);
    expect(zh[2]).toBe('room_key_export: 楼栋: Wing');
    expect(zh[4]).toMatch(/; 楼栋: Wing; 房型: Standard\); 修改 \(楼栋: Tower\)$/);
    expect(zh[5]).toBe(`room_add: 编号: ${room.id}; RCU ID: WING1; 楼栋: Wing`);
  });

  describe('bulk add', () => {
    it('adds floors 2..20 × rooms 1..30 (570), then skips all 570 the second time', async () => {
      const body = { floors: [2, 20], rooms: [1, 30], room_type_id: roomTypeId, building_id: buildingId };
      const first = await t.call('POST', '/apis/roomsadd', { token, body });
      expect(first).toMatchObject({ code: 0, data: { created: 570, skipped: [] } });
      const second = await t.call('POST', '/apis/roomsadd', { token, body });
      expect(second.data.created).toBe(0);
      expect(second.data.skipped).toHaveLength(570);
      expect(second.data.skipped.slice(0, 2)).toEqual(['0201', '0202']);
      const floor12 = await t.call('POST', '/apis/roomlist', { token, body: { floor_num: 12, size: 500 } });
      expect(floor12.data.total).toBe(30);
      expect(floor12.data.records[0]).toMatchObject({ room_num: '1201', rcu_id: `R${hotelId}x1201` });
      expect(floor12.data.records.at(-1).room_num).toBe('1230');
    });

    it('refuses a bad pattern, floors outside the building, upside-down ranges and more than 10000 rooms', async () => {
      const base = { room_type_id: roomTypeId, building_id: buildingId };
      const say = async (body: Record<string, unknown>) =>
        t.call('POST', '/apis/roomsadd', { token, headers: EN, body: { ...base, ...body } });
      expect(await say({ floors: [1, 1], rooms: [1, 2], pattern: 'R{room}' })).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Number pattern: R{room} must contain both {floor} and {room}.',
      });
      expect((await say({ floors: [1, 1], rooms: [1, 2], pattern: 'R{floor}{room} x' })).code).toBe(ErrorCode.invalid);
      expect(await say({ floors: [1, 11], rooms: [1, 11], pattern: '{floor}{room}' })).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Number pattern: it gives the room number 111 twice; pad floor or room, e.g. {floor:2}{room:2}.',
      });
      expect(await say({ floors: [29, 31], rooms: [1, 2] })).toMatchObject({
        code: ErrorCode.invalid,
        message: 'Floor 31 is outside the floors 1..30 of building Tower.',
      });
      expect((await say({ floors: [3, 2], rooms: [1, 2] })).code).toBe(ErrorCode.invalid);
      expect(await say({ floors: [1, 1], rooms: [1, 2], room_type_id: 999_999 })).toMatchObject({
        code: ErrorCode.notFound,
      });
      const limit = await say({ floors: [1, 73], rooms: [1, 137], pattern: 'X{floor:3}{room:3}' }); // 10001
      expect(limit).toMatchObject({ code: ErrorCode.invalid, message: 'At most 10000 rooms at once.' });
      const zh = await t.call('POST', '/apis/roomsadd', { token, body: { ...base, floors: [1, 73], rooms: [1, 137] } });
      expect(zh).toMatchObject({ code: ErrorCode.invalid, message: '一次最多添加 10000 个房间' });
      const over = await say({ floors: [1, 1], rooms: [1, 999] });
      expect(over.code).toBe(0);
      const tooMany = await say({ floors: [1, 11], rooms: [1, 910], pattern: 'Y{floor}-{room}' });
      expect(tooMany).toMatchObject({ code: ErrorCode.invalid, message: 'At most 10000 rooms at once.' });
    });

    it('adds exactly 10000 rooms in one call', async () => {
      const building = await t.call('POST', '/apis/buildingadd', {
        token,
        body: { name: 'Big', floor_from: 1, floor_to: 100 },
      });
      const big = await t.call('POST', '/apis/roomsadd', {
        token,
        body: {
          floors: [1, 100],
          rooms: [1, 100],
          pattern: 'B{floor:3}{room:3}',
          room_type_id: roomTypeId,
          building_id: building.data.id,
        },
      });
      expect(big).toMatchObject({ code: 0, data: { created: 10_000, skipped: [] } });
      const count = await t.call('POST', '/apis/basicroomlist', { token, body: { building_id: building.data.id } });
      expect(count.data.total).toBe(10_000);
      const ids = count.data.records.map((room: { id: number }) => room.id);
      expect((await t.call('POST', '/apis/roomdel', { token, body: { ids } })).data).toEqual({ deleted: 10_000 });
    });
  });

  describe('lists', () => {
    it('filters by building, floor, type and keyword, sorts, and pages', async () => {
      const byKeyword = await t.call('POST', '/apis/roomlist', { token, body: { keyword: 'corNER' } });
      expect(byKeyword.data.records.map((room: { room_num: string }) => room.room_num)).toEqual(['A-101']);
      const byMac = await t.call('POST', '/apis/roomlist', { token, body: { keyword: 'aabbcc' } });
      expect(byMac.data.total).toBe(1);
      expect((await t.call('POST', '/apis/roomlist', { token, body: { keyword: '%' } })).data.total).toBe(0);
      // ASCII case is ignored on both databases, other letters match as written (SQLite's like).
      const accented = await add({ room_num: 'Z-1', rcu_id: 'RCUZ1', mac: '', remark: '客房 Été_1' });
      expect(accented.code).toBe(0);
      const search = async (keyword: string) =>
        (await t.call('POST', '/apis/roomlist', { token, body: { keyword } })).data.records.map(
          (room: { room_num: string }) => room.room_num,
        );
      expect(await search('客房 éTÉ')).toEqual([]);
      expect(await search('客房 ÉTé_1')).toEqual(['Z-1']);
      expect(await search('z-1')).toEqual(['Z-1']);
      expect(await search('é_')).toEqual(['Z-1']);
      expect(await search('rcuz')).toEqual(['Z-1']);
      await t.call('POST', '/apis/roomdel', { token, body: { ids: [accented.data.id] } });
      const page = await t.call('POST', '/apis/roomlist', {
        token,
        body: {
          building_id: buildingId,
          room_type_id: roomTypeId,
          floor_num: 5,
          size: 7,
          current: 2,
          sort: 'room_num',
          order: 'desc',
        },
      });
      expect(page.data).toMatchObject({ total: 30, current: 2, size: 7 });
      expect(page.data.records.map((room: { room_num: string }) => room.room_num)).toEqual([
        '0523',
        '0522',
        '0521',
        '0520',
        '0519',
        '0518',
        '0517',
      ]);
      for (const sort of ['floor_num', 'rcu_id', 'room_type', 'building'] as const) {
        const sorted = await t.call('POST', '/apis/roomlist', { token, body: { sort, size: 500 } });
        expect(sorted.code, sort).toBe(0);
        expect(sorted.data.records).toHaveLength(500);
      }
      const floors = await t.call('POST', '/apis/roomlist', {
        token,
        body: { sort: 'floor_num', order: 'desc', size: 3 },
      });
      expect(floors.data.records[0].floor_num).toBe(20);
    });

    it('sorts by type or building name as people read names, then by number, across pages and filters', async () => {
      const owner = await hotelWithInventory(t, 'rsort');
      const as = (body: Record<string, unknown>) => t.call('POST', '/apis/roomlist', { token: owner.token, body });
      const building = async (name: string) =>
        (await t.call('POST', '/apis/buildingadd', { token: owner.token, body: { name, floor_from: 1, floor_to: 9 } }))
          .data.id as number;
      const type = async (name: string) =>
        (await t.call('POST', '/apis/roomtypeadd', { token: owner.token, body: { name, devices: [] } })).data
          .id as number;
      // Names whose order differs between byte order and reading order: 'Wing 2' < 'Wing 10', 'deluxe' < 'Suite'.
      const buildings = { 'Wing 10': await building('Wing 10'), 'Wing 2': await building('Wing 2') };
      const types = { Suite: await type('Suite'), deluxe: await type('deluxe'), 'Room 9': await type('Room 9') };
      const expected: { room_num: string; building: string; type: string; floor: number }[] = [];
      let n = 0;
      for (const [buildingName, buildingId] of Object.entries(buildings)) {
        for (const [typeName, typeId] of Object.entries(types)) {
          const floor = 1 + (n % 3);
          const prefix = `${buildingName.slice(-2).trim()}${typeName.slice(0, 2)}`;
          const added = await t.call('POST', '/apis/roomsadd', {
            token: owner.token,
            body: {
              building_id: buildingId,
              room_type_id: typeId,
              floors: [floor, floor],
              rooms: [1, 7],
              pattern: `${prefix}{floor}{room:2}`,
            },
          });
          expect(added.code).toBe(0);
          for (let room = 1; room <= 7; room++) {
            expected.push({
              room_num: `${prefix}${floor}${String(room).padStart(2, '0')}`,
              building: buildingName,
              type: typeName,
              floor,
            });
          }
          n++;
        }
      }
      const reading = new Intl.Collator('en', { numeric: true });
      const byNum = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const orders = {
        room_type: (a: (typeof expected)[number], b: (typeof expected)[number]) =>
          reading.compare(a.type, b.type) || byNum(a.room_num, b.room_num),
        building: (a: (typeof expected)[number], b: (typeof expected)[number]) =>
          reading.compare(a.building, b.building) || byNum(a.room_num, b.room_num),
      };
      for (const [sort, compare] of Object.entries(orders)) {
        for (const order of ['asc', 'desc'] as const) {
          for (const floor of [undefined, 2]) {
            const want = expected
              .filter((room) => floor === undefined || room.floor === floor)
              .sort(compare)
              .map((room) => room.room_num);
            if (order === 'desc') want.reverse();
            const got: string[] = [];
            for (let current = 1; got.length < want.length; current++) {
              const page = await as({ sort, order, size: 5, current, ...(floor ? { floor_num: floor } : {}) });
              expect(page.data.total, `${sort} ${order} floor ${floor}`).toBe(want.length);
              expect(page.data.records.length).toBeGreaterThan(0);
              got.push(...page.data.records.map((room: { room_num: string }) => room.room_num));
            }
            expect(got, `${sort} ${order} floor ${floor}`).toEqual(want);
          }
        }
      }
      const past = await as({ sort: 'room_type', size: 5, current: 99 });
      expect(past.data).toMatchObject({ records: [], total: expected.length });
      const names = await as({ sort: 'building', size: 1 });
      expect(names.data.records[0]).toMatchObject({ building_name: 'Wing 2', hotel_id: owner.hotelId });
      // /allrooms (and the exports) in the same building order, then floor and number.
      const all = await t.call('POST', '/apis/allrooms', { token: owner.token, body: {} });
      const inBuildings = all.data.records.filter((room: { building_name: string }) =>
        room.building_name.startsWith('Wing'),
      );
      const wanted = [...expected]
        .sort((a, b) => reading.compare(a.building, b.building) || a.floor - b.floor || byNum(a.room_num, b.room_num))
        .map((room) => room.room_num);
      expect(inBuildings.map((room: { room_num: string }) => room.room_num)).toEqual(wanted);
    });

    it('answers allrooms, basicroomlist, upgraderoomlist and hotelrooms', async () => {
      const all = await t.call('POST', '/apis/allrooms', { token, body: { building_id: buildingId } });
      const basic = await t.call('POST', '/apis/basicroomlist', { token, body: {} });
      expect(all.data.total).toBe(all.data.records.length);
      expect(Object.keys(basic.data.records[0]).sort()).toEqual([
        'building_id',
        'floor_num',
        'id',
        'room_num',
        'room_type_id',
      ]);
      const upgrade = await t.call('POST', '/apis/upgraderoomlist', { token, body: { keyword: '0201' } });
      expect(upgrade.data.records).toEqual([
        expect.objectContaining({
          room_num: '0201',
          room_type_name: 'Standard',
          fw: null,
          cfg: null,
          ir: null,
          online: false,
        }),
      ]);
      const rooms = await t.call('POST', '/apis/hotelrooms', { token, body: {} });
      expect(rooms.data.length).toBe(basic.data.total);
      const admin = await t.login('Administrator');
      const asAdmin = await t.call('POST', '/apis/hotelrooms', { token: admin, body: { hotel_id: hotelId } });
      expect(asAdmin.data).toEqual(rooms.data);
      expect((await t.call('POST', '/apis/hotelrooms', { token: admin, body: {} })).code).toBe(ErrorCode.invalid);
    });
  });

  describe('delete', () => {
    it('deletes several rooms; a foreign id deletes nothing (4404)', async () => {
      const manager = await t.login('manager');
      const demo = await t.call('POST', '/apis/basicroomlist', { token: manager, body: {} });
      const foreign = demo.data.records[0].id as number;
      const listed = (await t.call('POST', '/apis/roomlist', { token, body: { floor_num: 20, size: 2 } })).data
        .records as { id: number; room_num: string }[];
      const mine = listed.map((room) => room.id);
      const refused = await t.call('POST', '/apis/roomdel', { token, body: { ids: [...mine, foreign] } });
      expect(refused).toMatchObject({ status: 404, code: ErrorCode.notFound });
      expect(
        await t.db
          .selectFrom('rooms')
          .select('id')
          .where('id', 'in', [...mine, foreign])
          .execute(),
      ).toHaveLength(3);
      const done = await t.call('POST', '/apis/roomdel', { token, body: { ids: mine } });
      expect(done).toMatchObject({ code: 0, data: { deleted: 2 } });
      // The operation log says which rooms by their numbers: their ids name nothing any more.
      const log = await t.call('POST', '/apis/oplog/query', {
        token,
        headers: { 'accept-language': 'en' },
        body: { filter: { action: 'room_delete' } },
      });
      expect(log.data.records[0].text).toBe(`rooms: ${listed.map((room) => room.room_num).join(', ')}`);
      expect((await t.call('POST', '/apis/roomdel', { token, body: { ids: mine } })).code).toBe(ErrorCode.notFound);
      expect((await t.call('POST', '/apis/roomdel', { token, body: { ids: [] } })).code).toBe(ErrorCode.invalid);
    });
  });

  describe('import and export', () => {
    it('answers a template and exports CSV (BOM) and XLSX with the same rows', async () => {
      const template = await t.call('POST', '/apis/roomtemplate', { token, body: { format: 'csv' } });
      expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = readCsv(Buffer.from(template.raw));
      // The headers as the screens label the fields, in the caller's language.
      expect(rows[0]).toEqual(['房号', '楼层', '楼栋', '房型', 'RCU ID', 'MAC 地址', '备注', '有效期']);
      const english = await t.call('POST', '/apis/roomtemplate', { token, headers: EN, body: { format: 'csv' } });
      expect(readCsv(Buffer.from(english.raw))[0]).toEqual([
        'Room number',
        'Floor',
        'Building',
        'Room type',
        'RCU ID',
        'MAC address',
        'Remark',
        'Valid until',
      ]);
      expect(readCsv(Buffer.from(english.raw))[0]).toHaveLength(ROOM_COLUMNS.length);
      expect(rows[1]?.slice(0, 4)).toEqual(['0201', '2', 'Tower', 'Standard']);
      const xlsxTemplate = await t.call('POST', '/apis/roomtemplate', { token, body: { format: 'xlsx' } });
      expect(xlsxTemplate.headers['content-type']).toBe(XLSX_CONTENT_TYPE);

      const csv = await t.call('POST', '/apis/roomexport', { token, body: { format: 'csv', floor_num: 3 } });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="rooms-${hotelId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(csv.raw.startsWith('\uFEFF房号,楼层,楼栋,房型,RCU ID,MAC 地址,备注,有效期\r\n')).toBe(true);
      const csvRows = readCsv(Buffer.from(csv.raw));
      expect(csvRows).toHaveLength(31);
      expect(csvRows[1]).toEqual(['0301', '3', 'Tower', 'Standard', `R${hotelId}x0301`, '', '', '']);

      const xlsx = await rawBuffer(t, token, { format: 'xlsx', floor_num: 3 });
      expect(xlsx.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.rowCount).toBe(31);
      expect(sheet.getRow(2).getCell(1).value).toBe('0301');
    });

    it('makes device keys that a spreadsheet never takes for a formula', () => {
      const keys = Array.from({ length: 2_000 }, newDeviceKey);
      expect(keys.every((key) => /^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/.test(key))).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('exports the device keys the simulator reads, and logs the export', async () => {
      const answer = await t.call('POST', '/apis/roomkeyexport', { token, body: { floor_num: 3 } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-disposition']).toMatch(/filename="device-keys-\d+-\d{4}-\d{2}-\d{2}\.csv"/);
      const rows = readCsv(Buffer.from(answer.raw));
      expect(rows[0]).toEqual([...DEVICE_KEY_COLUMNS]);
      expect(rows).toHaveLength(31);
      const listed = await t.call('POST', '/apis/roomlist', { token, body: { floor_num: 3, size: 1 } });
      const first = listed.data.records[0];
      // Read as the simulator reads it (a key written with the spreadsheet's guarding apostrophe too).
      expect(roomsFromCsv(Buffer.from(answer.raw).toString('utf8'))[0]).toMatchObject({
        rcu_id: first.rcu_id,
        device_key: first.device_key,
      });
      expect(rows[1]?.slice(0, 5).map(unguardFormula)).toEqual([
        first.rcu_id,
        first.device_key,
        first.room_num,
        '3',
        'Tower',
      ]);
      expect(rows[1]?.[5]).toMatch(/^[A-Z]+\d+( [A-Z]+\d+)*$/);

      const log = await t.call('POST', '/apis/oplog/query', { token, body: { current: 1, size: 5 } });
      expect(log.data.records.map((row: { action: string }) => row.action)).toContain('room_key_export');
      // Visitors and users without pm_roomdetail are refused: the route walk proves it for every write.
    });

    it('round-trips: export CSV and XLSX, delete the rooms, import each back', async () => {
      for (const format of ['csv', 'xlsx'] as const) {
        const before = await t.call('POST', '/apis/allrooms', { token, body: { building_id: buildingId } });
        const floor4 = before.data.records.filter((room: { floor_num: number }) => room.floor_num === 4);
        const exported = await rawBuffer(t, token, { format, floor_num: 4 });
        const ids = floor4.map((room: { id: number }) => room.id);
        expect((await t.call('POST', '/apis/roomdel', { token, body: { ids } })).data.deleted).toBe(30);
        const imported = await upload(t, token, `rooms.${format}`, exported.rawPayload);
        expect(imported, format).toMatchObject({ code: 0, data: { created: 30 } });
        const after = await t.call('POST', '/apis/roomlist', { token, body: { floor_num: 4, size: 500 } });
        const strip = (room: Record<string, unknown>) => {
          const { id: _id, device_key: _key, ...rest } = room;
          return rest;
        };
        expect(after.data.records.map(strip)).toEqual(floor4.map(strip));
      }
    });

    it('imports semicolon CSV without BOM into another building (the building_id field wins)', async () => {
      const annex = await t.call('POST', '/apis/buildingadd', {
        token,
        body: { name: 'Annex', floor_from: 1, floor_to: 3 },
      });
      const csv =
        'room_num;floor_num;building;room_type;rcu_id;mac;remark;validdate\nX-1;1;Tower;Standard;x-1-rcu;;"a; b";2031-05-01\nX-2;2;;Standard;X2RCU;;;\n';
      const answer = await upload(t, token, 'rooms.csv', csv, { building_id: String(annex.data.id) });
      expect(answer).toMatchObject({ code: 0, data: { created: 2 } });
      const rooms = await t.call('POST', '/apis/roomlist', { token, body: { building_id: annex.data.id } });
      expect(rooms.data.records).toEqual([
        expect.objectContaining({
          room_num: 'X-1',
          rcu_id: 'x1rcu',
          remark: 'a; b',
          validdate: '2031-05-01',
          building_name: 'Annex',
        }),
        expect.objectContaining({ room_num: 'X-2', rcu_id: 'X2RCU', floor_num: 2 }),
      ]);
      // A sheet whose headers are another language's template labels reads the same.
      const japanese = '部屋番号,階,客室タイプ,RCU ID\nJ-1,1,Standard,J1RCU\n';
      const read = await upload(t, token, 'rooms.csv', japanese, { building_id: String(annex.data.id) });
      expect(read).toMatchObject({ code: 0, data: { created: 1 } });
    });

    it('reports every bad row by line and field and imports nothing', async () => {
      const before = await t.db.selectFrom('rooms').select('id').where('hotel_id', '=', hotelId).execute();
      const rows = [
        [...ROOM_COLUMNS],
        ['N-1', '1', 'Tower', 'Standard', 'N1RCU', '', '', ''],
        ['0201', '2', 'Tower', 'Standard', 'N2RCU', '', '', ''],
        ['N-3', '99', 'Tower', 'Nope', 'N3RCU', 'XYZ', '', '2030-13-01'],
        ['N 4', 'two', 'Nowhere', 'Standard', '', '', '', ''],
        ['', '', '', '', '', '', '', ''],
        ['N-1', '1', 'Tower', 'Standard', 'N1RCU', '', '', ''],
      ];
      const answer = await upload(t, token, 'bad.csv', writeCsv(rows), {}, EN);
      expect(answer).toMatchObject({
        status: 400,
        code: ErrorCode.invalid,
        message: '4 rows have errors; nothing was imported.',
      });
      expect(answer.data.errors).toEqual([
        { line: 3, field: 'room_num', column: 'Room number', message: 'room number 0201 already exists' },
        {
          line: 4,
          field: 'floor_num',
          column: 'Floor',
          message: 'is outside the floors 1..30 of building Tower',
        },
        { line: 4, field: 'room_type', column: 'Room type', message: 'no room type named Nope' },
        { line: 4, field: 'mac', column: 'MAC address', message: 'must be 12 hex digits' },
        { line: 4, field: 'validdate', column: 'Valid until', message: 'must be a date YYYY-MM-DD' },
        { line: 5, field: 'room_num', column: 'Room number', message: 'must be 1–16 letters, digits or -' },
        { line: 5, field: 'building', column: 'Building', message: 'no building named Nowhere' },
        { line: 5, field: 'floor_num', column: 'Floor', message: 'must be a whole number from -5 to 200' },
        { line: 5, field: 'rcu_id', column: 'RCU ID', message: 'is required' },
        { line: 7, field: 'room_num', column: 'Room number', message: 'repeats line 2' },
        { line: 7, field: 'rcu_id', column: 'RCU ID', message: 'repeats line 2' },
      ]);
      expect(await t.db.selectFrom('rooms').select('id').where('hotel_id', '=', hotelId).execute()).toHaveLength(
        before.length,
      );

      const zh = await upload(t, token, 'bad.csv', writeCsv(rows));
      expect(zh.message).toBe('4 行有错误,未导入任何房间');
      const oneBad = await upload(t, token, 'bad.csv', writeCsv(rows.slice(0, 3)), {}, EN);
      expect(oneBad.message).toBe('1 row has errors; nothing was imported.');
      const spanish = await upload(t, token, 'bad.csv', writeCsv(rows.slice(0, 3)), {}, { 'accept-language': 'es' });
      expect(spanish.message).toBe('1 fila tiene errores; no se importó nada.');

      // A header without required columns is one problem of the file, not a row's.
      const columns = await upload(t, token, 'cols.csv', 'room_num,storey\n1,1\n', {}, EN);
      expect(columns).toMatchObject({
        code: ErrorCode.invalid,
        message: 'The file is missing the columns: Floor, Room type, and RCU ID.',
        data: null,
      });
      const one = await upload(t, token, 'cols.csv', 'room_num,floor_num,room_type\n1,1,Standard\n', {}, EN);
      expect(one.message).toBe('The file is missing the column RCU ID.');
      const chinese = await upload(t, token, 'cols.csv', '房号,楼层\n1,1\n');
      expect(chinese.message).toBe('文件缺少以下列：房型和RCU ID');
    });

    it('refuses what is not a room sheet: no file, an empty one, garbage, too large, not multipart', async () => {
      const notMultipart = await t.call('POST', '/apis/roomimport', { token, body: { file: 'x' } });
      expect(notMultipart.code).toBe(ErrorCode.invalid);
      const garbage = await upload(t, token, 'x.xlsx', Buffer.from('PK\u0003\u0004garbage'), {}, EN);
      expect(garbage).toMatchObject({
        code: ErrorCode.invalid,
        message: 'The file cannot be read; upload a CSV (UTF-8) or Excel (.xlsx) file.',
      });
      const big = await upload(t, token, 'big.csv', Buffer.alloc(ROOM_IMPORT_MAX_BYTES + 1, 65));
      expect(big).toMatchObject({ status: 413, code: ErrorCode.tooLarge });
      const { payload, headers } = multipartPayload({ fields: { building_id: '1' } });
      const none: Answer = await t.call('POST', '/apis/roomimport', { token, payload, headers: { ...headers, ...EN } });
      expect(none).toMatchObject({ code: ErrorCode.invalid, message: 'Choose one file to upload.' });
      expect(await upload(t, token, 'empty.csv', '', {}, EN)).toMatchObject({
        code: ErrorCode.invalid,
        message: 'The file is empty.',
      });
      expect((await upload(t, token, 'empty.csv', '', {}, { 'accept-language': 'es' })).message).toBe(
        'El archivo está vacío.',
      );
      const foreign = await upload(t, token, 'x.csv', 'room_num,floor_num,room_type,rcu_id\nF1,1,Standard,F1\n', {
        building_id: '1',
      });
      expect(foreign.code).toBe(ErrorCode.notFound);
    });
  });
});
