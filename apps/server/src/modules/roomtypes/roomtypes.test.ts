import { ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel, hotelWithInventory } from '../../test-support/fixtures.js';

const SIX = [
  { key: 'L1', kind: 'light', name: 'Ceiling' },
  { key: 'L2', kind: 'light', name: 'Bedside' },
  { key: 'D1', kind: 'dimmer', name: 'Reading' },
  { key: 'C1', kind: 'curtain', name: 'Curtain' },
  { key: 'AC1', kind: 'ac', name: 'Air', defaults: { set_min: 18, set_max: 28, set: 24 } },
  { key: 'V1', kind: 'ventilation', name: 'Fan' },
];

describeEachDatabase('room types', (t) => {
  let token: string;
  let roomTypeId: number;
  beforeAll(async () => {
    ({ token, roomTypeId } = await hotelWithInventory(t, 'rt'));
  });

  it('adds a type with six devices, lists it and its options', async () => {
    const added = await t.call('POST', '/apis/roomtypeadd', {
      token,
      body: { name: 'King', remark: 'sea view', devices: SIX },
    });
    expect(added).toMatchObject({ code: 0, data: { name: 'King', remark: 'sea view', devices: SIX, room_count: 0 } });
    const page = await t.call('POST', '/apis/roomtype', { token, body: { size: 1, current: 2 } });
    expect(page.data).toMatchObject({ total: 2, records: [{ name: 'King' }] });
    const options = await t.call('POST', '/apis/roomtypeoptions', { token, body: {} });
    expect(options.data).toEqual([
      { id: roomTypeId, name: 'Standard' },
      { id: added.data.id, name: 'King' },
    ]);
  });

  it('refuses a taken name (4409) and templates the schema cannot catch (4400)', async () => {
    const taken = await t.call('POST', '/apis/roomtypeadd', { token, body: { name: 'Standard', devices: [] } });
    expect(taken).toMatchObject({ code: ErrorCode.conflict, message: '房型名称已存在' });
    const en = { 'accept-language': 'en' };
    const cases: [unknown[], string][] = [
      [[{ key: 'AC1', kind: 'light', name: 'x' }], 'Device 1: the key AC1 must start with L.'],
      [
        [
          { key: 'L1', kind: 'light', name: 'x' },
          { key: 'L1', kind: 'light', name: 'y' },
        ],
        'Device 2: the key L1 appears twice.',
      ],
      [
        [{ key: 'AC1', kind: 'ac', name: 'x', defaults: { set_min: 26, set_max: 20 } }],
        'Device 1 (AC1): the setpoints need lowest ≤ default ≤ highest.',
      ],
      [
        [{ key: 'L1', kind: 'light', name: 'x', defaults: { set: 20 } }],
        'Device 1 (L1): only air conditioners and floor heating take setpoint defaults.',
      ],
    ];
    for (const [devices, message] of cases) {
      const answer = await t.call('POST', '/apis/roomtypeadd', { token, headers: en, body: { name: 'Bad', devices } });
      expect(answer).toMatchObject({ code: ErrorCode.invalid, message });
    }
    for (const devices of [
      [{ key: 'X1', kind: 'light', name: 'x' }],
      [{ key: 'L100', kind: 'light', name: 'x' }],
      [{ key: 'AC1', kind: 'ac', name: 'x', defaults: { set: 22.3 } }],
      [{ key: 'L1', kind: 'lamp', name: 'x' }],
      Array.from({ length: 65 }, (_, i) => ({ key: `S${(i % 99) + 1}`, kind: 'socket', name: 'x' })),
    ]) {
      expect((await t.call('POST', '/apis/roomtypeadd', { token, body: { name: 'Bad', devices } })).code).toBe(
        ErrorCode.invalid,
      );
    }
  });

  it('changes the template of every room of the type at once; a type in use cannot be deleted', async () => {
    await t.call('POST', '/apis/roomsadd', {
      token,
      body: { floors: [1, 2], rooms: [1, 3], room_type_id: roomTypeId },
    });
    const saved = await t.call('PUT', '/apis/roomtypedevices', { token, body: { id: roomTypeId, devices: SIX } });
    expect(saved).toMatchObject({ code: 0, data: { devices: SIX, room_count: 6 } });
    const rooms = await t.call('POST', '/apis/allrooms', { token, body: {} });
    const types = await t.call('POST', '/apis/roomtype', { token, body: { size: 500 } });
    const templates = new Map(
      types.data.records.map((type: { id: number; devices: unknown }) => [type.id, type.devices]),
    );
    expect(rooms.data.total).toBe(6);
    for (const room of rooms.data.records) expect(templates.get(room.room_type_id)).toEqual(SIX);

    const renamed = await t.call('PUT', '/apis/roomtypeupdate', {
      token,
      body: { id: roomTypeId, name: 'Standard Plus' },
    });
    expect(renamed).toMatchObject({ code: 0, data: { name: 'Standard Plus', devices: SIX } });
    const list = await t.call('POST', '/apis/roomlist', { token, body: {} });
    expect(list.data.records.every((room: { room_type_name: string }) => room.room_type_name === 'Standard Plus')).toBe(
      true,
    );

    const inUse = await t.call('POST', '/apis/roomtypedel', { token, body: { id: roomTypeId } });
    expect(inUse).toMatchObject({ status: 409, code: ErrorCode.conflict, message: '该房型仍有房间在使用,不能删除' });
    const spare = await t.call('POST', '/apis/roomtypeadd', { token, body: { name: 'Spare', devices: [] } });
    expect((await t.call('POST', '/apis/roomtypedel', { token, body: { id: spare.data.id } })).code).toBe(0);
  });

  it('lets pm_roomdetail save templates but not manage types, and pm_roomtype the reverse', async () => {
    const users = [
      { user_name: 'rt_detail', password: 'rt_detail1', perms: ['pm_roomdetail'] },
      { user_name: 'rt_types', password: 'rt_types1', perms: ['pm_roomtype'] },
    ];
    await createHotel(t, { name: 'Perm hotel', users });
    const detail = await t.login('rt_detail', 'rt_detail1');
    const types = await t.login('rt_types', 'rt_types1');
    expect((await t.call('POST', '/apis/roomtype', { token: detail, body: {} })).code).toBe(ErrorCode.forbidden);
    expect((await t.call('POST', '/apis/roomtypeoptions', { token: detail, body: {} })).code).toBe(0);
    expect((await t.call('POST', '/apis/roomtypeoptions', { token: types, body: {} })).code).toBe(ErrorCode.forbidden);
    const added = await t.call('POST', '/apis/roomtypeadd', { token: types, body: { name: 'Mine', devices: [] } });
    expect(added.code).toBe(0);
    const devices = await t.call('PUT', '/apis/roomtypedevices', {
      token: types,
      body: { id: added.data.id, devices: SIX },
    });
    expect(devices.code).toBe(ErrorCode.forbidden);
    expect(
      (await t.call('PUT', '/apis/roomtypedevices', { token: detail, body: { id: added.data.id, devices: SIX } })).code,
    ).toBe(0);
    const read = await t.call('POST', '/apis/roomtypedetail', { token: detail, body: { id: added.data.id } });
    expect(read.data).toMatchObject({ id: added.data.id, name: 'Mine', devices: SIX });
    expect((await t.call('POST', '/apis/roomtypedetail', { token: types, body: { id: added.data.id } })).code).toBe(
      ErrorCode.forbidden,
    );
    expect((await t.call('POST', '/apis/roomtypedetail', { token: detail, body: { id: 999_999 } })).code).toBe(
      ErrorCode.notFound,
    );
  });
});
