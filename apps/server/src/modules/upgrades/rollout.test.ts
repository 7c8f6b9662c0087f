import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { ErrorCode } from '@roompilot/contract';
import { type Fleet, runFleet, type VirtualRcu } from '@roompilot/rcu-sim';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { describeEachDatabase } from '../../test-support/databases.js';
import { withOpenKeys } from '../../test-support/fixtures.js';
import { openLiveConsole } from '../../test-support/live-console.js';
import { multipartPayload } from '../../test-support/route-walk.js';
import { freePort, until } from '../../test-support/waiting.js';

// Upgrades end to end: the server with its embedded broker listening on loopback, virtual RCUs of
// the simulator (apps/rcu-sim) that fetch the files over HTTP through the signed links, and the
// rollout engine on its persistent timers. Nothing is mocked.

const ROOMS = 10;

// A port free now on loopback (the broker keeps it across the restart, so the RCUs come back).
const mqttPort = await freePort();

describeEachDatabase(
  'upgrades with simulated RCUs',
  (t) => {
    let app: FastifyInstance;
    let token: string;
    let fleet: Fleet;
    let rooms: { id: number; rcu_id: string; device_key: string; room_num: string }[];
    /** Two rooms beyond the fleet, for RCUs written by hand. */
    let spare: { id: number; rcu_id: string; device_key: string; room_num: string }[];
    const rcuOf = (roomId: number) => fleet.get(rooms.find((room) => room.id === roomId)?.rcu_id ?? '') as VirtualRcu;

    /** The test's own calls go to the app of the moment (a new one after the restart). */
    async function call(path: string, body: unknown) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
      // biome-ignore lint/suspicious/noExplicitAny: tests read any answer's data
      return response.json() as { code: number; message: string; data: any };
    }

    async function upload(kind: string, version: string, content: Buffer) {
      const form = multipartPayload({ fields: { kind, version }, file: { filename: 'f.bin', content } });
      const response = await app.inject({
        method: 'POST',
        url: '/apis/upgradefileadd',
        headers: { authorization: `Bearer ${token}`, ...form.headers },
        payload: form.payload,
      });
      const answer = response.json() as { code: number; message: string; data: { id: number; sha256: string } };
      expect(answer.code, answer.message).toBe(0);
      return answer.data;
    }

    const detail = async (id: number) => (await call('/apis/upgradejobdetail', { id })).data;
    const ended = (id: number) =>
      until(
        `job ${id} to end`,
        () => detail(id),
        (job) => job.state === 'finished' || job.state === 'paused',
      );

    async function listen(instance: FastifyInstance) {
      await instance.listen({ port: 0, host: '127.0.0.1' });
    }

    let realTime: NodeJS.Timeout;

    beforeAll(async () => {
      // The engine's time-outs and timers read the app's clock: here it keeps up with real time.
      realTime = setInterval(() => t.clock.set(new Date()), 20);
      app = t.app;
      await listen(app);
      token = await t.login('manager');
      const hotelId = (await t.call('POST', '/apis/userinfo', { token })).data.hotel_id as number;
      rooms = withOpenKeys(
        t,
        await t.db
          .selectFrom('rooms')
          .select(['id', 'rcu_id', 'device_key', 'room_num'])
          .where('hotel_id', '=', hotelId)
          .orderBy('room_num')
          .limit(ROOMS + 2)
          .execute(),
      );
      spare = rooms.splice(ROOMS, 2);
      fleet = await runFleet({
        url: `mqtt://127.0.0.1:${mqttPort}`,
        rooms: rooms.map((room) => ({ rcu_id: room.rcu_id, device_key: room.device_key })),
        behave: false,
        reconnectMs: 200,
        upgradeStepMs: 20,
        firmware: { fw: '1.0.0', hw: 'RCU-8', cfg: 'cfg-1', ir: 'ir-1' },
      });
      expect(fleet.failed).toEqual([]);
      await until(
        'the RCUs to be online',
        () => Promise.all(rooms.map((room) => app.services.live.store.get(room.id))),
        (states) => states.every((state) => state?.online === true),
      );
    });

    afterAll(async () => {
      clearInterval(realTime);
      await fleet?.stop();
      if (app !== t.app) await app.close();
    });

    it('rolls a firmware out in batches, fails the rooms that fail, and a retry finishes them', async () => {
      const file = await upload('bin', '2.0.0', randomBytes(300_000));
      const ids = rooms.map((room) => room.id);
      const [checksum, silent, dropped] = ids as [number, number, number];
      rcuOf(checksum).failUpgrades('checksum');
      rcuOf(silent).failUpgrades('timeout');
      rcuOf(dropped).failUpgrades('drop');
      const added = await call('/apis/upgradejobadd', {
        file_id: file.id,
        room_ids: ids,
        canary: 1,
        batch_size: 4,
        room_timeout_s: 10,
      });
      expect(added.code, added.message).toBe(0);
      const job = await ended(added.data.id);
      expect(job.state).toBe('finished');
      expect(job.counts).toMatchObject({ finished: ROOMS - 2, failed: 2 });
      const byRoom = new Map(job.rooms.map((room: { room_id: number }) => [room.room_id, room]));
      expect(byRoom.get(checksum)).toMatchObject({ state: 'failed', error: 'checksum mismatch' });
      expect(byRoom.get(silent)).toMatchObject({ state: 'failed', error: 'timeout' });
      expect(byRoom.get(dropped)).toMatchObject({ state: 'finished', progress: 100 });
      // The canary first (batch 0), then batches of 4.
      expect(job.rooms.filter((room: { batch: number }) => room.batch === 0)).toHaveLength(1);
      expect(Math.max(...job.rooms.map((room: { batch: number }) => room.batch))).toBe(3);
      expect(rcuOf(checksum).firmware.fw).toBe('1.0.0');
      expect(rcuOf(dropped).firmware.fw).toBe('2.0.0');
      const versions = await t.db
        .selectFrom('rooms')
        .select(['id', 'fw', 'versiontime'])
        .where('id', 'in', ids)
        .execute();
      for (const room of versions) {
        if (room.id === checksum || room.id === silent) expect(room.versiontime).toBeNull();
        else expect(room).toMatchObject({ fw: '2.0.0', versiontime: expect.any(String) });
      }

      rcuOf(checksum).failUpgrades(null);
      rcuOf(silent).failUpgrades(null);
      rcuOf(dropped).failUpgrades(null);
      const retried = await call('/apis/upgradejobretry', { id: added.data.id });
      expect(retried.data.counts).toMatchObject({ waiting: 2, finished: ROOMS - 2 });
      const again = await ended(added.data.id);
      expect(again).toMatchObject({ state: 'finished', counts: { finished: ROOMS, failed: 0 } });
      const after = await t.db.selectFrom('rooms').select('fw').where('id', 'in', ids).execute();
      expect(after.every((room) => room.fw === '2.0.0')).toBe(true);
      await rcuOf(silent).upgradesSettled();
    }, 90_000);

    it('fails a room whose file does not match its SHA-256, and the RCU keeps its version', async () => {
      const content = randomBytes(50_000);
      const file = await upload('config', 'cfg-9', content);
      const corrupted = Buffer.from(content);
      corrupted[100] = (corrupted[100] as number) ^ 0xff;
      await t.db.updateTable('upgrade_files').set({ content: corrupted }).where('id', '=', file.id).execute();
      const roomId = rooms[3]?.id as number;
      const added = await call('/apis/upgradejobadd', { file_id: file.id, room_ids: [roomId] });
      const job = await ended(added.data.id);
      expect(job.rooms[0]).toMatchObject({ state: 'failed', error: 'checksum mismatch' });
      expect(rcuOf(roomId).firmware.cfg).toBe('cfg-1');
      const room = await t.db.selectFrom('rooms').select('cfg').where('id', '=', roomId).executeTakeFirstOrThrow();
      expect(room.cfg).toBe('cfg-1');
    }, 60_000);

    it('writes a parameter file with set_params, and the consoles see the job live', async () => {
      const address = app.server.address() as net.AddressInfo;
      const { socket, pushed } = await openLiveConsole(address.port, token);

      const created = await call('/apis/upgradeparamadd', { version: 'night-40', params: { night_light: 40 } });
      const roomId = rooms[4]?.id as number;
      const added = await call('/apis/upgradejobadd', { file_id: created.data.id, room_ids: [roomId] });
      const job = await ended(added.data.id);
      const upgrades = await until(
        'the job to be pushed',
        async () => pushed.filter((m) => m.type === 'upgrade' || m.type === 'upgrade_job'),
        (messages) => messages.some((m) => m.type === 'upgrade_job' && m.data.state === 'finished'),
        5_000,
      );
      socket.close();
      expect(upgrades).toContainEqual({
        type: 'upgrade',
        data: {
          job_id: added.data.id,
          room_id: roomId,
          room_num: rooms[4]?.room_num,
          state: 'finished',
          progress: 100,
          error: null,
        },
      });
      expect(upgrades.at(-1)?.data).toMatchObject({
        job_id: added.data.id,
        state: 'finished',
        pause_reason: null,
        counts: { finished: 1 },
      });
      expect(job.rooms[0]).toMatchObject({ state: 'finished' });
      expect(rcuOf(roomId).params.night_light).toBe(40);
      const room = await t.db
        .selectFrom('rooms')
        .select('params_version')
        .where('id', '=', roomId)
        .executeTakeFirstOrThrow();
      expect(room.params_version).toBe('night-40');
    }, 60_000);

    it('answers a link only as signed, with Range, within the download cap, until the job ends', async () => {
      const content = randomBytes(4 * 1024 * 1024);
      const file = await upload('ir', 'ir-7', content);
      const roomId = rooms[5]?.id as number;
      rcuOf(roomId).failUpgrades('timeout');
      const added = await call('/apis/upgradejobadd', {
        file_id: file.id,
        room_ids: [roomId],
        max_downloads: 1,
        room_timeout_s: 600,
      });
      const jobId = added.data.id as number;
      await until(
        'the room to start',
        () => detail(jobId),
        (job) => job.rooms[0].state === 'in_progress',
      );
      const address = app.server.address() as net.AddressInfo;
      const base = `http://127.0.0.1:${address.port}`;
      const { links } = app.services.upgrades;
      const exp = t.clock().getTime() + 60_000;
      const good = links.url(base, { job: jobId, room: roomId, exp }, file.sha256);

      // Sent as stored, whatever encodings the device accepts (a device need not speak brotli).
      const whole = await fetch(good, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-encoding')).toBeNull();
      expect(whole.headers.get('content-length')).toBe(String(content.length));
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);

      const part = await fetch(good, { headers: { range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${content.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(10, 20))).toBe(true);
      const rest = await fetch(good, { headers: { range: `bytes=${content.length - 5}-` } });
      expect(rest.status).toBe(206);
      expect(Buffer.from(await rest.arrayBuffer()).equals(content.subarray(content.length - 5))).toBe(true);
      const outside = await fetch(good, { headers: { range: `bytes=${content.length}-` } });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${content.length}`);
      await outside.arrayBuffer();

      const refused = async (url: string, code: number) => {
        const response = await fetch(url);
        const body = (await response.json()) as { code: number };
        expect(body.code, url).toBe(code);
        expect(response.headers.get('content-type')).toMatch(/json/);
      };
      const tampered = new URL(good);
      const sig = tampered.searchParams.get('sig') ?? '';
      tampered.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
      await refused(tampered.toString(), ErrorCode.forbidden);
      const otherRoom = new URL(good);
      otherRoom.searchParams.set('room', String(rooms[6]?.id));
      await refused(otherRoom.toString(), ErrorCode.forbidden);
      await refused(
        links.url(base, { job: jobId, room: roomId, exp: t.clock().getTime() - 1 }, file.sha256),
        ErrorCode.forbidden,
      );
      await refused(links.url(base, { job: jobId, room: roomId, exp }, 'f'.repeat(64)), ErrorCode.forbidden);

      // One download at a time: while another of the job's downloads holds the place (taken here
      // as a download does: on loopback the kernel's buffers take a whole file at once, so a
      // client that stops reading holds nothing), the next one is told to come back.
      const held = await app.services.upgrades.takeDownload(jobId, 1);
      expect(held).not.toBeNull();
      const second = await fetch(good);
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('5');
      expect(((await second.json()) as { code: number }).code).toBe(ErrorCode.tooManyRequests);
      held?.release();
      expect((await fetch(good, { headers: { range: 'bytes=0-0' } })).status).toBe(206);

      await call('/apis/upgradejobcancel', { id: jobId });
      await refused(good, ErrorCode.notFound);
      rcuOf(roomId).failUpgrades(null);
    }, 60_000);

    it("finishes a room whose report was lost once its RCU's hello says the new version", async () => {
      const file = await upload('bin', '2.5.0', randomBytes(20_000));
      const roomId = rooms[2]?.id as number;
      const rcu = rcuOf(roomId);
      rcu.failUpgrades('timeout');
      const added = await call('/apis/upgradejobadd', { file_id: file.id, room_ids: [roomId], room_timeout_s: 600 });
      await until(
        'the room to start',
        () => detail(added.data.id),
        (job) => job.rooms[0].state === 'in_progress',
      );
      // It applied the file and restarted; the finished report never came.
      (rcu.firmware as { fw: string }).fw = '2.5.0';
      rcu.drop();
      const job = await ended(added.data.id);
      expect(job).toMatchObject({ state: 'finished', counts: { finished: 1 } });
      rcu.failUpgrades(null);
    }, 60_000);

    it("heeds an RCU's upgrade reports only for its own room's job, within bounds", async () => {
      const clients = await Promise.all(
        spare.map(async (room) => {
          const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
            clientId: room.rcu_id,
            username: room.rcu_id,
            password: room.device_key,
            reconnectPeriod: 0,
          });
          await client.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
          client.on('message', (_topic, payload) => {
            const command = JSON.parse(payload.toString()) as { id: string };
            client.publish(`rcu/${room.rcu_id}/up/ack`, JSON.stringify({ id: command.id, ok: true, error: null }), {
              qos: 1,
            });
          });
          await client.publishAsync(`rcu/${room.rcu_id}/up/hello`, JSON.stringify({ fw: '1.0.0' }), { qos: 1 });
          return client;
        }),
      );
      const [mine, other] = clients as [mqtt.MqttClient, mqtt.MqttClient];
      const [room, otherRoom] = spare as [(typeof spare)[0], (typeof spare)[0]];
      try {
        await until(
          'the hand-written RCUs to be online',
          () => Promise.all(spare.map((r) => app.services.live.store.get(r.id))),
          (states) => states.every((state) => state?.online === true),
        );
        const file = await upload('bin', '4.0.0', randomBytes(1000));
        const added = await call('/apis/upgradejobadd', { file_id: file.id, room_ids: [room.id], room_timeout_s: 600 });
        const job = String(added.data.id);
        await until(
          'the room to start',
          () => detail(added.data.id),
          (value) => value.rooms[0].state === 'in_progress',
        );
        const report = (client: mqtt.MqttClient, rcuId: string, body: object) =>
          client.publishAsync(`rcu/${rcuId}/up/upgrade`, JSON.stringify(body), { qos: 1 });
        // Another room's RCU naming this job, and this RCU naming a job it is not in: ignored.
        await report(other, otherRoom.rcu_id, { job, state: 'finished', progress: 100 });
        await report(mine, room.rcu_id, { job: '999999', state: 'finished', progress: 100 });
        await report(mine, room.rcu_id, { job: 'j-1', state: 'finished', progress: 100 });
        // Out of bounds: dropped by the gateway; within: kept.
        await report(mine, room.rcu_id, { job, state: 'in_progress', progress: 1e9 });
        await report(mine, room.rcu_id, { job, state: 'in_progress', progress: 42.4 });
        const midway = await until(
          'the progress',
          () => detail(added.data.id),
          (value) => value.rooms[0].progress === 42,
        );
        expect(midway.rooms[0].state).toBe('in_progress');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await detail(added.data.id)).rooms[0]).toMatchObject({ state: 'in_progress', progress: 42 });
        await report(mine, room.rcu_id, { job, state: 'failed', error: 'x'.repeat(500) });
        const failed = await ended(added.data.id);
        expect(failed.rooms[0].state).toBe('failed');
        expect(failed.rooms[0].error).toBe('x'.repeat(200));
        const rows = await t.db
          .selectFrom('rooms')
          .select(['id', 'fw'])
          .where('id', 'in', [room.id, otherRoom.id])
          .execute();
        expect(rows.every((row) => row.fw === '1.0.0')).toBe(true);
      } finally {
        await Promise.all(clients.map((client) => client.endAsync(true)));
      }
    }, 60_000);

    it('judges its failure rate batch by batch, and goes on past an accepted batch once resumed', async () => {
      const file = await upload('bin', '2.6.0', randomBytes(50_000));
      const ids = rooms.map((room) => room.id);
      // Batch 0 (rooms 0–3) clean; batch 1 (4–7) two failures of four: 50 % of that batch, 25 % of
      // the job so far. Past 30 % the job pauses after batch 1, for that batch.
      const failing = [ids[4], ids[5]] as number[];
      for (const id of failing) rcuOf(id).failUpgrades('checksum');
      const added = await call('/apis/upgradejobadd', {
        file_id: file.id,
        room_ids: ids,
        batch_size: 4,
        max_failure_pct: 30,
      });
      const jobId = added.data.id as number;
      const paused = await ended(jobId);
      expect(paused).toMatchObject({ state: 'paused', pause_reason: 'failure_rate' });
      expect(paused.counts).toMatchObject({ finished: 6, failed: 2, waiting: 2 });
      for (const id of failing) rcuOf(id).failUpgrades(null);
      // Resumed: batch 1's failures are accepted, the last batch runs, and the job finishes.
      expect((await call('/apis/upgradejobresume', { id: jobId })).code).toBe(0);
      const job = await until(
        'the job to finish',
        () => detail(jobId),
        (value) => value.state === 'finished',
      );
      expect(job.counts).toMatchObject({ finished: 8, failed: 2 });
    }, 60_000);

    it('goes on after the server restarts mid-job', async () => {
      const file = await upload('bin', '3.0.0', randomBytes(100_000));
      const ids = rooms.slice(6, 10).map((room) => room.id);
      const added = await call('/apis/upgradejobadd', {
        file_id: file.id,
        room_ids: ids,
        batch_size: 2,
        batch_pause_s: 2,
      });
      const jobId = added.data.id as number;
      await until(
        'the first batch to finish',
        () => detail(jobId),
        (job) => job.counts.finished === 2,
      );
      await app.close();
      // The same database and settings, a new process as far as the job knows.
      app = await buildApp(t.config, { db: createDatabase(t.config.database), clock: t.clock, gateway: true });
      await app.ready();
      await listen(app);
      const job = await until(
        'the job to finish after the restart',
        () => detail(jobId),
        (value) => value?.state === 'finished',
      );
      expect(job.counts).toMatchObject({ finished: 4, failed: 0 });
      for (const id of ids) expect(rcuOf(id).firmware.fw).toBe('3.0.0');
    }, 90_000);
  },
  {
    env: { MQTT_PORT: String(mqttPort), HOST: '127.0.0.1', TIMER_POLL_SECONDS: '0.2' },
    build: { gateway: true },
  },
);
