import type { HelloPayload } from '@roompilot/contract';
import type { KyselyPlugin, RawNode } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Device } from '../../gateway/directory.js';
import type { Gateway, GatewayEvents } from '../../gateway/gateway.js';
import { describeEachDatabase, type TestApp } from '../../test-support/databases.js';
import { hotelWithInventory } from '../../test-support/fixtures.js';
import { multipartPayload } from '../../test-support/route-walk.js';
import { connectGateway } from './ingest.js';
import { recordVersions } from './repository.js';

// A connect storm (issue 15): thousands of RCUs say hello at once after a server or broker
// restart. Their hellos go through the ingest path (the gateway's `hello` event, as the gateway
// emits it) into the live, rent and upgrade sides; the statements the app's database runs are
// counted with Kysely's log hook, and a plugin fails the versions' write when told to.

const STORM = 2_000;
/** Statements a storm may cost in all: a small fraction of the 3 a hello had cost (6,000). */
const STATEMENTS_MAX = STORM / 20;

let counting = false;
let statements = 0;
/** The next writes of RCU versions that fail (as with a pool past its time-out). */
let failVersions = 0;

const versionsFail: KyselyPlugin = {
  transformQuery({ node }) {
    const raw = node as unknown as RawNode;
    if (failVersions > 0 && raw.kind === 'RawNode' && raw.sqlFragments[0]?.startsWith('update rooms set')) {
      failVersions -= 1;
      throw new Error('timeout exceeded when trying to connect (the test)');
    }
    return node;
  },
  transformResult: async ({ result }) => result,
};

/** Handlers of the gateway's events, and the commands the server sent down; nothing is sent anywhere. */
function testGateway() {
  const handlers = new Map<string, Set<(event: unknown) => unknown>>();
  const sent: { rcuId: string; op: string; fields: Record<string, unknown> }[] = [];
  const gateway = {
    on(name: string, handler: (event: unknown) => unknown) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler);
      handlers.set(name, set);
      return () => set.delete(handler);
    },
    async send(rcuId: string, op: string, fields: Record<string, unknown>) {
      sent.push({ rcuId, op, fields });
      return `c-${sent.length}`;
    },
    async request(rcuId: string, op: string, fields: Record<string, unknown>) {
      sent.push({ rcuId, op, fields });
      return { id: `c-${sent.length}`, ok: true, error: null };
    },
  };
  /** Emits an event as the gateway does (every handler at once) and answers when they are done. */
  const emit = <K extends keyof GatewayEvents>(name: K, event: GatewayEvents[K]) =>
    Promise.all([...(handlers.get(name) ?? [])].map((handler) => handler(event)));
  return { gateway: gateway as unknown as Gateway, emit, sent };
}

describeEachDatabase(
  'hello storms',
  (t: TestApp) => {
    let devices: Device[];
    let gateway: ReturnType<typeof testGateway>;
    let token: string;

    beforeAll(async () => {
      const inventory = await hotelWithInventory(t, 'storm');
      token = inventory.token;
      // 20 floors of 100 rooms, as a manager adds them; every room's RCU said 0.9.0 before.
      const added = await t.call('POST', '/apis/roomsadd', {
        token,
        body: {
          building_id: inventory.buildingId,
          floors: [1, STORM / 100],
          rooms: [1, 100],
          room_type_id: inventory.roomTypeId,
          pattern: 'S{floor:2}{room:3}',
        },
      });
      expect(added.code, added.message).toBe(0);
      await t.db
        .updateTable('rooms')
        .set({ fw: '0.9.0', cfg: 'c0', ir: 'i0' })
        .where('hotel_id', '=', inventory.hotelId)
        .execute();
      const rooms = await t.db
        .selectFrom('rooms')
        .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num', 'rcu_id'])
        .where('hotel_id', '=', inventory.hotelId)
        .orderBy('room_num')
        .execute();
      devices = rooms.map((room) => ({ room_id: room.id, ...room, device_key: null }));
      expect(devices).toHaveLength(STORM);
      // Every third room is checked in: its RCU is told so again when it says hello.
      await t.db
        .updateTable('rooms')
        .set({ rent: 'checked_in' })
        .where(
          'id',
          'in',
          devices.filter((_, i) => i % 3 === 0).map((device) => device.room_id),
        )
        .execute();
      gateway = testGateway();
      connectGateway(gateway.gateway, t.app.services);
    });

    /** Every room's RCU says hello at once; answers the statements the storm cost. */
    async function storm(hello: (device: Device, index: number) => HelloPayload): Promise<number> {
      statements = 0;
      counting = true;
      try {
        const at = t.clock();
        await Promise.all(
          devices.map((device, index) => gateway.emit('hello', { device, hello: hello(device, index), at })),
        );
        await t.app.services.live.versionsWritten();
        return statements;
      } finally {
        counting = false;
      }
    }

    const versionsOf = async () =>
      new Map(
        (
          await t.db
            .selectFrom('rooms')
            .select(['id', 'fw', 'cfg', 'ir'])
            .where(
              'id',
              'in',
              devices.map((device) => device.room_id),
            )
            .execute()
        ).map((room) => [room.id, room]),
      );

    it('records every room’s versions, shows it online at once and resends its rent, in a few statements', async () => {
      const rentsBefore = gateway.sent.length;
      const cost = await storm(() => ({ fw: '1.0.0', cfg: 'c1', ir: 'i1' }));
      const versions = await versionsOf();
      expect([...versions.values()].every((room) => room.fw === '1.0.0' && room.cfg === 'c1' && room.ir === 'i1')).toBe(
        true,
      );
      const online = await Promise.all(devices.map((device) => t.app.services.live.store.get(device.room_id)));
      expect(online.every((room) => room?.online === true)).toBe(true);
      const rents = gateway.sent.slice(rentsBefore).filter((command) => command.op === 'rent');
      expect(rents.map((command) => command.rcuId).sort()).toEqual(
        devices
          .filter((_, i) => i % 3 === 0)
          .map((device) => device.rcu_id)
          .sort(),
      );
      expect(rents.every((command) => command.fields.rent === 'checked_in')).toBe(true);
      expect(cost).toBeLessThanOrEqual(STATEMENTS_MAX);
    }, 120_000);

    it('writes only the rooms whose versions changed (a version left out keeps the room’s)', async () => {
      const [a, b, c] = devices as [Device, Device, Device];
      const written = await recordVersions(t.db, [
        { room_id: a.room_id, fw: '1.0.0', cfg: 'c1', ir: 'i1' },
        { room_id: b.room_id, fw: '1.0.0', cfg: null, ir: null },
        { room_id: c.room_id, fw: '1.0.1', cfg: null, ir: 'i2' },
      ]);
      expect(written).toBe(1);
      const versions = await versionsOf();
      expect(versions.get(b.room_id)).toMatchObject({ fw: '1.0.0', cfg: 'c1', ir: 'i1' });
      expect(versions.get(c.room_id)).toMatchObject({ fw: '1.0.1', cfg: 'c1', ir: 'i2' });
    });

    it('finishes the rooms of an upgrade job whose hello says the new version', async () => {
      const form = multipartPayload({
        fields: { kind: 'bin', version: '2.0.0' },
        file: { filename: 'fw.bin', content: Buffer.from('firmware 2.0.0') },
      });
      const file = await t.call('POST', '/apis/upgradefileadd', {
        token,
        payload: form.payload,
        headers: form.headers,
      });
      expect(file.code, file.message).toBe(0);
      const upgraded = devices.slice(0, 20);
      const added = await t.call('POST', '/apis/upgradejobadd', {
        token,
        body: {
          file_id: file.data.id,
          room_ids: upgraded.map((device) => device.room_id),
          batch_size: 20,
          force: true,
          room_timeout_s: 600,
        },
      });
      expect(added.code, added.message).toBe(0);
      const jobId = added.data.id as number;
      await t.app.services.upgrades.tick(jobId);
      const detail = async () => (await t.call('POST', '/apis/upgradejobdetail', { token, body: { id: jobId } })).data;
      expect((await detail()).counts).toMatchObject({ in_progress: 20 });

      // The 20 rooms' RCUs restarted on the new firmware; their `finished` reports were lost.
      const cost = await storm((_device, index) => ({ fw: index < 20 ? '2.0.0' : '1.0.0', cfg: 'c1', ir: 'i1' }));
      await t.app.services.upgrades.tick(jobId);
      const job = await detail();
      expect(job).toMatchObject({ state: 'finished', counts: { finished: 20, in_progress: 0 } });
      const versions = await versionsOf();
      expect(upgraded.every((device) => versions.get(device.room_id)?.fw === '2.0.0')).toBe(true);
      expect(versions.get(devices[20]?.room_id as number)?.fw).toBe('1.0.0');
      // The 20 rooms' ends cost statements of their own (the job, the room, its event, its version).
      expect(cost).toBeLessThanOrEqual(STATEMENTS_MAX + 20 * 10);
    }, 120_000);

    it('tries a failed write of versions again with the next batch', async () => {
      failVersions = 1;
      const first = devices.slice(0, 500);
      const at = t.clock();
      await Promise.all(
        first.map((device) => gateway.emit('hello', { device, hello: { fw: '3.0.0', cfg: 'c3' }, at })),
      );
      // The first batch failed (nothing written); the next hellos come while it waits to be tried again.
      while (failVersions > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      let versions = await versionsOf();
      expect(first.some((device) => versions.get(device.room_id)?.fw === '3.0.0')).toBe(false);
      const next = devices.slice(500, 700);
      await Promise.all(next.map((device) => gateway.emit('hello', { device, hello: { fw: '3.0.0', cfg: 'c3' }, at })));
      await t.app.services.live.versionsWritten();
      versions = await versionsOf();
      expect([...first, ...next].every((device) => versions.get(device.room_id)?.fw === '3.0.0')).toBe(true);
      expect(versions.get(devices[0]?.room_id as number)).toMatchObject({ cfg: 'c3', ir: 'i1' });
    }, 60_000);
  },
  {
    kysely: {
      log: () => {
        if (counting) statements += 1;
      },
      plugins: [versionsFail],
    },
  },
);
