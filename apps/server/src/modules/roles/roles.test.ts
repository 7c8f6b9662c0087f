import { ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel } from '../../test-support/fixtures.js';

describeEachDatabase('roles and operation log', (t) => {
  let manager: string;
  beforeAll(async () => {
    manager = await t.login('manager');
  });

  it('lists the hotel roles as a page', async () => {
    const page = await t.call('POST', '/apis/rolelist', { token: manager, body: { current: 1, size: 2 } });
    expect(page.code).toBe(0);
    expect(page.data).toMatchObject({ total: 5, current: 1, size: 2 });
    expect(page.data.records.map((role: { name: string }) => role.name)).toEqual(['nobody', 'waiter']);
    const defaults = await t.call('POST', '/apis/rolelist', { token: manager, body: {} });
    expect(defaults.data).toMatchObject({ current: 1, size: 20 });
    expect((await t.call('POST', '/apis/rolelist', { token: manager, body: { size: 501 } })).code).toBe(
      ErrorCode.invalid,
    );
  });

  it('adds, updates and deletes a role; a change reaches its users at their next call', async () => {
    const added = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: ' night desk ', perms: ['pm_dashboard'] },
    });
    expect(added).toMatchObject({ code: 0, data: { name: 'night desk', perms: ['pm_dashboard'] } });
    const roleId = added.data.id as number;

    const { userIds } = await createHotel(t, { name: 'Unused', users: [] });
    expect(userIds).toEqual({});
    const hotelId = added.data.hotel_id as number;
    const { insertUser } = await import('./hotel-setup.js');
    await insertUser(
      t.db,
      { hotel_id: hotelId, user_name: 'night', password: 'night123', roleIds: [roleId] },
      t.clock().toISOString(),
    );
    const night = await t.login('night', 'night123');
    expect((await t.call('POST', '/apis/userinfo', { token: night })).data.perms).toEqual([{ val: 'pm_dashboard' }]);
    expect((await t.call('POST', '/apis/rolelist', { token: night, body: {} })).code).toBe(ErrorCode.forbidden);

    const updated = await t.call('PUT', '/apis/roleupdate', {
      token: manager,
      body: { id: roleId, perms: ['pm_dashboard', 'pm_user'] },
    });
    expect(updated).toMatchObject({ code: 0, data: { name: 'night desk', perms: ['pm_dashboard', 'pm_user'] } });
    expect((await t.call('POST', '/apis/rolelist', { token: night, body: {} })).code).toBe(0);

    const inUse = await t.call('POST', '/apis/roledel', { token: manager, body: { id: roleId } });
    expect(inUse).toMatchObject({ status: 409, code: ErrorCode.conflict, message: '该角色仍有用户在使用,不能删除' });
    await t.db.deleteFrom('user_roles').where('role_id', '=', roleId).execute();
    expect(await t.call('POST', '/apis/roledel', { token: manager, body: { id: roleId } })).toMatchObject({ code: 0 });
    expect((await t.call('POST', '/apis/roledel', { token: manager, body: { id: roleId } })).code).toBe(
      ErrorCode.notFound,
    );
  });

  it('refuses unknown perms, platform keys, duplicate names and unknown ids', async () => {
    const unknownPerm = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: 'x', perms: ['pm_nothing'] },
    });
    expect(unknownPerm.code).toBe(ErrorCode.invalid);
    expect(unknownPerm.message).toMatch(/^参数错误: 权限第 1 项应为 "pm_dashboard", /);
    const platform = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: 'x', perms: ['pm_hotel'] },
    });
    expect(platform.code).toBe(ErrorCode.invalid);
    const duplicate = await t.call('POST', '/apis/roleadd', { token: manager, body: { name: 'waiter', perms: [] } });
    expect(duplicate.code).toBe(ErrorCode.conflict);
    const rename = await t.call('PUT', '/apis/roleupdate', { token: manager, body: { id: 999_999, name: 'ghost' } });
    expect(rename.code).toBe(ErrorCode.notFound);
  });

  it('lets the Administrator act on a hotel by hotel_id, and requires it', async () => {
    const admin = await t.login('Administrator');
    const { hotelId } = await createHotel(t, { name: 'Admin Target' });
    expect((await t.call('POST', '/apis/rolelist', { token: admin, body: {} })).code).toBe(ErrorCode.invalid);
    const page = await t.call('POST', '/apis/rolelist', { token: admin, body: { hotel_id: hotelId } });
    expect(page.data.total).toBe(5);
    const added = await t.call('POST', '/apis/roleadd', {
      token: admin,
      body: { hotel_id: hotelId, name: 'audit', perms: ['*'] },
    });
    expect(added.data).toMatchObject({ hotel_id: hotelId, perms: ['*'] });
    const missing = await t.call('POST', '/apis/roleadd', {
      token: admin,
      body: { hotel_id: 987_654, name: 'a', perms: [] },
    });
    expect(missing.code).toBe(ErrorCode.notFound);
  });

  it('keeps hotel users in their own hotel whatever hotel_id they pass', async () => {
    const { hotelId } = await createHotel(t, { name: 'Elsewhere' });
    const page = await t.call('POST', '/apis/rolelist', { token: manager, body: { hotel_id: hotelId, size: 500 } });
    const own = (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id;
    expect(page.data.records.every((role: { hotel_id: number }) => role.hotel_id === own)).toBe(true);
  });

  it('writes every change to the operation log, newest first, readable by pm_logstatistics', async () => {
    const log = await t.call('POST', '/apis/oplog/query', { token: manager, body: { current: 1, size: 50 } });
    expect(log.code).toBe(0);
    const actions = log.data.records.map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 5)).toEqual(['role_delete', 'role_update', 'login', 'role_add', 'login']);
    const [latest] = log.data.records;
    expect(latest).toMatchObject({
      user_name: 'manager',
      target: 'night desk',
      detail: { perms: ['pm_dashboard', 'pm_user'] },
    });
    expect(latest.ip).not.toBe('');
    expect(Date.parse(latest.created_at)).not.toBeNaN();

    const filtered = await t.call('POST', '/apis/oplog/query', {
      token: manager,
      body: { filter: { action: 'role_add', keyword: 'night' } },
    });
    expect(filtered.data.records).toHaveLength(1);
    const likeChars = await t.call('POST', '/apis/oplog/query', {
      token: manager,
      body: { filter: { keyword: '%_\\' } },
    });
    expect(likeChars.data.total).toBe(0);

    const waiter = await t.login('waiter');
    expect((await t.call('POST', '/apis/oplog/query', { token: waiter, body: {} })).code).toBe(ErrorCode.forbidden);
    const visitor = await t.login('visitor');
    expect((await t.call('POST', '/apis/oplog/query', { token: visitor, body: {} })).code).toBe(0);
  });

  it('rolls the change back when its log entry cannot be written', async () => {
    await t.db.schema.alterTable('oplog').renameTo('oplog_away').execute();
    try {
      const answer = await t.call('POST', '/apis/roleadd', { token: manager, body: { name: 'ghost role', perms: [] } });
      expect(answer.code).toBe(ErrorCode.internal);
    } finally {
      await t.db.schema.alterTable('oplog_away').renameTo('oplog').execute();
    }
    const names = await t.db.selectFrom('roles').select('name').where('name', '=', 'ghost role').execute();
    expect(names).toEqual([]);
  });
});
