import type { ClusterLeases } from '../modules/timers/leases.js';
import type { DeviceChange, DeviceSync, SyncResult } from './dynsec.js';

/**
 * Keeps the outside broker's devices following the rooms: each room change is told to the broker
 * at once (the call that made it waits for that, at most `waitMs`), and a full reconcile runs once
 * in the cluster at start and every `everyMs` (on the instance holding the lease), which also
 * repairs whatever was missed while the broker was away. What one instance could not tell the
 * broker it tells again when its connection comes back.
 */
export interface DeviceFollower {
  /** These RCUs' rooms changed (added, key, rcu_id, deleted): the broker is told now. */
  tell(rcuIds: readonly string[], change: DeviceChange): Promise<void>;
  /** The reconcile, if this instance holds (or takes) its lease; false when another instance does. */
  reconcile(): Promise<boolean>;
  /** The reconcile at start (in the background) and then periodically. */
  start(): void;
  /** The control connection came back: what failed is told again, and the lease holder reconciles. */
  reconnected(): void;
}

export const RECONCILE_JOB = 'devices:broker-sync';
/** RCUs remembered for a retry; past this the periodic reconcile repairs the rest. */
const PENDING_MAX = 100_000;

export interface FollowOptions {
  sync: DeviceSync;
  leases: ClusterLeases;
  everyMs: number;
  /** How long a call that changed rooms waits for the broker before answering anyway. */
  waitMs?: number;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

export function followDevices({ sync, leases, everyMs, waitMs = 5_000, log }: FollowOptions): DeviceFollower {
  const pending = new Set<string>();

  function failed(rcuIds: readonly string[], error: unknown): void {
    for (const rcuId of rcuIds) if (pending.size < PENDING_MAX) pending.add(rcuId);
    log.warn(
      { err: error, rcu_ids: rcuIds.slice(0, 20), count: rcuIds.length },
      'device sync: the broker was not told of these devices; told again when it is back, and at the next reconcile',
    );
  }

  function said(result: SyncResult, what: string): void {
    if (result.unreadable > 0) {
      log.error(
        { rooms: result.unreadable },
        "device sync: these rooms' keys do not open with this server's device-key secret: their broker clients are left as they are",
      );
    }
    if (result.created + result.updated + result.removed > 0) log.info({ ...result }, what);
  }

  const job = {
    name: RECONCILE_JOB,
    everyMs,
    work: async () => {
      const result = await sync.reconcile();
      said(result, 'device sync: the broker reconciled with the rooms');
    },
  };

  return {
    async tell(rcuIds, change) {
      if (rcuIds.length === 0) return;
      const told = sync.sync(rcuIds, change).then(
        (result) => said(result, 'device sync: the broker told'),
        (error: unknown) => failed(rcuIds, error),
      );
      // A large change (a hotel deleted) goes on in the background past the wait.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([told, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    },

    reconcile: () => leases.round(job),

    start() {
      leases
        .round(job)
        .catch((error: unknown) =>
          log.error({ err: error, job: job.name }, 'device sync: the reconcile at start failed'),
        );
      leases.every(job);
    },

    reconnected() {
      const again = [...pending];
      pending.clear();
      if (again.length > 0) {
        sync.sync(again).then(
          (result) => said(result, 'device sync: the broker told again'),
          (error: unknown) => failed(again, error),
        );
      }
      leases
        .round(job)
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'device sync: the reconcile failed'));
    },
  };
}
