import { Socket } from 'node:net';
import { ALERT_TYPES, ErrorCode, LIVE_CLOSE } from '@roompilot/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel, withOpenKeys } from '../../test-support/fixtures.js';
import { describeNeeding } from '../../test-support/scope.js';

// The console's side here is a raw `ws` client speaking API.md's "Live push".

interface Received {
  type: string;
  data: Record<string, unknown>;
}

/** A connected live socket that collects what the server sends. */
async function connect(baseUrl: string, first: Record<string, unknown> | string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/apis/live`);
  const received: Received[] = [];
  const waiters: { test: (message: Received) => boolean; resolve: (message: Received) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Received;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.test(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(typeof first === 'string' ? first : JSON.stringify(first));
  /** The first message (already received or to come) that passes the test. */
  const next = (test: (message: Received) => boolean) => {
    const seen = received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Received>((resolve) => waiters.push({ test, resolve }));
  };
  return { socket, received, closed, next };
}

export async function firstRoom(t: TestApp) {
  return t.db
    .selectFrom('rooms')
    .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describeEachDatabase(
  'live push and alerts',
  (t) => {
    let baseUrl: string;
    let manager: string;
    let waiter: string;
    let visitor: string;

    beforeAll(async () => {
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      [manager, waiter, visitor] = await Promise.all([t.login('manager'), t.login('waiter'), t.login('visitor')]);
    });

    /** An SOS from a raw MQTT client (PROTOCOL.md), as a real RCU raises it. */
    async function raiseSos(detail: string) {
      const [room] = withOpenKeys(t, [
        await t.db
          .selectFrom('rooms')
          .select(['id', 'hotel_id', 'room_num', 'rcu_id', 'device_key'])
          .orderBy('id')
          .executeTakeFirstOrThrow(),
      ]);
      if (!room) throw new Error('no room');
      const rcu = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.gateway?.port}`, {
        clientId: room.rcu_id,
        username: room.rcu_id,
        password: room.device_key,
        reconnectPeriod: 0,
      });
      await rcu.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
      const acked = new Promise<void>((resolve) => rcu.on('message', () => resolve()));
      const event = { id: `e-${detail}-${Date.now()}`, ts: Date.now(), type: 'sos', detail };
      await rcu.publishAsync(`rcu/${room.rcu_id}/up/event`, JSON.stringify(event), { qos: 1 });
      await acked;
      await rcu.endAsync(true);
      return room;
    }

    it('pushes room changes of the caller’s hotel after the token', async () => {
      const live = await connect(baseUrl, { token: manager });
      const ready = await live.next((m) => m.type === 'ready');
      const room = await firstRoom(t);
      expect(ready.data).toEqual({ hotel_id: room.hotel_id });
      await t.app.services.live.store.merge({ ...room, room_id: room.id }, { door: true, online: true }, new Date());
      const change = await live.next((m) => m.type === 'room');
      expect(change.data).toMatchObject({ room_id: room.id, room_num: room.room_num, door: true, online: true });
      live.socket.send(JSON.stringify({ type: 'ping' }));
      await live.next((m) => m.type === 'pong');
      live.socket.close();
    });

    it('sends the room changes of one turn together, in order, and what comes next after them', async () => {
      const live = await connect(baseUrl, { token: manager });
      await live.next((m) => m.type === 'ready');
      // The server's writes to this console's TCP connection (its end's remote port is ours).
      const port = (live.socket as unknown as { _socket: Socket })._socket.localPort;
      let writes = 0;
      const internals = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
      const spies = (['_write', '_writev'] as const).map((name) => {
        const original = internals[name];
        return vi.spyOn(internals, name).mockImplementation(function (this: Socket, ...args: unknown[]) {
          if (this.remotePort === port) writes += 1;
          return original.apply(this, args);
        });
      });
      const room = await firstRoom(t);
      const ref = { ...room, room_id: room.id };
      const at = Date.now();
      for (let i = 0; i < 200; i++) void t.app.services.live.store.merge(ref, { energy: { w: i } }, new Date(at + i));
      live.socket.send(JSON.stringify({ type: 'ping' }));
      await live.next((m) => m.type === 'pong');
      const changes = live.received.filter((m) => m.type === 'room' && m.data.energy !== undefined);
      expect(changes.map((m) => (m.data.energy as { w: number }).w)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      expect(live.received.findIndex((m) => m.type === 'pong')).toBeGreaterThan(
        live.received.indexOf(changes[199] as Received),
      );
      for (const spy of spies) spy.mockRestore();
      // The 200 in one write (and the pong in another), not one each.
      expect(writes).toBeLessThanOrEqual(3);
      live.socket.close();
    });

    it('a console that falls behind gets no more room changes until it has caught up, then resync; its SOS still comes', async () => {
      const live = await connect(baseUrl, { token: manager });
      await live.next((m) => m.type === 'ready');
      // The console stops reading, as a browser tab starved of CPU would: the server's side fills.
      const socket = (live.socket as unknown as { _socket: Socket })._socket;
      socket.pause();
      const room = await firstRoom(t);
      const ref = { ...room, room_id: room.id };
      const at = Date.now();
      const sent = 40_000;
      for (let i = 0; i < sent; i++) {
        void t.app.services.live.store.merge(ref, { energy: { w: i } }, new Date(at + i));
        // A turn now and then, for the corked changes to be written.
        if (i % 2_000 === 1_999) await new Promise((resolve) => setImmediate(resolve));
      }
      await raiseSos('behind');
      socket.resume();
      const alert = await live.next((m) => m.type === 'alert');
      expect(alert.data).toMatchObject({ type: 1, room_id: room.id });
      await live.next((m) => m.type === 'resync');
      expect(live.received.find((m) => m.type === 'resync')?.data).toEqual({ rooms: true });
      const changes = live.received.filter((m) => m.type === 'room' && m.data.energy !== undefined);
      // Room changes were left out (bounded by what the server keeps per console), in order, and
      // the console was not cut off for being slow.
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.length).toBeLessThan(sent);
      const shown = changes.map((m) => (m.data.energy as { w: number }).w);
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
      // Caught up, it is sent room changes again.
      await t.app.services.live.store.merge(ref, { energy: { w: -1 } }, new Date(at + sent));
      await live.next((m) => m.type === 'room' && (m.data.energy as { w?: number } | undefined)?.w === -1);
      expect(live.socket.readyState).toBe(WebSocket.OPEN);
      live.socket.close();
    });

    it('pushes an alert, lists it for staff, and confirming closes it on every console', async () => {
      const first = await connect(baseUrl, { token: manager, lang: 'en' });
      const second = await connect(baseUrl, { token: waiter });
      await Promise.all([first.next((m) => m.type === 'ready'), second.next((m) => m.type === 'ready')]);

      const room = await raiseSos('bathroom');
      const pushed = await first.next((m) => m.type === 'alert');
      expect(pushed.data).toMatchObject({
        type: 1,
        room_id: room.id,
        room_num: room.room_num,
        event_content: 'SOS emergency call: bathroom',
      });
      const id = pushed.data.id as number;
      expect((await second.next((m) => m.type === 'alert')).data).toMatchObject({
        id,
        event_content: 'SOS 紧急呼叫: bathroom',
      });

      const listed = await t.call('POST', '/apis/redisroomspecialstate', {
        token: waiter,
        headers: { 'accept-language': 'en' },
      });
      expect(listed.code).toBe(0);
      expect(listed.data.data).toContainEqual(
        expect.objectContaining({
          id,
          type: 1,
          room_num: room.room_num,
          event_content: 'SOS emergency call: bathroom',
        }),
      );
      const forVisitor = await t.call('POST', '/apis/redisroomspecialstate', { token: visitor, body: {} });
      expect(forVisitor.data.data.map((a: { id: number }) => a.id)).toContain(id);

      const refused = await t.call('POST', '/apis/delredisroomspecialstate', { token: visitor, body: { id } });
      expect(refused.code).toBe(ErrorCode.forbidden);

      const shown = listed.data.data.find((a: { id: number }) => a.id === id);
      const confirmed = await t.call('POST', '/apis/delredisroomspecialstate', { token: waiter, body: shown });
      expect(confirmed.code).toBe(0);
      for (const live of [first, second]) {
        expect((await live.next((m) => m.type === 'alert_closed' && m.data.id === id)).data).toEqual({
          id,
          reason: 'confirmed',
        });
      }
      const row = await t.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ confirmed_by_name: 'waiter', confirmed_at: t.clock().toISOString() });
      const logged = await t.db.selectFrom('oplog').selectAll().where('action', '=', 'alert_confirm').execute();
      expect(logged.at(-1)).toMatchObject({ user_name: 'waiter', target: room.room_num });

      const again = await t.call('POST', '/apis/delredisroomspecialstate', { token: manager, body: { id } });
      expect(again.code).toBe(0);
      expect(
        (await t.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).confirmed_by_name,
      ).toBe('waiter');
      const after = await t.call('POST', '/apis/redisroomspecialstate', { token: waiter });
      expect(after.data.data.map((a: { id: number }) => a.id)).not.toContain(id);
      const missing = await t.call('POST', '/apis/delredisroomspecialstate', { token: waiter, body: { id: 999_999 } });
      expect(missing.code).toBe(ErrorCode.notFound);
      first.socket.close();
      second.socket.close();
    });

    it('refuses a socket without a valid token, with a close code and a reason', async () => {
      const garbage = await connect(baseUrl, 'not json');
      expect((await garbage.closed).code).toBe(LIVE_CLOSE.unauthenticated);
      const forged = await connect(baseUrl, { token: 'forged', lang: 'en' });
      const { code, reason } = await forged.closed;
      expect(code).toBe(LIVE_CLOSE.unauthenticated);
      expect(reason).toMatch(/log in again/);
      expect(forged.received[0]).toMatchObject({ type: 'error', data: { code: ErrorCode.unauthenticated } });
      const admin = await connect(baseUrl, { token: await t.login('Administrator') });
      expect((await admin.closed).code).toBe(LIVE_CLOSE.forbidden);
    });

    it('a plain GET is told to upgrade', async () => {
      const answer = await t.call('GET', '/apis/live');
      expect(answer.code).toBe(ErrorCode.invalid);
    });

    it('closes the sockets of a session that logs out, and of a user whose password changes', async () => {
      const own = await t.login('waiter');
      const live = await connect(baseUrl, { token: own });
      await live.next((m) => m.type === 'ready');
      const other = await connect(baseUrl, { token: manager });
      await other.next((m) => m.type === 'ready');
      await t.call('POST', '/apis/logout', { token: own });
      expect((await live.closed).code).toBe(LIVE_CLOSE.sessionEnded);
      expect(other.socket.readyState).toBe(WebSocket.OPEN);

      const user = await t.login('visitor');
      const visitorLive = await connect(baseUrl, { token: user });
      await visitorLive.next((m) => m.type === 'ready');
      const changed = await t.call('POST', '/apis/pwd', {
        token: user,
        body: { oldpwd: 'visitor123', pwd: 'visitor456', pwd2: 'visitor456' },
      });
      expect(changed.code).toBe(0);
      expect((await visitorLive.closed).code).toBe(LIVE_CLOSE.sessionEnded);
      other.socket.close();
    });

    it("closes at once the sockets of a hotel's users when its validity is set to a day past; the Administrator's stays", async () => {
      const hotel = await createHotel(t, {
        name: 'Validity socket hotel',
        users: [{ user_name: 'validity.staff', password: 'staff-pass-1', perms: ['pm_dashboard'] }],
      });
      const staff = await connect(baseUrl, { token: await t.login('validity.staff', 'staff-pass-1'), lang: 'en' });
      await staff.next((m) => m.type === 'ready');
      const adminToken = await t.login('Administrator');
      const admin = await connect(baseUrl, { token: adminToken, hotel_id: hotel.hotelId });
      await admin.next((m) => m.type === 'ready');
      const yesterday = new Date(t.clock().getTime() - 86_400_000).toISOString().slice(0, 10);
      const set = await t.call('PUT', '/apis/validdateupdate', {
        token: adminToken,
        body: { hotel_id: hotel.hotelId, validdate: yesterday },
      });
      expect(set.code).toBe(0);
      // At once, not at the socket's next check of its session (every 30 s here).
      const soon = Promise.race([
        staff.closed,
        new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000)),
      ]);
      expect(await soon).toEqual({
        code: LIVE_CLOSE.hotelExpired,
        reason: `Your hotel's validity period ended on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(yesterday))}; please ask the platform administrator to extend it.`,
      });
      expect(admin.socket.readyState).toBe(WebSocket.OPEN);
      admin.socket.close();
    });

    it('closes at once the sockets of a user another disables, deletes or gives a new password, saying why', async () => {
      const opened = async (userName: string) => {
        const added = await t.call('POST', '/apis/sys_user', {
          token: manager,
          body: { user_name: userName, password: 'staff-pass-1' },
        });
        expect(added.code).toBe(0);
        const token = await t.login(userName, 'staff-pass-1');
        const live = await connect(baseUrl, { token, lang: 'en' });
        await live.next((m) => m.type === 'ready');
        return { id: added.data.id as number, live };
      };
      const disabled = await opened('staff.disabled');
      const deleted = await opened('staff.deleted');
      const reset = await opened('staff.reset');

      const changes = [
        await t.call('PUT', '/apis/userupdate', { token: manager, body: { id: disabled.id, state: 'disabled' } }),
        await t.call('DELETE', '/apis/sys_user', { token: manager, body: { ids: [deleted.id] } }),
        await t.call('PATCH', '/apis/sys_user/password', {
          token: manager,
          body: { id: reset.id, password: 'staff-pass-2' },
        }),
      ];
      expect(changes.map((answer) => answer.code)).toEqual([0, 0, 0]);
      // Closed as the change is made, not at the next check of the socket's session (every 30 s
      // here): within a few seconds at most, or not at all as far as this test goes.
      const soon = (live: { closed: Promise<{ code: number; reason: string }> }) =>
        Promise.race([live.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))]);
      expect(await soon(disabled.live)).toEqual({
        code: LIVE_CLOSE.sessionEnded,
        reason: 'This account was disabled; the session has ended.',
      });
      expect(await soon(deleted.live)).toMatchObject({ code: LIVE_CLOSE.sessionEnded });
      expect(await soon(reset.live)).toEqual({
        code: LIVE_CLOSE.sessionEnded,
        reason: 'The password was changed; please log in again.',
      });
    });
  },
  { env: { MQTT_PORT: '0', HOST: '127.0.0.1' }, build: { gateway: true } },
);

describeNeeding('redis')('live push between server instances sharing Redis', () => {
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

  it('an alert raised and confirmed through instance A reaches a WebSocket on instance B', async () => {
    const address = b.server.address() as { port: number };
    const live = await connect(`http://127.0.0.1:${address.port}`, { token: await a.login('manager'), lang: 'en' });
    await live.next((m) => m.type === 'ready');
    const room = await firstRoom(a);
    const ref = { ...room, room_id: room.id };
    await a.app.services.live.store.merge(
      ref,
      { online: true, window: true, devices: { AC1: { on: true } } },
      a.clock(),
    );
    expect((await live.next((m) => m.type === 'room')).data).toMatchObject({ room_id: room.id, window: true });
    expect(await a.app.services.alerts.sweepRules()).toBeGreaterThanOrEqual(1);
    const alert = await live.next((m) => m.type === 'alert');
    expect(alert.data).toMatchObject({
      type: ALERT_TYPES.window_open_ac_on,
      room_id: room.id,
      event_content: 'Window open while the air conditioning runs',
    });
    const confirmed = await a.call('POST', '/apis/delredisroomspecialstate', {
      token: await a.login('waiter'),
      body: { id: alert.data.id },
    });
    expect(confirmed.code).toBe(0);
    expect((await live.next((m) => m.type === 'alert_closed')).data).toEqual({
      id: alert.data.id,
      reason: 'confirmed',
    });
    live.socket.close();
  });

  it('an alert cleared by its condition on instance A closes on a WebSocket of instance B, with its reason', async () => {
    const address = b.server.address() as { port: number };
    const live = await connect(`http://127.0.0.1:${address.port}`, { token: await a.login('manager'), lang: 'en' });
    await live.next((m) => m.type === 'ready');
    const rooms = await a.db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
      .orderBy('id')
      .limit(2)
      .execute();
    const { id, ...room } = rooms[1] as NonNullable<(typeof rooms)[1]>;
    const ref = { ...room, room_id: id };
    await a.app.services.live.store.merge(
      ref,
      { online: true, window: true, devices: { AC2: { on: true } } },
      a.clock(),
    );
    await a.app.services.alerts.sweepRules();
    const alert = await live.next((m) => m.type === 'alert' && m.data.room_id === id);
    // The air conditioning goes off, heard by instance A: it clears the alert at once.
    const change = await a.app.services.live.applyState(ref, { devices: { AC2: { on: false } } }, a.clock());
    expect(await a.app.services.alerts.roomChanged(ref, change)).toBe(1);
    expect((await live.next((m) => m.type === 'alert_closed' && m.data.id === alert.data.id)).data).toEqual({
      id: alert.data.id,
      reason: 'ac_off',
    });
    live.socket.close();
  });
});
