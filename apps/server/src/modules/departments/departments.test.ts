import { DEPARTMENT_DEPTH_MAX, ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { createHotel, insertOlderOperation, loggedOperations } from '../../test-support/fixtures.js';

interface Dept {
  id: number;
  parent_id: number | null;
  name: string;
  sort: number;
  user_count: number;
  user_total: number;
}

describeEachDatabase('departments', (t) => {
  let manager: string;
  const ids: Record<string, number> = {};
  const add = async (body: Record<string, unknown>, token = manager) =>
    t.call('POST', '/apis/sys_dept', { token, body });
  const list = async (token = manager): Promise<Dept[]> =>
    (await t.call('POST', '/apis/sys_dept/query', { token, body: {} })).data.records;
  const byName = async (name: string) => (await list()).find((dept) => dept.name === name) as Dept;

  beforeAll(async () => {
    manager = await t.login('manager');
  });

  it('adds departments at the top and below others, trimmed, siblings by their order', async () => {
    const hotel = await add({ name: ' Housekeeping ', sort: 2 });
    expect(hotel).toMatchObject({
      code: 0,
      data: { name: 'Housekeeping', parent_id: null, sort: 2, user_count: 0, user_total: 0 },
    });
    ids.housekeeping = hotel.data.id;
    ids.front = (await add({ name: 'Front office', sort: 1 })).data.id;
    ids.floors = (await add({ name: 'Floors', parent_id: ids.housekeeping })).data.id;
    ids.laundry = (await add({ name: 'Laundry', parent_id: ids.housekeeping })).data.id;
    const rows = await list();
    expect(rows.map((dept) => dept.name)).toEqual(['Floors', 'Laundry', 'Front office', 'Housekeeping']);
    expect(rows.find((dept) => dept.id === ids.floors)?.parent_id).toBe(ids.housekeeping);
    const page = await t.call('POST', '/apis/sys_dept/query', { token: manager, body: {} });
    expect(page.data.total).toBe(4);
  });

  it('counts users in each department and with those below it', async () => {
    for (const [name, dept] of [
      ['maid_a', ids.floors],
      ['maid_b', ids.floors],
      ['head_maid', ids.housekeeping],
    ] as const) {
      const user = await t.call('POST', '/apis/sys_user', {
        token: manager,
        body: { user_name: name, password: 'maid-pass-1', dept_id: dept },
      });
      expect(user.code).toBe(0);
    }
    expect(await byName('Floors')).toMatchObject({ user_count: 2, user_total: 2 });
    expect(await byName('Housekeeping')).toMatchObject({ user_count: 1, user_total: 3 });
    expect(await byName('Laundry')).toMatchObject({ user_count: 0, user_total: 0 });
  });

  it('keeps sibling names unique, at the top too, and refuses empty names', async () => {
    expect(await add({ name: 'Front office' })).toMatchObject({
      status: 409,
      code: ErrorCode.conflict,
      message: '同一上级部门下已有同名部门',
    });
    expect((await add({ name: 'Floors', parent_id: ids.housekeeping })).code).toBe(ErrorCode.conflict);
    expect((await add({ name: 'Floors', parent_id: ids.front })).code).toBe(0);
    expect(await add({ name: '   ' })).toMatchObject({ code: ErrorCode.invalid, message: '请填写部门名称' });
    expect((await add({ name: '' })).code).toBe(ErrorCode.invalid);
    expect((await add({ name: 'x'.repeat(65) })).code).toBe(ErrorCode.invalid);
    expect((await add({ name: 'Ghost child', parent_id: 999_999 })).code).toBe(ErrorCode.notFound);
  });

  it('renames, reorders and moves a department with what lies below it, never into itself', async () => {
    const renamed = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.floors, name: 'Rooms division', sort: 5 },
    });
    expect(renamed.data).toMatchObject({ name: 'Rooms division', sort: 5, user_count: 2, user_total: 2 });
    const moved = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.housekeeping, parent_id: ids.front },
    });
    expect(moved.data).toMatchObject({ parent_id: ids.front, user_total: 3 });
    expect(await byName('Front office')).toMatchObject({ user_total: 3 });

    const intoChild = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.housekeeping, parent_id: ids.floors },
    });
    expect(intoChild).toMatchObject({ code: ErrorCode.conflict, message: '不能把部门移到它自己或它的下级部门之下' });
    const intoSelf = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.housekeeping, parent_id: ids.housekeeping },
    });
    expect(intoSelf.code).toBe(ErrorCode.conflict);
    const clash = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.laundry, name: 'Rooms division' },
    });
    expect(clash.code).toBe(ErrorCode.conflict);
    const top = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.housekeeping, parent_id: null },
    });
    expect(top.data.parent_id).toBeNull();
    const unknown = await t.call('PATCH', '/apis/sys_dept/info', { token: manager, body: { id: 999_999, name: 'x' } });
    expect(unknown).toMatchObject({ code: ErrorCode.notFound, message: '部门不存在' });
  });

  it(`goes at most ${DEPARTMENT_DEPTH_MAX} levels deep, adding or moving`, async () => {
    let parent: number | null = null;
    const chain: number[] = [];
    for (let level = 1; level <= DEPARTMENT_DEPTH_MAX; level++) {
      const answer = await add({ name: `Level ${level}`, parent_id: parent });
      expect(answer.code, `level ${level}`).toBe(0);
      parent = answer.data.id;
      chain.push(answer.data.id);
    }
    const deeper = await add({ name: 'Too deep', parent_id: parent });
    expect(deeper).toMatchObject({ code: ErrorCode.invalid, message: `部门最多 ${DEPARTMENT_DEPTH_MAX} 级` });
    // Laundry with a child is two levels: it does not fit below the seventh.
    const child = await add({ name: 'Ironing', parent_id: ids.laundry });
    expect(child.code).toBe(0);
    const moved = await t.call('PATCH', '/apis/sys_dept/info', {
      token: manager,
      body: { id: ids.laundry, parent_id: chain[DEPARTMENT_DEPTH_MAX - 2] },
    });
    expect(moved.code).toBe(ErrorCode.invalid);
    for (const id of [child.data.id, ...chain.reverse()]) {
      expect((await t.call('DELETE', '/apis/sys_dept', { token: manager, body: { id } })).code).toBe(0);
    }
  });

  it('deletes a department only once it has neither users nor departments below it', async () => {
    const withChildren = await t.call('DELETE', '/apis/sys_dept', { token: manager, body: { id: ids.housekeeping } });
    expect(withChildren).toMatchObject({ code: ErrorCode.conflict, message: '该部门下还有子部门,不能删除' });
    const withUsers = await t.call('DELETE', '/apis/sys_dept', { token: manager, body: { id: ids.floors } });
    expect(withUsers).toMatchObject({ code: ErrorCode.conflict, message: '该部门下还有用户,不能删除' });
    expect((await t.call('DELETE', '/apis/sys_dept', { token: manager, body: { id: ids.laundry } })).code).toBe(0);
    expect((await t.call('DELETE', '/apis/sys_dept', { token: manager, body: { id: ids.laundry } })).code).toBe(
      ErrorCode.notFound,
    );

    // Its users moved elsewhere, or deleted, it can go.
    const users = await t.call('POST', '/apis/sys_user/query', {
      token: manager,
      body: { filter: { dept_id: ids.floors } },
    });
    const [first, second] = users.data.records as { id: number }[];
    await t.call('PATCH', '/apis/sys_user/info', { token: manager, body: { id: first?.id, dept_id: null } });
    await t.call('DELETE', '/apis/sys_user', { token: manager, body: { ids: [second?.id] } });
    expect(await byName('Rooms division')).toMatchObject({ user_count: 0 });
    expect((await t.call('DELETE', '/apis/sys_dept', { token: manager, body: { id: ids.floors } })).code).toBe(0);
    expect((await list()).some((dept) => dept.id === ids.floors)).toBe(false);
  });

  it('lets pm_user holders read the tree for their picker, pm_dept change it, the visitor read it', async () => {
    const { hotelId } = await createHotel(t, {
      name: 'Dept Keys Hotel',
      users: [
        { user_name: 'dk_users', password: 'dk-pass-1', perms: ['pm_user'] },
        { user_name: 'dk_dept', password: 'dk-pass-1', perms: ['pm_dept'] },
        { user_name: 'dk_other', password: 'dk-pass-1', perms: ['pm_dashboard'] },
        { user_name: 'dk_visitor', password: 'dk-pass-1' },
      ],
    });
    expect(hotelId).toBeGreaterThan(0);
    const users = await t.login('dk_users', 'dk-pass-1');
    const dept = await t.login('dk_dept', 'dk-pass-1');
    const other = await t.login('dk_other', 'dk-pass-1');
    const visitor = await t.login('dk_visitor', 'dk-pass-1');
    expect((await t.call('POST', '/apis/sys_dept/query', { token: users, body: {} })).code).toBe(0);
    expect((await add({ name: 'Nope' }, users)).code).toBe(ErrorCode.forbidden);
    expect((await add({ name: 'Kitchen' }, dept)).code).toBe(0);
    expect((await t.call('POST', '/apis/sys_dept/query', { token: other, body: {} })).code).toBe(ErrorCode.forbidden);
    expect((await t.call('POST', '/apis/sys_dept/query', { token: visitor, body: {} })).data.total).toBe(1);
    expect((await add({ name: 'Sneaky' }, visitor)).code).toBe(ErrorCode.forbidden);
    // The demo hotel does not see the other hotel's Kitchen.
    expect((await list()).some((row) => row.name === 'Kitchen')).toBe(false);
  });

  it('lets the Administrator manage any hotel by hotel_id, and requires it', async () => {
    const admin = await t.login('Administrator');
    const { hotelId } = await createHotel(t, { name: 'Admin Dept Hotel' });
    expect((await t.call('POST', '/apis/sys_dept/query', { token: admin, body: {} })).code).toBe(ErrorCode.invalid);
    const added = await add({ hotel_id: hotelId, name: 'Engineering' }, admin);
    expect(added.data).toMatchObject({ hotel_id: hotelId, name: 'Engineering' });
    const page = await t.call('POST', '/apis/sys_dept/query', { token: admin, body: { hotel_id: hotelId } });
    expect(page.data.records.map((row: Dept) => row.name)).toEqual(['Engineering']);
    const reach = await t.call('DELETE', '/apis/sys_dept', {
      token: manager,
      body: { hotel_id: hotelId, id: added.data.id },
    });
    expect(reach.code).toBe(ErrorCode.notFound);
    expect((await add({ hotel_id: 987_654, name: 'x' }, admin)).code).toBe(ErrorCode.notFound);
  });

  it('writes every change to the operation log', async () => {
    const log = await t.call('POST', '/apis/oplog/query', { token: manager, body: { size: 500 } });
    const actions = log.data.records.map((entry: { action: string }) => entry.action);
    for (const action of ['dept_add', 'dept_update', 'dept_delete']) expect(actions).toContain(action);
    const rename = log.data.records.find(
      (entry: { action: string; target: string }) =>
        entry.action === 'dept_update' && entry.target === 'Rooms division',
    );
    // Each change as it was and as it is, explicitly (never a list of two).
    expect(rename.detail).toMatchObject({
      name: { before: 'Floors', after: 'Rooms division' },
      sort: { before: 0, after: 5 },
    });
  });

  it('names the parents in the operation log as they were called then, in the reader’s language', async () => {
    // A line as older versions wrote it: the parent by its id alone.
    await insertOlderOperation(t, {
      hotelId: (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id,
      action: 'dept_delete',
      target: 'Old desk',
      detail: { id: 99, parent_id: 5 },
    });
    const texts = async (language: string) => {
      const entries = await loggedOperations(t, manager, language, { size: 500 });
      const of = (action: string, id: number | undefined) =>
        entries.filter((entry) => entry.action === action && entry.detail.id === id).map((entry) => entry.text);
      return {
        floorsAdded: of('dept_add', ids.floors),
        floorsRenamed: of('dept_update', ids.floors),
        housekeepingMoved: of('dept_update', ids.housekeeping),
        laundryDeleted: of('dept_delete', ids.laundry),
        old: of('dept_delete', 99),
      };
    };
    const [floors, housekeeping, laundry] = [ids.floors, ids.housekeeping, ids.laundry];
    expect(await texts('en')).toEqual({
      floorsAdded: [`ID: ${floors}; Parent department: Housekeeping`],
      floorsRenamed: [`ID: ${floors}; Name: Floors → Rooms division; Sort: 0 → 5`],
      // Newest first: to the top again, after it was put below the front office.
      housekeepingMoved: [
        `ID: ${housekeeping}; Parent department: Front office → —`,
        `ID: ${housekeeping}; Parent department: — → Front office`,
      ],
      laundryDeleted: [`ID: ${laundry}; Parent department: Housekeeping`],
      old: ['ID: 99; parent department ID: 5'],
    });
    expect(await texts('es')).toEqual({
      floorsAdded: [`Identificador: ${floors}; Departamento superior: Housekeeping`],
      floorsRenamed: [`Identificador: ${floors}; Nombre: Floors → Rooms division; Orden: 0 → 5`],
      housekeepingMoved: [
        `Identificador: ${housekeeping}; Departamento superior: Front office → —`,
        `Identificador: ${housekeeping}; Departamento superior: — → Front office`,
      ],
      laundryDeleted: [`Identificador: ${laundry}; Departamento superior: Housekeeping`],
      old: ['Identificador: 99; ID del departamento superior: 5'],
    });
  });
});
