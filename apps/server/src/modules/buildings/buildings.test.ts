import { ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { hotelWithInventory } from '../../test-support/fixtures.js';

describeEachDatabase('buildings', (t) => {
  let token: string;
  let buildingId: number;
  let roomTypeId: number;
  beforeAll(async () => {
    ({ token, buildingId, roomTypeId } = await hotelWithInventory(t, 'bld'));
  });

  it('adds, lists, renames and deletes a building', async () => {
    const added = await t.call('POST', '/apis/buildingadd', {
      token,
      body: { name: ' Annex ', floor_from: -2, floor_to: 8, remark: 'garden side' },
    });
    expect(added).toMatchObject({
      code: 0,
      data: { name: 'Annex', floor_from: -2, floor_to: 8, remark: 'garden side', room_count: 0 },
    });
    const list = await t.call('POST', '/apis/buildinglist', { token, body: {} });
    expect(list.data.records.map((b: { name: string }) => b.name)).toEqual(['Tower', 'Annex']);
    const renamed = await t.call('PUT', '/apis/buildingupdate', { token, body: { id: added.data.id, name: 'Garden' } });
    expect(renamed).toMatchObject({ code: 0, data: { name: 'Garden', floor_from: -2 } });
    expect((await t.call('POST', '/apis/buildingdel', { token, body: { id: added.data.id } })).code).toBe(0);
    expect((await t.call('POST', '/apis/buildingdel', { token, body: { id: added.data.id } })).code).toBe(
      ErrorCode.notFound,
    );
  });

  it('refuses a taken name (4409), an upside-down or out-of-bounds floor range (4400)', async () => {
    const taken = await t.call('POST', '/apis/buildingadd', {
      token,
      body: { name: 'Tower', floor_from: 1, floor_to: 2 },
    });
    expect(taken).toMatchObject({ code: ErrorCode.conflict, message: '楼栋名称已存在' });
    const upside = await t.call('POST', '/apis/buildingadd', {
      token,
      headers: { 'accept-language': 'en' },
      body: { name: 'Upside', floor_from: 5, floor_to: 2 },
    });
    expect(upside).toMatchObject({
      code: ErrorCode.invalid,
      message: 'The lowest floor (5) must not be above the highest floor (2).',
    });
    for (const floors of [
      { floor_from: -6, floor_to: 1 },
      { floor_from: 1, floor_to: 201 },
    ]) {
      const answer = await t.call('POST', '/apis/buildingadd', { token, body: { name: 'Bounds', ...floors } });
      expect(answer.code).toBe(ErrorCode.invalid);
    }
  });

  it('keeps floors with rooms inside the range and a building with rooms (4409)', async () => {
    await t.call('POST', '/apis/roomsadd', {
      token,
      body: { floors: [10, 12], rooms: [1, 2], room_type_id: roomTypeId },
    });
    const shrink = await t.call('PUT', '/apis/buildingupdate', { token, body: { id: buildingId, floor_to: 11 } });
    expect(shrink).toMatchObject({
      code: ErrorCode.conflict,
      message: '新的楼层范围之外还有房间,请先移动或删除这些房间',
    });
    const fine = await t.call('PUT', '/apis/buildingupdate', {
      token,
      body: { id: buildingId, floor_from: 10, floor_to: 12 },
    });
    expect(fine).toMatchObject({ code: 0, data: { floor_from: 10, floor_to: 12, room_count: 6 } });
    const inUse = await t.call('POST', '/apis/buildingdel', { token, body: { id: buildingId } });
    expect(inUse).toMatchObject({ code: ErrorCode.conflict, message: '该楼栋还有房间,不能删除' });
  });
});
