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
import { createDeviceDirectory, LOOKUP_BATCH } from './directory.js';

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
});
