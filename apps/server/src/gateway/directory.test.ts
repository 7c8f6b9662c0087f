import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/databases.js';
import { createDeviceDirectory, LOOKUP_BATCH, WARM_PAGE } from './directory.js';

// The gateway's rcu_id → room cache. An instance that starts or joins a cluster under a fleet's
// traffic hears thousands of RCUs it has not cached at once: bench/cluster-scale.mjs saw a query
// each queue on the pool past its time-out, so that the second instance never caught up.

/** A plugin that counts the queries going through it, and fails them while `failing` is set. */
function watched(): KyselyPlugin & { queries: number; failing: boolean } {
  return {
    queries: 0,
    failing: false,
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      this.queries += 1;
      if (this.failing) throw new Error('the database is away');
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
}

describeEachDatabase('device directory', (t) => {
  it('looks the misses of one turn up together, one query per LOOKUP_BATCH rcu_ids, and keeps what it found', async () => {
    const rooms = await t.db.selectFrom('rooms').select(['id', 'rcu_id']).orderBy('id').execute();
    expect(rooms.length).toBeGreaterThan(0);
    const strangers = Array.from({ length: LOOKUP_BATCH + 1 }, (_, i) => `STRANGER${i}`);
    const ids = [...rooms.map((room) => room.rcu_id), ...strangers];
    const plugin = watched();
    const directory = createDeviceDirectory(t.db.withPlugin(plugin), t.app.deviceKeys);

    // Each RCU heard twice in the same turn (a fleet's messages read from one socket).
    const found = await Promise.all([...ids, ...ids].map((rcuId) => directory.find(rcuId)));
    expect(plugin.queries).toBe(Math.ceil(ids.length / LOOKUP_BATCH));
    const roomOf = new Map(found.map((device, i) => [[...ids, ...ids][i], device?.room_id ?? null]));
    for (const room of rooms) expect(roomOf.get(room.rcu_id)).toBe(room.id);
    for (const stranger of strangers) expect(roomOf.get(stranger)).toBeNull();

    // Found ones are cached, strangers remembered a while: no query for any of them now.
    for (const room of rooms) expect(directory.cached(room.rcu_id)?.room_id).toBe(room.id);
    expect(await Promise.all(ids.map((rcuId) => directory.find(rcuId)))).toEqual(
      ids.map((id) => found[ids.indexOf(id)]),
    );
    expect(plugin.queries).toBe(Math.ceil(ids.length / LOOKUP_BATCH));
  });

  it('a failed lookup fails every find waiting on it, and the next miss asks the database again', async () => {
    const [room] = await t.db.selectFrom('rooms').select(['id', 'rcu_id']).orderBy('id').limit(1).execute();
    if (!room) throw new Error('the demo hotel has rooms');
    const plugin = watched();
    const directory = createDeviceDirectory(t.db.withPlugin(plugin), t.app.deviceKeys);
    plugin.failing = true;
    const attempts = await Promise.allSettled([directory.find(room.rcu_id), directory.find(room.rcu_id)]);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['rejected', 'rejected']);
    expect(directory.cached(room.rcu_id)).toBeUndefined();

    plugin.failing = false;
    expect((await directory.find(room.rcu_id))?.room_id).toBe(room.id);
    expect(plugin.queries).toBe(2);
  });

  it('warm loads every room in pages of WARM_PAGE, and leaves out a room that changed while it ran', async () => {
    // More rooms than a page: the demo hotel's, and copies of its first room under new rcu_ids.
    const [first] = await t.db.selectFrom('rooms').selectAll().orderBy('id').limit(1).execute();
    if (!first) throw new Error('the demo hotel has rooms');
    const { id: _id, ...template } = first;
    const copies = Array.from({ length: WARM_PAGE }, (_, i) => ({
      ...template,
      room_num: `W${i}`,
      rcu_id: `WARM${String(i).padStart(5, '0')}`,
      mac: `02:00:00:${String(i)
        .padStart(6, '0')
        .replace(/(..)(..)(..)/, '$1:$2:$3')}`,
    }));
    for (let start = 0; start < copies.length; start += 500) {
      await t.db
        .insertInto('rooms')
        .values(copies.slice(start, start + 500))
        .execute();
    }
    const rooms = await t.db.selectFrom('rooms').select(['id', 'rcu_id']).orderBy('id').execute();
    expect(rooms.length).toBeGreaterThan(WARM_PAGE);

    const plugin = watched();
    const directory = createDeviceDirectory(t.db.withPlugin(plugin), t.app.deviceKeys);
    const changed = rooms[rooms.length - 1]?.rcu_id as string;
    const warming = directory.warm();
    directory.invalidate(changed); // its key regenerated while the pages are read
    expect(await warming).toBe(rooms.length - 1);
    expect(plugin.queries).toBe(Math.ceil(rooms.length / WARM_PAGE));

    for (const room of rooms) {
      if (room.rcu_id === changed) expect(directory.cached(room.rcu_id)).toBeUndefined();
      else expect(directory.cached(room.rcu_id)?.room_id).toBe(room.id);
    }
    const opened = directory.cached(first.rcu_id);
    expect(opened?.device_key).toBe(t.app.deviceKeys.open(first.device_key));
    expect(opened?.device_key).not.toBeNull();
    // Every later find is served from the cache; the changed one is read afresh.
    expect((await directory.find(rooms[0]?.rcu_id as string))?.room_id).toBe(rooms[0]?.id);
    expect((await directory.find(changed))?.rcu_id).toBe(changed);
    expect(plugin.queries).toBe(Math.ceil(rooms.length / WARM_PAGE) + 1);
  });
});
