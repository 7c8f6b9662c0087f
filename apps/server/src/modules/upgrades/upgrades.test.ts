import { ErrorCode, RCU_PARAMS } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { createHotel, loggedOperations } from '../../test-support/fixtures.js';
import { multipartPayload } from '../../test-support/route-walk.js';
import { insertUser } from '../roles/hotel-setup.js';
import { sha256Of } from './files.js';

// The upgrade calls on SQLite and PostgreSQL: files, permissions per kind, jobs and their rules.
// No gateway here: a room's RCU is online or checked in as the live store says (set by the test),
// and a command to it fails for want of a gateway; upgrade.integration.test.ts runs real RCUs.

interface Form {
  kind: string;
  version: string;
  notes?: string;
  content?: string | Buffer;
  hotel_id?: number;
}

function upload(t: TestApp, token: string, form: Form) {
  const { content, ...fields } = form;
  const payload = multipartPayload({
    fields: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
    ...(content !== undefined && { file: { filename: 'f.bin', content } }),
  });
  return t.call('POST', '/apis/upgradefileadd', { token, payload: payload.payload, headers: payload.headers });
}

/** A user of the hotel holding only these keys. */
async function userWith(t: TestApp, hotelId: number, name: string, perms: string[]): Promise<string> {
  const now = t.clock().toISOString();
  const role = await t.db
    .insertInto('roles')
    .values({ hotel_id: hotelId, name: `${name} role`, perms: JSON.stringify(perms), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertUser(t.db, { hotel_id: hotelId, user_name: name, password: `${name}_pass1`, roleIds: [role.id] }, now);
  return t.login(name, `${name}_pass1`);
}

describeEachDatabase(
  'upgrades',
  (t) => {
    let manager: string;
    let visitor: string;
    let binOnly: string;
    let hotelId: number;
    let roomIds: number[];
    let other: { token: string; fileId: number; hotelId: number };

    beforeAll(async () => {
      manager = await t.login('manager');
      visitor = await t.login('visitor');
      hotelId = (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id;
      binOnly = await userWith(t, hotelId, 'bin_engineer', ['pm_upgradebinfile']);
      const rooms = await t.db
        .selectFrom('rooms')
        .select('id')
        .where('hotel_id', '=', hotelId)
        .orderBy('room_num')
        .limit(12)
        .execute();
      roomIds = rooms.map((room) => room.id);
      const user = { user_name: 'upg_other', password: 'upg_other1', perms: ['*'] };
      const elsewhere = await createHotel(t, { name: 'Upgrades elsewhere', users: [user] });
      const token = await t.login(user.user_name, user.password);
      const file = await upload(t, token, { kind: 'bin', version: '9.9.9', content: 'other firmware' });
      expect(file.code).toBe(0);
      other = { token, fileId: file.data.id, hotelId: elsewhere.hotelId };
    });

    async function online(roomId: number, rent: string | null = null) {
      const room = await t.db
        .selectFrom('rooms')
        .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
        .where('id', '=', roomId)
        .executeTakeFirstOrThrow();
      await t.app.services.live.store.merge(
        {
          room_id: room.id,
          hotel_id: room.hotel_id,
          building_id: room.building_id,
          room_num: room.room_num,
          floor_num: room.floor_num,
        },
        { online: true, ...(rent && { rent: rent as never }) },
        t.clock(),
      );
    }

    async function fileOf(kind: string, version: string, content: string | Buffer = `${kind} ${version}`) {
      const answer = await upload(t, manager, { kind, version, content });
      expect(answer.code, answer.message).toBe(0);
      return answer.data as { id: number; sha256: string; size: number };
    }

    it('stores a file with its size and SHA-256 computed by the server, and lists it', async () => {
      const content = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
      // 495 characters of Chinese: 1,485 bytes of the form's field.
      const notes = '修复空调面板的显示问题'.repeat(45);
      const answer = await upload(t, manager, { kind: 'bin', version: '2.1.0', notes, content });
      expect(answer.code, answer.message).toBe(0);
      const tooLong = await upload(t, manager, { kind: 'bin', version: '2.1.1', notes: `${notes}123456`, content });
      expect(tooLong.code).toBe(ErrorCode.invalid);
      expect(answer.data).toMatchObject({
        kind: 'bin',
        version: '2.1.0',
        notes,
        size: 7,
        sha256: sha256Of(content),
      });
      expect(answer.data.created_at).toEqual(expect.any(String));
      const list = await t.call('POST', '/apis/upgradefilelist', { token: manager, body: { kind: 'bin' } });
      expect(list.data.records.map((file: { id: number }) => file.id)).toContain(answer.data.id);
      expect(list.data.records.every((file: { kind: string }) => file.kind === 'bin')).toBe(true);
      const stored = await t.db
        .selectFrom('upgrade_files')
        .select('content')
        .where('id', '=', answer.data.id)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(stored.content)).toEqual(content);
      const oplog = await t.db.selectFrom('oplog').select('action').where('action', '=', 'upgrade_file_add').execute();
      expect(oplog.length).toBeGreaterThan(0);
      // The log's Target names the file's kind in the reader's words, on the screen and in the export.
      const targets = [
        ['en', 'firmware 2.1.0'],
        ['zh', '固件 2.1.0'],
        ['es', 'firmware 2.1.0'],
      ] as const;
      for (const [language, target] of targets) {
        const [logged] = await loggedOperations(t, manager, language, { filter: { action: 'upgrade_file_add' } });
        expect(logged?.target).toBe(target);
      }
      const csv = await t.app.inject({
        method: 'POST',
        url: '/apis/oplogexport',
        headers: { authorization: `Bearer ${manager}`, 'accept-language': 'ja' },
        payload: { format: 'csv', filter: { action: 'upgrade_file_add' } },
      });
      expect(csv.body).toContain('ファームウェア 2.1.0');
    });

    it('refuses a bad kind, version, empty file and an oversize one (4413)', async () => {
      expect((await upload(t, manager, { kind: 'zip', version: '1', content: 'x' })).code).toBe(ErrorCode.invalid);
      expect((await upload(t, manager, { kind: 'bin', version: 'a b', content: 'x' })).code).toBe(ErrorCode.invalid);
      expect((await upload(t, manager, { kind: 'bin', version: 'x'.repeat(65), content: 'x' })).code).toBe(
        ErrorCode.invalid,
      );
      const empty = await upload(t, manager, { kind: 'bin', version: '1', content: '' });
      expect(empty).toMatchObject({ code: ErrorCode.invalid, message: '文件是空的。' });
      const none = await upload(t, manager, { kind: 'bin', version: '1' });
      expect(none).toMatchObject({ code: ErrorCode.invalid, message: '请选择一个要上传的文件。' });
      const big = await upload(t, manager, { kind: 'bin', version: '1', content: Buffer.alloc(64 * 1024 + 1) });
      expect(big.code).toBe(ErrorCode.tooLarge);
      expect(big.status).toBe(413);
      expect((await upload(t, manager, { kind: 'bin', version: '1', content: Buffer.alloc(64 * 1024) })).code).toBe(0);
    });

    it("refuses a version the hotel already lists for the kind (4409, naming it), at once too; another kind's or hotel's is free", async () => {
      const first = await fileOf('bin', '2.2.0');
      const again = await upload(t, manager, { kind: 'bin', version: '2.2.0', content: 'bin 2.2.0' });
      expect(again.code).toBe(ErrorCode.conflict);
      expect(again.status).toBe(409);
      expect(again.message).toBe('已有此类文件的版本 2.2.0：请给新文件换一个版本号，或先删除原文件。');
      const form = multipartPayload({
        fields: { kind: 'bin', version: '2.2.0' },
        file: { filename: 'f', content: 'x' },
      });
      const spanish = await t.app.inject({
        method: 'POST',
        url: '/apis/upgradefileadd',
        headers: { ...form.headers, authorization: `Bearer ${manager}`, 'accept-language': 'es' },
        payload: form.payload,
      });
      expect(spanish.json().message).toContain('La versión 2.2.0 de este tipo de archivo ya está subida');
      const paramSet = { token: manager, body: { version: 'p-dup', params: { night_light: 3 } } };
      expect((await t.call('POST', '/apis/upgradeparamadd', paramSet)).code).toBe(0);
      expect((await t.call('POST', '/apis/upgradeparamadd', paramSet)).code).toBe(ErrorCode.conflict);
      await fileOf('config', '2.2.0');
      expect((await upload(t, other.token, { kind: 'bin', version: '2.2.0', content: 'x' })).code).toBe(0);
      // Deleted, the version is free again.
      expect((await t.call('POST', '/apis/upgradefiledel', { token: manager, body: { id: first.id } })).code).toBe(0);
      await fileOf('bin', '2.2.0');

      const race = await Promise.all(
        [1, 2, 3].map((n) => upload(t, manager, { kind: 'bin', version: '2.2.1', content: `copy ${n}` })),
      );
      expect(race.map((answer) => answer.code).sort()).toEqual([0, ErrorCode.conflict, ErrorCode.conflict]);
      const listed = await t.call('POST', '/apis/upgradefilelist', {
        token: manager,
        body: { kind: 'bin', size: 500 },
      });
      const versions = listed.data.records.map((file: { version: string }) => file.version);
      expect(versions.filter((version: string) => version === '2.2.1')).toHaveLength(1);
      expect(versions.filter((version: string) => version === '2.2.0')).toHaveLength(1);
    });

    it('tells the screens the limit it refuses past, to the holders of an upgrade key only', async () => {
      const limits = await t.call('GET', '/apis/upgradelimits', { token: binOnly });
      expect(limits.code).toBe(0);
      expect(limits.data).toEqual({ file_max_bytes: 64 * 1024 });
      expect((await t.call('GET', '/apis/upgradelimits', {})).code).toBe(ErrorCode.unauthenticated);
    });

    it('checks a parameter file against the RCU parameters, uploaded or from a form', async () => {
      const good = JSON.stringify({ card_delay_s: 30, checkout_scene: 'all_off' });
      expect((await upload(t, manager, { kind: 'param', version: 'p1', content: good })).code).toBe(0);
      for (const bad of [
        '[1]',
        'not json',
        '{}',
        '{"card_delay_s":601}',
        '{"mystery":1}',
        '{"checkout_scene":"boom"}',
      ]) {
        const answer = await upload(t, manager, { kind: 'param', version: 'p2', content: bad });
        expect(answer.code, bad).toBe(ErrorCode.invalid);
      }
      const form = await t.call('POST', '/apis/upgradeparamadd', {
        token: manager,
        body: { version: 'p3', params: { night_light: 40 } },
      });
      expect(form.code, form.message).toBe(0);
      expect(form.data).toMatchObject({ kind: 'param', version: 'p3' });
      const read = await t.call('POST', '/apis/upgradefileparams', { token: manager, body: { id: form.data.id } });
      expect(read.data).toEqual({ id: form.data.id, version: 'p3', params: { night_light: 40 } });
      const outOfRange = await t.call('POST', '/apis/upgradeparamadd', {
        token: manager,
        body: { version: 'p4', params: { night_light: RCU_PARAMS.night_light.max + 1 } },
      });
      expect(outOfRange.code).toBe(ErrorCode.invalid);
      expect(outOfRange.message).toContain('night_light');
    });

    it("refuses a kind whose key the caller lacks (4403), and a visitor's writes, but lets the visitor read", async () => {
      expect((await upload(t, binOnly, { kind: 'bin', version: 'b1', content: 'fw' })).code).toBe(0);
      for (const kind of ['param', 'config', 'ir']) {
        const content = kind === 'param' ? '{"night_light":1}' : 'data';
        expect((await upload(t, binOnly, { kind, version: 'b1', content })).code, kind).toBe(ErrorCode.forbidden);
      }
      const params = await t.call('POST', '/apis/upgradeparamadd', {
        token: binOnly,
        body: { version: 'b1', params: { night_light: 1 } },
      });
      expect(params.code).toBe(ErrorCode.forbidden);
      const config = await fileOf('config', 'c-for-perm');
      const job = await t.call('POST', '/apis/upgradejobadd', {
        token: binOnly,
        body: { file_id: config.id, room_ids: [roomIds[11]] },
      });
      expect(job.code).toBe(ErrorCode.forbidden);
      expect((await t.call('POST', '/apis/upgradefiledel', { token: binOnly, body: { id: config.id } })).code).toBe(
        ErrorCode.forbidden,
      );
      const seen = await t.call('POST', '/apis/upgradefilelist', { token: binOnly, body: { size: 500 } });
      expect(new Set(seen.data.records.map((file: { kind: string }) => file.kind))).toEqual(new Set(['bin']));

      expect((await upload(t, visitor, { kind: 'bin', version: 'v1', content: 'fw' })).code).toBe(ErrorCode.forbidden);
      expect((await t.call('POST', '/apis/upgradefiledel', { token: visitor, body: { id: config.id } })).code).toBe(
        ErrorCode.forbidden,
      );
      const list = await t.call('POST', '/apis/upgradefilelist', { token: visitor, body: { size: 500 } });
      expect(list.code).toBe(0);
      expect(list.data.total).toBeGreaterThan(1);
      expect((await t.call('POST', '/apis/upgradejoblist', { token: visitor, body: {} })).code).toBe(0);
    });

    it("never shows or touches another hotel's file or job (4404)", async () => {
      const list = await t.call('POST', '/apis/upgradefilelist', { token: manager, body: { size: 500 } });
      expect(list.data.records.map((file: { id: number }) => file.id)).not.toContain(other.fileId);
      const job = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: other.fileId, room_ids: [roomIds[0]] },
      });
      expect(job.code).toBe(ErrorCode.notFound);
      expect((await t.call('POST', '/apis/upgradefiledel', { token: manager, body: { id: other.fileId } })).code).toBe(
        ErrorCode.notFound,
      );
      // The other hotel naming this hotel's rooms.
      const mine = await fileOf('bin', 'mine-1');
      const theirs = await t.call('POST', '/apis/upgradejobadd', {
        token: other.token,
        body: { file_id: other.fileId, room_ids: [roomIds[0]] },
      });
      expect(theirs.code).toBe(ErrorCode.notFound);
      const added = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: mine.id, room_ids: [roomIds[10]] },
      });
      expect(added.code, added.message).toBe(0);
      for (const path of ['/apis/upgradejobdetail', '/apis/upgradejobcancel', '/apis/upgradejobretry']) {
        const answer = await t.call('POST', path, { token: other.token, body: { id: added.data.id } });
        expect(answer.code, path).toBe(ErrorCode.notFound);
      }
      await t.call('POST', '/apis/upgradejobcancel', { token: manager, body: { id: added.data.id } });
    });

    it('checks a new job: rooms of the hotel, at most 10,000, unique, settings in range, a window of two times', async () => {
      const file = await fileOf('bin', 'v-check');
      const add = (body: Record<string, unknown>) =>
        t.call('POST', '/apis/upgradejobadd', { token: manager, body: { file_id: file.id, ...body } });
      expect((await add({ room_ids: [] })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: [roomIds[0], roomIds[0]] })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: [roomIds[0], 2_000_000_000] })).code).toBe(ErrorCode.notFound);
      expect((await add({ room_ids: [roomIds[0]], batch_size: 0 })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: [roomIds[0]], max_failure_pct: 101 })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: [roomIds[0]], window_from: '25:00', window_to: '05:00' })).code).toBe(
        ErrorCode.invalid,
      );
      expect((await add({ room_ids: [roomIds[0]], window_from: '02:00' })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: [roomIds[0]], window_from: '02:00', window_to: '02:00' })).code).toBe(
        ErrorCode.invalid,
      );
      expect((await add({ room_ids: [roomIds[0]], room_timeout_s: 1 })).code).toBe(ErrorCode.invalid);
      expect((await add({ room_ids: [roomIds[0]], surprise: 1 })).code).toBe(ErrorCode.invalid);
      expect((await add({ file_id: 2_000_000_000, room_ids: [roomIds[0]] })).code).toBe(ErrorCode.notFound);
    });

    it('rolls out in batches after a canary, refuses to delete a file in use (4409), fails offline rooms', async () => {
      const file = await fileOf('bin', 'v-roll');
      const rooms = roomIds.slice(0, 5);
      const added = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: file.id, room_ids: rooms, canary: 1, batch_size: 2 },
      });
      expect(added.code, added.message).toBe(0);
      expect(added.data).toEqual({ id: expect.any(Number), state: 'running' });
      const id = added.data.id;
      expect((await t.call('POST', '/apis/upgradefiledel', { token: manager, body: { id: file.id } })).code).toBe(
        ErrorCode.conflict,
      );
      // A room in a job that has not ended is not taken by another.
      const again = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: file.id, room_ids: [rooms[0]] },
      });
      expect(again.code).toBe(ErrorCode.conflict);

      const detail = () => t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id } });
      await t.app.services.timers.fireDue();
      let job = (await detail()).data;
      expect(job.counts).toMatchObject({ failed: 1, waiting: 4 });
      expect(job.rooms.find((room: { state: string }) => room.state === 'failed')).toMatchObject({
        error: 'offline',
        batch: 0,
      });
      await t.app.services.upgrades.tick(id);
      job = (await detail()).data;
      expect(job.counts).toMatchObject({ failed: 3, waiting: 2 });
      expect(job.rooms.filter((room: { batch: number | null }) => room.batch === 1)).toHaveLength(2);
      await t.app.services.upgrades.tick(id);
      await t.app.services.upgrades.tick(id);
      job = (await detail()).data;
      expect(job.state).toBe('finished');
      expect(job.counts.failed).toBe(5);
      expect(job.file).toMatchObject({ id: file.id, kind: 'bin', version: 'v-roll', sha256: file.sha256 });
      expect(job.rooms[0]).toEqual({
        room_id: expect.any(Number),
        room_num: expect.any(String),
        state: 'failed',
        progress: 0,
        error: 'offline',
        batch: expect.any(Number),
        started_at: expect.any(String),
        ended_at: expect.any(String),
      });
      const events = await t.db
        .selectFrom('room_events')
        .select(['detail'])
        .where('type', '=', 'upgrade')
        .where('room_id', '=', rooms[0] as number)
        .execute();
      expect(events.map((event) => JSON.parse(event.detail))).toContainEqual(
        expect.objectContaining({ job: id, state: 'failed', error: 'offline' }),
      );
      const log = await t.call('POST', '/apis/eventlog', {
        token: manager,
        body: { filter: { room_id: rooms[0], type: 'upgrade' }, current: 1, size: 50 },
        headers: { 'accept-language': 'en' },
      });
      expect(JSON.stringify(log.data)).toContain('Upgrade of firmware v-roll: failed (RCU offline)');

      // Retry: the failed rooms wait again and the job runs.
      const retried = await t.call('POST', '/apis/upgradejobretry', { token: manager, body: { id } });
      expect(retried.code, retried.message).toBe(0);
      expect(retried.data.state).toBe('running');
      expect(retried.data.counts).toMatchObject({ waiting: 5, failed: 0 });
      const listed = await t.call('POST', '/apis/upgradejoblist', { token: manager, body: { state: 'running' } });
      expect(listed.data.records.map((record: { id: number }) => record.id)).toContain(id);
      // Cancel: every room not ended is cancelled; the job has ended, and the file may go.
      const cancelled = await t.call('POST', '/apis/upgradejobcancel', { token: manager, body: { id } });
      expect(cancelled.data.state).toBe('cancelled');
      expect(cancelled.data.counts).toMatchObject({ cancelled: 5, waiting: 0 });
      expect((await t.call('POST', '/apis/upgradejobcancel', { token: manager, body: { id } })).code).toBe(
        ErrorCode.conflict,
      );
      expect((await t.call('POST', '/apis/upgradejobretry', { token: manager, body: { id } })).code).toBe(
        ErrorCode.conflict,
      );
      expect((await t.call('POST', '/apis/upgradefiledel', { token: manager, body: { id: file.id } })).code).toBe(0);
      // The file is gone from the list and from new jobs; the job's history still names it.
      const files = await t.call('POST', '/apis/upgradefilelist', { token: manager, body: { size: 500 } });
      expect(files.data.records.map((record: { id: number }) => record.id)).not.toContain(file.id);
      expect(
        (
          await t.call('POST', '/apis/upgradejobadd', {
            token: manager,
            body: { file_id: file.id, room_ids: [rooms[0]] },
          })
        ).code,
      ).toBe(ErrorCode.notFound);
      const history = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id } });
      expect(history.code).toBe(0);
      expect(history.data).toMatchObject({ state: 'cancelled', file: { id: file.id, sha256: file.sha256 } });
      expect((await t.call('POST', '/apis/upgradefiledel', { token: manager, body: { id: file.id } })).code).toBe(
        ErrorCode.notFound,
      );
    });

    it('pauses and resumes; skips a checked-in room unless forced', async () => {
      const file = await fileOf('config', 'c-guests');
      const [guest, forced] = [roomIds[6] as number, roomIds[7] as number];
      await online(guest, 'checked_in');
      await online(forced, 'checked_in');
      const job = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: file.id, room_ids: [guest] },
      });
      const paused = await t.call('POST', '/apis/upgradejobpause', { token: manager, body: { id: job.data.id } });
      expect(paused.data).toMatchObject({ state: 'paused', pause_reason: 'manual' });
      expect((await t.call('POST', '/apis/upgradejobpause', { token: manager, body: { id: job.data.id } })).code).toBe(
        ErrorCode.conflict,
      );
      await t.app.services.upgrades.tick(job.data.id);
      expect(
        (await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: job.data.id } })).data.counts
          .waiting,
      ).toBe(1);
      const resumed = await t.call('POST', '/apis/upgradejobresume', { token: manager, body: { id: job.data.id } });
      expect(resumed.data).toMatchObject({ state: 'running', pause_reason: null });
      await t.app.services.upgrades.tick(job.data.id);
      const skipped = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: job.data.id } });
      expect(skipped.data.rooms[0]).toMatchObject({ state: 'skipped', error: 'checked_in' });

      const withForce = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: file.id, room_ids: [forced], force: true },
      });
      await t.app.services.upgrades.tick(withForce.data.id);
      const sent = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: withForce.data.id } });
      // Not skipped: the command went to the (missing) gateway.
      expect(sent.data.rooms[0]).toMatchObject({ state: 'failed', error: 'offline' });
      expect(sent.data.settings.force).toBe(true);
    });

    it('lists rooms to upgrade by floor, type, version and online, for holders of an upgrade key', async () => {
      const [first, second] = roomIds as [number, number];
      await t.db.updateTable('rooms').set({ fw: '7.7.7' }).where('id', 'in', [first, second]).execute();
      await online(first);
      const list = (body: Record<string, unknown>, token = binOnly) =>
        t.call('POST', '/apis/upgraderoomlist', { token, body: { size: 500, ...body } });
      const byVersion = await list({ fw: '7.7.7' });
      expect(byVersion.code, byVersion.message).toBe(0);
      expect(byVersion.data.records.map((room: { id: number }) => room.id).sort()).toEqual([first, second].sort());
      expect(byVersion.data.records[0]).toMatchObject({
        fw: '7.7.7',
        params_version: null,
        building_id: expect.any(Number),
      });
      const onlineOnly = await list({ fw: '7.7.7', online: true });
      expect(onlineOnly.data.records.map((room: { id: number }) => room.id)).toEqual([first]);
      expect(onlineOnly.data.total).toBe(1);
      const offline = await list({ fw: '7.7.7', online: false });
      expect(offline.data.records.map((room: { id: number }) => room.id)).toEqual([second]);
      const firstRoom = await t.db
        .selectFrom('rooms')
        .select(['floor_num', 'room_type_id'])
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      const onFloor = await list({ floor_num: firstRoom.floor_num, room_type_id: firstRoom.room_type_id });
      expect(onFloor.data.total).toBeGreaterThan(0);
      expect(onFloor.data.records.every((room: { floor_num: number }) => room.floor_num === firstRoom.floor_num)).toBe(
        true,
      );
      const waiter = await t.login('waiter');
      expect((await list({}, waiter)).code).toBe(ErrorCode.forbidden);
    });

    it('goes with its hotel: files, jobs and their rooms', async () => {
      const admin = await t.login('Administrator');
      const building = await t.call('POST', '/apis/buildingadd', {
        token: other.token,
        body: { name: 'B', floor_from: 1, floor_to: 1 },
      });
      const type = await t.call('POST', '/apis/roomtypeadd', {
        token: other.token,
        body: { name: 'T', devices: [{ key: 'L1', kind: 'light', name: 'L' }] },
      });
      const room = await t.call('POST', '/apis/roomadd', {
        token: other.token,
        body: {
          room_num: 'X1',
          floor_num: 1,
          building_id: building.data.id,
          room_type_id: type.data.id,
          rcu_id: 'UPGX1',
        },
      });
      const job = await t.call('POST', '/apis/upgradejobadd', {
        token: other.token,
        body: { file_id: other.fileId, room_ids: [room.data.id] },
      });
      expect(job.code, job.message).toBe(0);
      const removed = await t.call('POST', '/apis/hoteldel', {
        token: admin,
        body: { hotel_id: other.hotelId, force: true },
      });
      expect(removed.code, removed.message).toBe(0);
      for (const table of ['upgrade_files', 'upgrade_jobs', 'upgrade_job_rooms'] as const) {
        const rows = await t.db.selectFrom(table).select('hotel_id').where('hotel_id', '=', other.hotelId).execute();
        expect(rows, table).toEqual([]);
      }
      // Its job's timer fires on a job that is no more, and does nothing.
      await t.app.services.timers.fireDue();
    });

    it('starts no room outside its time window, and looks again when it opens', async () => {
      const file = await fileOf('bin', 'v-window');
      const hour = (t.clock().getHours() + 2) % 24;
      const pad = (value: number) => String(value).padStart(2, '0');
      const job = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: {
          file_id: file.id,
          room_ids: [roomIds[11]],
          window_from: `${pad(hour)}:00`,
          window_to: `${pad((hour + 1) % 24)}:00`,
        },
      });
      expect(job.code, job.message).toBe(0);
      await t.app.services.timers.fireDue();
      const detail = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: job.data.id } });
      expect(detail.data.counts.waiting).toBe(1);
      expect(detail.data.settings).toMatchObject({ window_from: `${pad(hour)}:00` });
      const timer = await t.app.services.timers.find(`upgrade:job:${job.data.id}`);
      const opens = new Date(timer?.due_at ?? 0);
      expect(opens.getHours()).toBe(hour);
      expect(opens.getMinutes()).toBe(0);
      expect(opens.getTime()).toBeGreaterThan(t.clock().getTime());
      await t.call('POST', '/apis/upgradejobcancel', { token: manager, body: { id: job.data.id } });
    });

    it('pauses itself past its failure rate', async () => {
      const file = await fileOf('ir', 'ir-rate');
      const job = await t.call('POST', '/apis/upgradejobadd', {
        token: manager,
        body: { file_id: file.id, room_ids: [roomIds[8], roomIds[9]], batch_size: 1, max_failure_pct: 50 },
      });
      await t.app.services.upgrades.tick(job.data.id);
      await t.app.services.upgrades.tick(job.data.id);
      const detail = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: job.data.id } });
      expect(detail.data).toMatchObject({ state: 'paused', pause_reason: 'failure_rate' });
      expect(detail.data.counts).toMatchObject({ failed: 1, waiting: 1 });
      // Resumed: that batch's failure is accepted and the next batch starts (its room fails too:
      // no gateway here); with no room left waiting, the job then finishes rather than pause.
      const resumed = await t.call('POST', '/apis/upgradejobresume', { token: manager, body: { id: job.data.id } });
      expect(resumed.data).toMatchObject({ state: 'running', pause_reason: null });
      await t.app.services.upgrades.tick(job.data.id);
      const next = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: job.data.id } });
      expect(next.data.counts).toMatchObject({ failed: 2, waiting: 0 });
      expect(next.data.rooms.map((room: { batch: number }) => room.batch).sort()).toEqual([0, 1]);
      await t.app.services.upgrades.tick(job.data.id);
      const ended = await t.call('POST', '/apis/upgradejobdetail', { token: manager, body: { id: job.data.id } });
      expect(ended.data).toMatchObject({ state: 'finished' });
    });
  },
  { env: { TIMER_POLL_SECONDS: '0', UPGRADE_FILE_MAX_BYTES: String(64 * 1024) } },
);
