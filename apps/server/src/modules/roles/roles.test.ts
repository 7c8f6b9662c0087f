import { ErrorCode, ROLE_NAME_MAX, ROLES_PER_HOTEL_MAX } from '@roompilot/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel } from '../../test-support/fixtures.js';
import { describeNeeding } from '../../test-support/scope.js';
import { insertUser } from './hotel-setup.js';
import * as repository from './repository.js';

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
    // The role as it was, without its hotel (the log's own, its id read as a hotel's name) or its
    // creation time (no edit changes it).
    const edited = log.data.records[1];
    expect(edited.detail.before).not.toHaveProperty('hotel_id');
    expect(edited.detail.before).not.toHaveProperty('created_at');
    expect(edited.text).not.toMatch(/酒店|created_at/);

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

interface Pushed {
  type: string;
  data: Record<string, unknown>;
}

/** A console's live socket (API.md "Live push"), collecting what the server sends. */
async function liveSocket(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/apis/live`);
  const received: Pushed[] = [];
  const waiters: { test: (message: Pushed) => boolean; resolve: (message: Pushed) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Pushed;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.test(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ token }));
  const next = (test: (message: Pushed) => boolean) => {
    const seen = received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Pushed>((resolve) => waiters.push({ test, resolve }));
  };
  /** Everything the server sent before it answered a ping sent now. */
  const settled = async () => {
    const pongs = received.filter((message) => message.type === 'pong').length;
    socket.send(JSON.stringify({ type: 'ping' }));
    await vi.waitFor(() => expect(received.filter((message) => message.type === 'pong').length).toBe(pongs + 1));
    return received;
  };
  await next((message) => message.type === 'ready');
  return { socket, received, next, settled };
}

/** A hotel of its own, with one role (`perms`) held by `user_name`, and more users as asked. */
async function hotelWithRole(t: TestApp, prefix: string, perms: string[]) {
  const { hotelId } = await createHotel(t, { name: `${prefix} hotel` });
  const role = await t.db
    .insertInto('roles')
    .values({
      hotel_id: hotelId,
      name: `${prefix} role`,
      perms: JSON.stringify(perms),
      created_at: t.clock().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = await insertUser(
    t.db,
    { hotel_id: hotelId, user_name: `${prefix}_user`, password: `${prefix}_pass1`, roleIds: [role.id] },
    t.clock().toISOString(),
  );
  return { hotelId, roleId: role.id, userId, login: () => t.login(`${prefix}_user`, `${prefix}_pass1`) };
}

describeEachDatabase('role changes reach their users', (t) => {
  let baseUrl: string;
  let manager: string;
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    manager = await t.login('manager');
  });

  it('counts the users of each role', async () => {
    const page = await t.call('POST', '/apis/rolelist', { token: manager, body: { size: 500 } });
    const counts = Object.fromEntries(
      page.data.records.map((role: { name: string; user_count: number }) => [role.name, role.user_count]),
    );
    expect(counts).toEqual({ nobody: 0, waiter: 1, guest: 0, manager: 1, worker: 0 });
    const added = await t.call('POST', '/apis/roleadd', { token: manager, body: { name: 'count me', perms: [] } });
    expect(added.data.user_count).toBe(0);
    await t.call('POST', '/apis/roledel', { token: manager, body: { id: added.data.id } });
  });

  it('takes a change into account at the next call of a signed-in user, without a new login', async () => {
    const { roleId, hotelId, login } = await hotelWithRole(t, 'next', ['pm_logstatistics']);
    const user = await login();
    const admin = await t.login('Administrator');
    expect((await t.call('POST', '/apis/oplog/query', { token: user, body: {} })).code).toBe(0);
    expect((await t.call('POST', '/apis/roomtype', { token: user, body: {} })).code).toBe(ErrorCode.forbidden);

    const changed = await t.call('PUT', '/apis/roleupdate', {
      token: admin,
      body: { hotel_id: hotelId, id: roleId, perms: ['pm_roomtype'] },
    });
    expect(changed.code).toBe(0);
    const refused = await t.call('POST', '/apis/oplog/query', { token: user, body: {} });
    expect(refused).toMatchObject({ status: 403, code: ErrorCode.forbidden });
    expect((await t.call('POST', '/apis/roomtype', { token: user, body: {} })).code).toBe(0);
    expect((await t.call('POST', '/apis/userinfo', { token: user })).data.perms).toEqual([{ val: 'pm_roomtype' }]);
  });

  it("pushes `perms` to the live sockets of the role's users only, and the socket follows the new perms", async () => {
    const holder = await hotelWithRole(t, 'push', ['pm_logstatistics']);
    const admin = await t.login('Administrator');
    const holderToken = await holder.login();
    const holderLive = await liveSocket(baseUrl, holderToken);
    const { userIds } = await createHotel(t, {
      name: 'push other hotel',
      users: [{ user_name: 'push_other', password: 'push_other1', perms: ['pm_logstatistics'] }],
    });
    const otherLive = await liveSocket(baseUrl, await t.login('push_other', 'push_other1'));
    expect(userIds.push_other).toBeDefined();

    // A room of its hotel, as the live store knows it (no RCU needed).
    const room = {
      room_id: 900_000 + holder.hotelId,
      hotel_id: holder.hotelId,
      building_id: null,
      room_num: '0101',
      floor_num: 1,
    };
    // Without the floor view's key, its socket carries no room changes.
    await t.app.services.live.store.merge(room, { online: true }, t.clock());
    expect((await holderLive.settled()).some((message) => message.type === 'room')).toBe(false);

    const changed = await t.call('PUT', '/apis/roleupdate', {
      token: admin,
      body: { hotel_id: holder.hotelId, id: holder.roleId, perms: ['pm_logstatistics', 'pm_dashboard'] },
    });
    expect(changed.code).toBe(0);
    expect((await holderLive.next((message) => message.type === 'perms')).data).toEqual({ user_id: holder.userId });
    expect((await otherLive.settled()).some((message) => message.type === 'perms')).toBe(false);

    // With pm_dashboard now, it does.
    let step = 0;
    await vi.waitFor(async () => {
      step += 1;
      await t.app.services.live.store.merge(room, { online: true, dnd: step % 2 === 0 }, t.clock());
      expect(holderLive.received.some((m) => m.type === 'room' && m.data.room_id === room.room_id)).toBe(true);
    });

    // The hook the users module calls when a user's roles change.
    t.app.services.roles.notifyPermsChanged([holder.userId, holder.userId]);
    await vi.waitFor(() => expect(holderLive.received.filter((message) => message.type === 'perms')).toHaveLength(2));
    holderLive.socket.close();
    otherLive.socket.close();
  });

  it('refuses a change that would take pm_user from the caller, and allows it when another role keeps it', async () => {
    const { hotelId, roleId, userId, login } = await hotelWithRole(t, 'self', ['pm_user', 'pm_dashboard']);
    const self = await login();
    const before = await t.call('POST', '/apis/oplog/query', { token: manager, body: { size: 500 } });

    for (const perms of [['pm_dashboard'], []]) {
      const refused = await t.call('PUT', '/apis/roleupdate', { token: self, body: { id: roleId, perms } });
      expect(refused).toMatchObject({
        status: 409,
        code: ErrorCode.conflict,
        message: '修改后你将不再拥有用户管理权限：不能移除自己最后的用户管理权限',
      });
    }
    const english = await t.call('PUT', '/apis/roleupdate', {
      token: self,
      body: { id: roleId, perms: ['pm_dashboard'] },
      headers: { 'accept-language': 'en' },
    });
    expect(english.message).toMatch(
      /^After this change you would no longer hold user management: you cannot remove your own last/,
    );
    const stored = await t.db.selectFrom('roles').select('perms').where('id', '=', roleId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.perms)).toEqual(['pm_user', 'pm_dashboard']);
    // A rename and a change that keeps pm_user (or the wildcard) are fine.
    expect(
      (await t.call('PUT', '/apis/roleupdate', { token: self, body: { id: roleId, name: 'self two' } })).code,
    ).toBe(0);
    expect((await t.call('PUT', '/apis/roleupdate', { token: self, body: { id: roleId, perms: ['*'] } })).code).toBe(0);
    expect(
      (await t.call('PUT', '/apis/roleupdate', { token: self, body: { id: roleId, perms: ['pm_user'] } })).code,
    ).toBe(0);

    // With a second role that grants pm_user, the first may lose it.
    const second = await t.call('POST', '/apis/roleadd', { token: self, body: { name: 'self keeper', perms: ['*'] } });
    await t.db.insertInto('user_roles').values({ user_id: userId, role_id: second.data.id }).execute();
    expect((await t.call('PUT', '/apis/roleupdate', { token: self, body: { id: roleId, perms: [] } })).code).toBe(0);
    const refused = await t.call('PUT', '/apis/roleupdate', {
      token: self,
      body: { id: second.data.id, perms: ['pm_dashboard'] },
    });
    expect(refused.code).toBe(ErrorCode.conflict);
    // Roles the caller does not hold, and the Administrator, are not held back.
    const other = await t.call('POST', '/apis/roleadd', {
      token: self,
      body: { name: 'self other', perms: ['pm_user'] },
    });
    expect(
      (await t.call('PUT', '/apis/roleupdate', { token: self, body: { id: other.data.id, perms: [] } })).code,
    ).toBe(0);
    const admin = await t.login('Administrator');
    const byAdmin = await t.call('PUT', '/apis/roleupdate', {
      token: admin,
      body: { hotel_id: hotelId, id: second.data.id, perms: [] },
    });
    expect(byAdmin.code).toBe(0);
    // The refusals wrote nothing to the operation log of the demo hotel.
    const after = await t.call('POST', '/apis/oplog/query', { token: manager, body: { size: 500 } });
    expect(after.data.total).toBe(before.data.total);
  });

  it('refuses blank and too long names, unknown ids and the role past the last a hotel may have', async () => {
    const blank = await t.call('POST', '/apis/roleadd', { token: manager, body: { name: '   ', perms: [] } });
    expect(blank).toMatchObject({ status: 400, code: ErrorCode.invalid, message: '请填写角色名称' });
    const long = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: 'x'.repeat(ROLE_NAME_MAX + 1), perms: [] },
    });
    expect(long).toMatchObject({ code: ErrorCode.invalid, message: `参数错误: 名称不能超过 ${ROLE_NAME_MAX} 个字符` });
    const waiter = (await t.call('POST', '/apis/rolelist', { token: manager, body: {} })).data.records.find(
      (role: { name: string }) => role.name === 'waiter',
    );
    const renameBlank = await t.call('PUT', '/apis/roleupdate', { token: manager, body: { id: waiter.id, name: ' ' } });
    expect(renameBlank.code).toBe(ErrorCode.invalid);
    const takenByRename = await t.call('PUT', '/apis/roleupdate', {
      token: manager,
      body: { id: waiter.id, name: ' guest ' },
    });
    expect(takenByRename).toMatchObject({ code: ErrorCode.conflict, message: '角色名称已存在' });
    const sameName = await t.call('PUT', '/apis/roleupdate', {
      token: manager,
      body: { id: waiter.id, name: 'waiter' },
    });
    expect(sameName.code).toBe(0);
    const tooManyPerms = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: 'twice', perms: ['pm_user', 'pm_user'] },
    });
    expect(tooManyPerms.code).toBe(ErrorCode.invalid);
    const extra = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: 'extra', perms: [], colour: 'red' },
    });
    expect(extra.code).toBe(ErrorCode.invalid);
    for (const [method, url, body] of [
      ['PUT', '/apis/roleupdate', { id: 999_999, perms: [] }],
      ['POST', '/apis/roledel', { id: 999_999 }],
    ] as const) {
      expect(await t.call(method, url, { token: manager, body })).toMatchObject({
        status: 404,
        code: ErrorCode.notFound,
        message: '角色不存在',
      });
    }

    const { hotelId } = await createHotel(t, {
      name: 'Full hotel',
      users: [{ user_name: 'full_mgr', password: 'full_pass1', perms: ['pm_user'] }],
    });
    const existing = await repository.countRoles(t.db, hotelId);
    const now = t.clock().toISOString();
    await t.db
      .insertInto('roles')
      .values(
        Array.from({ length: ROLES_PER_HOTEL_MAX - existing }, (_, n) => ({
          hotel_id: hotelId,
          name: `filler ${n}`,
          perms: '[]',
          created_at: now,
        })),
      )
      .execute();
    const full = await t.login('full_mgr', 'full_pass1');
    const refused = await t.call('POST', '/apis/roleadd', { token: full, body: { name: 'one more', perms: [] } });
    expect(refused).toMatchObject({ code: ErrorCode.conflict, message: `一个酒店最多 ${ROLES_PER_HOTEL_MAX} 个角色` });
    const page = await t.call('POST', '/apis/rolelist', { token: full, body: { size: ROLES_PER_HOTEL_MAX } });
    expect(page.data.records).toHaveLength(ROLES_PER_HOTEL_MAX);
  });

  it('refuses every role call to users without pm_user, and changes to visitors', async () => {
    const waiter = await t.login('waiter');
    const visitor = await t.login('visitor');
    const calls = [
      ['POST', '/apis/roleadd', { name: 'nope', perms: [] }],
      ['PUT', '/apis/roleupdate', { id: 1, perms: [] }],
      ['POST', '/apis/roledel', { id: 1 }],
    ] as const;
    for (const [method, url, body] of [['POST', '/apis/rolelist', {}] as const, ...calls]) {
      expect((await t.call(method, url, { token: waiter, body })).code, url).toBe(ErrorCode.forbidden);
      expect((await t.call(method, url, { body })).code, url).toBe(ErrorCode.unauthenticated);
    }
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { token: visitor, body })).code, url).toBe(ErrorCode.forbidden);
    }
    // A visitor reads (the console lets it see every screen).
    expect((await t.call('POST', '/apis/rolelist', { token: visitor, body: {} })).code).toBe(0);
  });

  it('writes renames, perms changes and deletions to the operation log with what was before', async () => {
    const added = await t.call('POST', '/apis/roleadd', {
      token: manager,
      body: { name: 'logged', perms: ['pm_model'] },
    });
    await t.call('PUT', '/apis/roleupdate', { token: manager, body: { id: added.data.id, name: 'logged two' } });
    await t.call('PUT', '/apis/roleupdate', { token: manager, body: { id: added.data.id, perms: ['pm_goods'] } });
    await t.call('POST', '/apis/roledel', { token: manager, body: { id: added.data.id } });
    const log = await t.call('POST', '/apis/oplog/query', {
      token: manager,
      body: { size: 4, filter: { keyword: 'logged' } },
    });
    expect(
      log.data.records.map((entry: { action: string; target: string; detail: Record<string, unknown> }) => [
        entry.action,
        entry.target,
        entry.detail,
      ]),
    ).toEqual([
      ['role_delete', 'logged two', { id: added.data.id, perms: ['pm_goods'] }],
      [
        'role_update',
        'logged two',
        expect.objectContaining({ perms: ['pm_goods'], before: expect.objectContaining({ perms: ['pm_model'] }) }),
      ],
      [
        'role_update',
        'logged two',
        expect.objectContaining({ name: 'logged two', before: expect.objectContaining({ name: 'logged' }) }),
      ],
      ['role_add', 'logged', { id: added.data.id, perms: ['pm_model'] }],
    ]);
  });
});

describeNeeding('redis')('role changes between server instances sharing Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    if (!redisUrl) throw new Error('TEST_REDIS_URL is not set: this suite needs a Redis (it never skips).');
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `rp:test:${process.pid}:${Date.now()}:` };
    a = await createTestApp('sqlite', { env });
    b = await buildApp(a.config, { db: createDatabase(a.config.database), clock: a.clock });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a role changed through instance A tells its user’s console on instance B', async () => {
    const holder = await hotelWithRole(a, 'cluster', ['pm_logstatistics']);
    const address = b.server.address() as { port: number };
    const live = await liveSocket(`http://127.0.0.1:${address.port}`, await holder.login());
    const changed = await a.call('PUT', '/apis/roleupdate', {
      token: await a.login('Administrator'),
      body: { hotel_id: holder.hotelId, id: holder.roleId, perms: ['pm_dashboard'] },
    });
    expect(changed.code).toBe(0);
    expect((await live.next((message) => message.type === 'perms')).data).toEqual({ user_id: holder.userId });
    // The users module's hook, called on A, reaches B as well.
    a.app.services.roles.notifyPermsChanged([holder.userId]);
    await vi.waitFor(() => expect(live.received.filter((message) => message.type === 'perms')).toHaveLength(2));
    live.socket.close();
  });
});
