import { ErrorCode } from '@roompilot/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/unique.js';
import { describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel, insertOlderOperation, loggedOperations } from '../../test-support/fixtures.js';

/** The demo hotel's role ids by name, read as its manager. */
async function demoRoles(t: TestApp, token: string): Promise<Record<string, number>> {
  const page = await t.call('POST', '/apis/rolelist', { token, body: { size: 500 } });
  return Object.fromEntries(page.data.records.map((role: { id: number; name: string }) => [role.name, role.id]));
}

describeEachDatabase('users', (t) => {
  let manager: string;
  let roles: Record<string, number>;
  let deptId: number;
  let childDeptId: number;

  beforeAll(async () => {
    manager = await t.login('manager');
    roles = await demoRoles(t, manager);
    deptId = (await t.call('POST', '/apis/sys_dept', { token: manager, body: { name: 'Front office' } })).data.id;
    childDeptId = (
      await t.call('POST', '/apis/sys_dept', { token: manager, body: { name: 'Night desk', parent_id: deptId } })
    ).data.id;
  });

  const add = (body: Record<string, unknown>, token = manager) => t.call('POST', '/apis/sys_user', { token, body });

  describe('adding', () => {
    it('adds a user with its department and roles, never answering a password, and it logs in with them', async () => {
      const added = await add({
        user_name: 'lily',
        password: 'lily-pass-1',
        nick_name: 'Lily Chen',
        phone: '+86 138-0000-0000',
        email: 'lily@example.com',
        sex: 'female',
        dept_id: childDeptId,
        group: 'Night shift',
        role_ids: [roles.guest],
      });
      expect(added.code).toBe(0);
      expect(added.data).toMatchObject({
        user_name: 'lily',
        nick_name: 'Lily Chen',
        phone: '+86 138-0000-0000',
        email: 'lily@example.com',
        sex: 'female',
        state: 'enabled',
        dept_id: childDeptId,
        dept_name: 'Night desk',
        group: 'Night shift',
        roles: [{ id: roles.guest, name: 'guest' }],
      });
      expect(added.raw).not.toMatch(/password|argon|pass-1/);
      const lily = await t.login('lily', 'lily-pass-1');
      const info = await t.call('POST', '/apis/userinfo', { token: lily });
      expect(info.data).toMatchObject({ user_name: 'lily', roles: ['guest'], perms: [{ val: 'pm_dashboard' }] });
    });

    it('fills the defaults: the nick name is the user name, enabled, no department, no role', async () => {
      const added = await add({ user_name: 'plain.user', password: '12345678!' });
      expect(added.data).toMatchObject({
        nick_name: 'plain.user',
        state: 'enabled',
        sex: '',
        dept_id: null,
        dept_name: null,
        group: '',
        roles: [],
      });
      const legacy = await t.call('POST', '/apis/useradd', {
        token: manager,
        body: { user_name: 'legacy_user', password: 'legacy-pass-1' },
      });
      expect(legacy.data).toMatchObject({ user_name: 'legacy_user', roles: [] });
    });

    it('keeps user names unique whatever their case, across hotels', async () => {
      const taken = await add({ user_name: 'LILY', password: 'lily-pass-2' });
      expect(taken).toMatchObject({ status: 409, code: ErrorCode.conflict, message: '用户名已存在' });
      expect((await add({ user_name: 'Manager', password: 'lily-pass-2' })).code).toBe(ErrorCode.conflict);
      expect((await add({ user_name: 'Administrator', password: 'lily-pass-2' })).code).toBe(ErrorCode.conflict);
    });

    it('lets the database itself refuse a name that differs only in case (two adds at the same moment)', async () => {
      const row = (user_name: string) => ({
        hotel_id: 1,
        user_name,
        nick_name: user_name,
        password_hash: 'x',
        email: '',
        phone: '',
        sex: '',
        state: 'enabled' as const,
        created_at: new Date().toISOString(),
      });
      await t.db.insertInto('users').values(row('racer')).execute();
      const second = t.db.insertInto('users').values(row('RACER')).execute();
      await expect(second).rejects.toSatisfy(isUniqueViolation);
      expect((await add({ user_name: 'Racer', password: 'lily-pass-2' })).code).toBe(ErrorCode.conflict);
    });

    it('refuses a weak password, explaining the rule, and bad fields by their labels', async () => {
      const letters = await add({ user_name: 'weakling', password: 'onlyletters' });
      expect(letters).toMatchObject({
        code: ErrorCode.invalid,
        message: '参数错误: 密码至少要包含字母、数字、符号中的两类',
      });
      const short = await add({ user_name: 'weakling', password: 'ab1' });
      expect(short.message).toBe('参数错误: 密码不能少于 8 个字符');
      const english = await t.call('POST', '/apis/sys_user', {
        token: manager,
        body: { user_name: 'weakling', password: '12345678' },
        headers: { 'accept-language': 'en' },
      });
      expect(english.message).toContain('Password must mix at least two of: letters, digits, symbols');
      const spaced = await add({ user_name: 'two words', password: 'good-pass-1' });
      expect(spaced.message).toBe('参数错误: 用户名只能包含字母、数字和 _ . @ -');
      const email = await add({ user_name: 'mailer', password: 'good-pass-1', email: 'not-an-address' });
      expect(email.message).toBe('参数错误: 邮箱不是有效的邮箱地址');
      const phone = await add({ user_name: 'caller', password: 'good-pass-1', phone: 'call me' });
      expect(phone.message).toBe('参数错误: 电话只能包含数字、空格和 + - ( )');
      const sex = await add({ user_name: 'caller', password: 'good-pass-1', sex: 'x' });
      expect(sex.code).toBe(ErrorCode.invalid);
      const roleList = await add({
        user_name: 'caller',
        password: 'good-pass-1',
        role_ids: [roles.guest, roles.guest],
      });
      expect(roleList.code).toBe(ErrorCode.invalid);
      const names = await t.db.selectFrom('users').select('user_name').where('user_name', 'in', ['weakling', 'caller']);
      expect(await names.execute()).toEqual([]);
    });

    it("refuses another hotel's department or role (4404) and writes nothing", async () => {
      const other = await createHotel(t, { name: 'Other People Hotel' });
      const admin = await t.login('Administrator');
      const otherDept = await t.call('POST', '/apis/sys_dept', {
        token: admin,
        body: { hotel_id: other.hotelId, name: 'Elsewhere' },
      });
      expect(otherDept.code).toBe(0);
      const dept = await add({ user_name: 'wanderer', password: 'good-pass-1', dept_id: otherDept.data.id });
      expect(dept).toMatchObject({ code: ErrorCode.notFound, message: '部门不存在' });
      const role = await add({ user_name: 'wanderer', password: 'good-pass-1', role_ids: [other.roleIds.manager] });
      expect(role).toMatchObject({ code: ErrorCode.notFound, message: '角色不存在' });
      expect(
        (await t.call('POST', '/apis/login', { body: { user_name: 'wanderer', password: 'good-pass-1' } })).code,
      ).toBe(ErrorCode.invalid);
    });
  });

  describe('listing', () => {
    it('pages, searches and filters by department (with those below it) and state', async () => {
      const all = await t.call('POST', '/apis/sys_user/query', { token: manager, body: { current: 1, size: 2 } });
      expect(all.data).toMatchObject({ current: 1, size: 2 });
      expect(all.data.records).toHaveLength(2);
      expect(all.data.total).toBeGreaterThanOrEqual(6);
      expect(all.raw).not.toMatch(/password|argon/);

      const keyword = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { keyword: 'CHEN' } },
      });
      expect(keyword.data.records.map((user: { user_name: string }) => user.user_name)).toEqual(['lily']);
      const byMail = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { keyword: 'example.com' } },
      });
      expect(byMail.data.total).toBe(1);
      const likeChars = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { keyword: '%_' } },
      });
      expect(likeChars.data.total).toBe(0);

      const inFront = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { dept_id: deptId } },
      });
      expect(inFront.data.records.map((user: { user_name: string }) => user.user_name)).toEqual(['lily']);
      const inNight = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { dept_id: childDeptId, state: 'disabled' } },
      });
      expect(inNight.data.total).toBe(0);

      const legacy = await t.call('POST', '/apis/userlist', { token: manager, body: { current: 1, size: 2 } });
      expect(legacy.data).toEqual(all.data);
      expect((await t.call('POST', '/apis/sys_user/query', { token: manager, body: { size: 501 } })).code).toBe(
        ErrorCode.invalid,
      );
    });

    it('lets the visitor read and refuses a user without pm_user', async () => {
      const visitor = await t.login('visitor');
      expect((await t.call('POST', '/apis/sys_user/query', { token: visitor, body: {} })).code).toBe(0);
      expect((await add({ user_name: 'sneaky', password: 'good-pass-1' }, visitor)).code).toBe(ErrorCode.forbidden);
      const waiter = await t.login('waiter');
      expect((await t.call('POST', '/apis/sys_user/query', { token: waiter, body: {} })).code).toBe(
        ErrorCode.forbidden,
      );
    });
  });

  describe('editing', () => {
    let lilyId: number;
    beforeAll(async () => {
      const page = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { keyword: 'lily' } },
      });
      lilyId = page.data.records[0].id;
    });

    it('edits the fields it is given, renames within the rule, and PUT /userupdate does the same', async () => {
      const edited = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { id: lilyId, nick_name: 'Lily C.', dept_id: deptId, group: '', email: '' },
      });
      expect(edited.data).toMatchObject({
        nick_name: 'Lily C.',
        dept_id: deptId,
        dept_name: 'Front office',
        email: '',
      });
      expect(edited.data.phone).toBe('+86 138-0000-0000');
      const clash = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { id: lilyId, user_name: 'Waiter' },
      });
      expect(clash.code).toBe(ErrorCode.conflict);
      const legacy = await t.call('PUT', '/apis/userupdate', {
        token: manager,
        body: { id: lilyId, dept_id: null, sex: 'male' },
      });
      expect(legacy.data).toMatchObject({ dept_id: null, dept_name: null, sex: 'male' });
      const unknown = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { id: 999_999, nick_name: 'x' },
      });
      expect(unknown).toMatchObject({ code: ErrorCode.notFound, message: '用户不存在' });
    });

    it("sets roles, which take effect at the next call, and tells the user's consoles", async () => {
      const told: number[][] = [];
      const stop = t.app.services.roles.onPermsChanged((userIds) => told.push([...userIds]));
      const lily = await t.login('lily', 'lily-pass-1');
      expect((await t.call('POST', '/apis/sys_user/query', { token: lily, body: {} })).code).toBe(ErrorCode.forbidden);
      const set = await t.call('PATCH', '/apis/sys_user/role', {
        token: manager,
        body: { id: lilyId, role_ids: [roles.manager, roles.guest] },
      });
      expect(set.data.roles.map((role: { name: string }) => role.name)).toEqual(['guest', 'manager']);
      expect((await t.call('POST', '/apis/sys_user/query', { token: lily, body: {} })).code).toBe(0);
      const viaInfo = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { id: lilyId, role_ids: [roles.guest] },
      });
      expect(viaInfo.data.roles).toEqual([{ id: roles.guest, name: 'guest' }]);
      expect((await t.call('POST', '/apis/sys_user/query', { token: lily, body: {} })).code).toBe(ErrorCode.forbidden);
      const unknownRole = await t.call('PATCH', '/apis/sys_user/role', {
        token: manager,
        body: { id: lilyId, role_ids: [999_999] },
      });
      expect(unknownRole.code).toBe(ErrorCode.notFound);
      stop();
      // Told twice (the two changes), not for the refused one.
      expect(told).toEqual([[lilyId], [lilyId]]);
    });

    it('grants only roles within what the granter holds itself', async () => {
      const hr = await t.call('POST', '/apis/roleadd', {
        token: manager,
        body: { name: 'people desk', perms: ['pm_user', 'pm_dashboard'] },
      });
      await add({ user_name: 'hr_clerk', password: 'clerk-pass-1', role_ids: [hr.data.id] });
      const clerk = await t.login('hr_clerk', 'clerk-pass-1');
      const beyond = await add({ user_name: 'boss2', password: 'boss-pass-1', role_ids: [roles.manager] }, clerk);
      expect(beyond).toMatchObject({
        status: 403,
        code: ErrorCode.forbidden,
        message: '不能授予角色“manager”:它含有您自己没有的权限',
      });
      const waiterRole = await t.call('PATCH', '/apis/sys_user/role', {
        token: clerk,
        body: { id: lilyId, role_ids: [roles.waiter] },
      });
      expect(waiterRole.code).toBe(ErrorCode.forbidden);
      const guest = await t.call('PATCH', '/apis/sys_user/role', {
        token: clerk,
        body: { id: lilyId, role_ids: [roles.guest, hr.data.id] },
      });
      expect(guest.code).toBe(0);
      // A role the user already holds stays, whoever edits the user.
      await t.call('PATCH', '/apis/sys_user/role', { token: manager, body: { id: lilyId, role_ids: [roles.manager] } });
      const keep = await t.call('PATCH', '/apis/sys_user/info', {
        token: clerk,
        body: { id: lilyId, nick_name: 'Lily', role_ids: [roles.manager] },
      });
      expect(keep.code).toBe(0);
      await t.call('PATCH', '/apis/sys_user/role', { token: manager, body: { id: lilyId, role_ids: [roles.guest] } });
    });

    it('refuses to disable, delete, reset or take away pm_user from oneself', async () => {
      const me = (await t.call('POST', '/apis/userinfo', { token: manager })).data.id as number;
      const disable = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { id: me, state: 'disabled' },
      });
      expect(disable).toMatchObject({ code: ErrorCode.conflict, message: '不能停用自己的账号' });
      const remove = await t.call('DELETE', '/apis/sys_user', { token: manager, body: { ids: [lilyId, me] } });
      expect(remove).toMatchObject({ code: ErrorCode.conflict, message: '不能删除自己的账号' });
      const legacyRemove = await t.call('POST', '/apis/userdel', { token: manager, body: { ids: [me] } });
      expect(legacyRemove.code).toBe(ErrorCode.conflict);
      const drop = await t.call('PATCH', '/apis/sys_user/role', {
        token: manager,
        body: { id: me, role_ids: [roles.waiter] },
      });
      expect(drop).toMatchObject({ code: ErrorCode.conflict, message: '不能去掉自己的用户管理权限' });
      const none = await t.call('PATCH', '/apis/sys_user/info', { token: manager, body: { id: me, role_ids: [] } });
      expect(none.code).toBe(ErrorCode.conflict);
      const reset = await t.call('PATCH', '/apis/sys_user/password', {
        token: manager,
        body: { id: me, password: 'new-pass-99' },
      });
      expect(reset.code).toBe(ErrorCode.conflict);
      // Still whole: enabled, its roles, its password.
      expect((await t.call('POST', '/apis/userinfo', { token: manager })).data.roles).toEqual(['manager']);
      expect(await t.login('manager')).toBeTruthy();
      // Keeping pm_user through another role is fine.
      const hr = await demoRoles(t, manager);
      const kept = await t.call('PATCH', '/apis/sys_user/role', {
        token: manager,
        body: { id: me, role_ids: [roles.manager, hr['people desk'] as number] },
      });
      expect(kept.code).toBe(0);
    });

    it("disabling ends the user's sessions at once; enabling lets it log in again, the old session stays ended", async () => {
      const lily = await t.login('lily', 'lily-pass-1');
      const disabled = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { id: lilyId, state: 'disabled' },
      });
      expect(disabled.data.state).toBe('disabled');
      expect(await t.call('POST', '/apis/userinfo', { token: lily })).toMatchObject({
        code: ErrorCode.sessionEnded,
        message: '该账号已停用,会话已结束',
      });
      const login = await t.call('POST', '/apis/login', { body: { user_name: 'lily', password: 'lily-pass-1' } });
      expect(login.code).toBe(ErrorCode.forbidden);
      const filtered = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { state: 'disabled' } },
      });
      expect(filtered.data.records.map((user: { user_name: string }) => user.user_name)).toEqual(['lily']);

      await t.call('PATCH', '/apis/sys_user/info', { token: manager, body: { id: lilyId, state: 'enabled' } });
      expect((await t.call('POST', '/apis/userinfo', { token: lily })).code).toBe(ErrorCode.sessionEnded);
      expect(await t.login('lily', 'lily-pass-1')).toBeTruthy();
    });

    it("resets another user's password: its sessions end, the new one works and the old one not", async () => {
      const lily = await t.login('lily', 'lily-pass-1');
      const weak = await t.call('PATCH', '/apis/sys_user/password', {
        token: manager,
        body: { id: lilyId, password: 'abcdefgh' },
      });
      expect(weak.code).toBe(ErrorCode.invalid);
      const reset = await t.call('PATCH', '/apis/sys_user/password', {
        token: manager,
        body: { id: lilyId, password: 'fresh-pass-2' },
      });
      expect(reset).toMatchObject({ code: 0, data: null });
      expect(await t.call('POST', '/apis/userinfo', { token: lily })).toMatchObject({
        code: ErrorCode.sessionEnded,
        message: '密码已修改,请重新登录',
      });
      expect((await t.call('POST', '/apis/login', { body: { user_name: 'lily', password: 'lily-pass-1' } })).code).toBe(
        ErrorCode.invalid,
      );
      expect(await t.login('lily', 'fresh-pass-2')).toBeTruthy();
      const unknown = await t.call('PATCH', '/apis/sys_user/password', {
        token: manager,
        body: { id: 999_999, password: 'fresh-pass-2' },
      });
      expect(unknown.code).toBe(ErrorCode.notFound);
    });

    it('holds /pwd to the same rule', async () => {
      const lily = await t.login('lily', 'fresh-pass-2');
      const weak = await t.call('POST', '/apis/pwd', {
        token: lily,
        body: { oldpwd: 'fresh-pass-2', pwd: 'password', pwd2: 'password' },
      });
      expect(weak).toMatchObject({
        code: ErrorCode.invalid,
        message: '参数错误: 新密码至少要包含字母、数字、符号中的两类',
      });
    });
  });

  describe('deleting', () => {
    it('deletes users: their sessions end, they leave the list and their department, their names are free again', async () => {
      const one = await add({
        user_name: 'temp_one',
        password: 'temp-pass-1',
        dept_id: deptId,
        role_ids: [roles.guest],
      });
      const two = await add({ user_name: 'temp_two', password: 'temp-pass-1' });
      const session = await t.login('temp_one', 'temp-pass-1');
      const depts = async () =>
        (await t.call('POST', '/apis/sys_dept/query', { token: manager, body: {} })).data.records.find(
          (dept: { id: number }) => dept.id === deptId,
        );
      const before = await depts();

      const missing = await t.call('DELETE', '/apis/sys_user', {
        token: manager,
        body: { ids: [one.data.id, 999_999] },
      });
      expect(missing.code).toBe(ErrorCode.notFound);
      expect((await t.call('POST', '/apis/userinfo', { token: session })).code).toBe(0);

      const deleted = await t.call('DELETE', '/apis/sys_user', { token: manager, body: { ids: [one.data.id] } });
      expect(deleted).toMatchObject({ code: 0, data: { deleted: 1 } });
      expect((await t.call('POST', '/apis/userinfo', { token: session })).code).toBe(ErrorCode.sessionEnded);
      expect((await depts()).user_count).toBe(before.user_count - 1);
      const page = await t.call('POST', '/apis/sys_user/query', {
        token: manager,
        body: { filter: { keyword: 'temp' } },
      });
      expect(page.data.records.map((user: { user_name: string }) => user.user_name)).toEqual(['temp_two']);
      expect(
        (await t.call('PATCH', '/apis/sys_user/info', { token: manager, body: { id: one.data.id, nick_name: 'x' } }))
          .code,
      ).toBe(ErrorCode.notFound);
      expect((await t.call('DELETE', '/apis/sys_user', { token: manager, body: { ids: [one.data.id] } })).code).toBe(
        ErrorCode.notFound,
      );
      // The role it held can go now; its name can be given again.
      const again = await add({ user_name: 'temp_one', password: 'temp-pass-2' });
      expect(again.code).toBe(0);
      expect(again.data.id).not.toBe(one.data.id);

      const legacy = await t.call('POST', '/apis/userdel', {
        token: manager,
        body: { ids: [two.data.id, again.data.id] },
      });
      expect(legacy.data).toEqual({ deleted: 2 });
    });
  });

  describe('the Administrator and other hotels', () => {
    it('manages the users of any hotel by hotel_id, and must name one', async () => {
      const admin = await t.login('Administrator');
      const { hotelId, roleIds } = await createHotel(t, { name: 'Admin People Hotel' });
      expect((await t.call('POST', '/apis/sys_user/query', { token: admin, body: {} })).code).toBe(ErrorCode.invalid);
      const added = await t.call('POST', '/apis/sys_user', {
        token: admin,
        body: { hotel_id: hotelId, user_name: 'far_boss', password: 'boss-pass-1', role_ids: [roleIds.manager] },
      });
      expect(added.data).toMatchObject({ hotel_id: hotelId, roles: [{ name: 'manager' }] });
      const page = await t.call('POST', '/apis/sys_user/query', { token: admin, body: { hotel_id: hotelId } });
      expect(page.data.records.map((user: { user_name: string }) => user.user_name)).toEqual(['far_boss']);
      const far = await t.login('far_boss', 'boss-pass-1');
      // A hotel user stays in its own hotel whatever hotel_id it passes.
      const own = await t.call('POST', '/apis/sys_user/query', { token: manager, body: { hotel_id: hotelId } });
      expect(own.data.records.some((user: { user_name: string }) => user.user_name === 'far_boss')).toBe(false);
      const reach = await t.call('PATCH', '/apis/sys_user/info', {
        token: manager,
        body: { hotel_id: hotelId, id: added.data.id, state: 'disabled' },
      });
      expect(reach.code).toBe(ErrorCode.notFound);
      const disabled = await t.call('PATCH', '/apis/sys_user/info', {
        token: admin,
        body: { hotel_id: hotelId, id: added.data.id, state: 'disabled' },
      });
      expect(disabled.data.state).toBe('disabled');
      expect((await t.call('POST', '/apis/userinfo', { token: far })).code).toBe(ErrorCode.sessionEnded);
    });
  });

  it('writes every change to the operation log, never a password', async () => {
    const log = await t.call('POST', '/apis/oplog/query', { token: manager, body: { size: 500 } });
    const actions = new Set(log.data.records.map((entry: { action: string }) => entry.action));
    for (const action of ['user_add', 'user_update', 'user_roles', 'user_delete', 'user_password_reset']) {
      expect(actions.has(action), action).toBe(true);
    }
    const disabled = log.data.records.find(
      (entry: { action: string; detail: { state?: unknown } }) => entry.action === 'user_update' && entry.detail.state,
    );
    expect(disabled).toMatchObject({ user_name: 'manager', target: 'lily' });
    expect(log.raw).not.toMatch(/pass-\d|argon/);
  });

  it("names a user's department and roles in the operation log as they were called then, edits as before → after", async () => {
    const housekeeping = (await t.call('POST', '/apis/sys_dept', { token: manager, body: { name: 'Housekeeping' } }))
      .data.id;
    const added = await add({ user_name: 'ron_log', password: 'ron-pass-1', nick_name: 'Ron', dept_id: deptId });
    await t.call('PATCH', '/apis/sys_user/info', {
      token: manager,
      body: { id: added.data.id, nick_name: 'Ronald', dept_id: housekeeping, role_ids: [roles.guest] },
    });
    await t.call('PATCH', '/apis/sys_user/role', { token: manager, body: { id: added.data.id, role_ids: [] } });
    // Renamed later: the log keeps the name it had.
    await t.call('PATCH', '/apis/sys_dept/info', { token: manager, body: { id: housekeeping, name: 'Rooms' } });
    // A line as older versions wrote it: each field `[before, after]`, the department and roles by id alone.
    await insertOlderOperation(t, {
      hotelId: (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id,
      action: 'user_update',
      target: 'ron_log_old',
      detail: { id: added.data.id, nick_name: ['Ron', 'Ronald'], dept_id: [deptId, 7], role_ids: [[], [3]] },
    });
    const texts = async (language: string) =>
      Object.fromEntries(
        (await loggedOperations(t, manager, language, { size: 10, filter: { keyword: 'ron_log' } })).map((entry) => [
          `${entry.action} ${entry.target}`,
          entry.text,
        ]),
      );
    const id = added.data.id as number;
    expect(await texts('en')).toEqual({
      'user_add ron_log': `ID: ${id}; Roles: none; Department: Front office`,
      'user_update ron_log': `ID: ${id}; Nickname: Ron → Ronald; Department: Front office → Housekeeping; Roles: none → guest`,
      'user_roles ron_log': `ID: ${id}; Roles: guest → none`,
      'user_update ron_log_old': `ID: ${id}; Nickname: Ron → Ronald; department ID: ${deptId} → 7; role IDs: none → 3`,
    });
    expect(await texts('zh')).toEqual({
      'user_add ron_log': `编号: ${id}; 角色: 无; 部门: Front office`,
      'user_update ron_log': `编号: ${id}; 昵称: Ron → Ronald; 部门: Front office → Housekeeping; 角色: 无 → guest`,
      'user_roles ron_log': `编号: ${id}; 角色: guest → 无`,
      'user_update ron_log_old': `编号: ${id}; 昵称: Ron → Ronald; 部门编号: ${deptId} → 7; 角色编号: 无 → 3`,
    });
  });

  it('rolls a change back when its log entry cannot be written', async () => {
    await t.db.schema.alterTable('oplog').renameTo('oplog_away').execute();
    try {
      expect((await add({ user_name: 'ghost_user', password: 'ghost-pass-1' })).code).toBe(ErrorCode.internal);
    } finally {
      await t.db.schema.alterTable('oplog_away').renameTo('oplog').execute();
    }
    expect(await t.db.selectFrom('users').select('id').where('user_name', '=', 'ghost_user').execute()).toEqual([]);
  });
});
