import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { throttledLogs } from '../../log-throttle.js';

/**
 * Background work that runs once in the cluster, not once per server instance: each round, an
 * instance takes (or keeps) the job's lease in the database and runs the work only if it holds
 * it. The holder renews it every round; if it stops (stopped, killed), the lease runs out after
 * two rounds and the next instance to look takes the work over. One instance alone always holds it.
 */
export interface ClusterJob {
  /** The job's name (`alerts:sweep`): one lease per name. */
  name: string;
  everyMs: number;
  work: () => Promise<unknown>;
}

export class ClusterLeases {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #log: { error(object: object, message: string): void };
  /** This instance, as the lease names its holder. */
  readonly holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  readonly #intervals = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<void>>();
  /** A job that fails every round (its data store away) is said once a minute, with the rounds since. */
  readonly #failed = throttledLogs(60_000);

  constructor(options: { db: Kysely<Database>; clock: Clock; log?: { error(object: object, message: string): void } }) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#log = options.log ?? { error() {} };
  }

  /**
   * Takes the lease of `name` for `ms` if it is free, run out, or this instance's already; true
   * if this instance holds it now. One statement: two instances asking at once cannot both win.
   */
  async take(name: string, ms: number): Promise<boolean> {
    const now = this.#clock();
    const expires = new Date(now.getTime() + ms).toISOString();
    const result = await this.#db
      .insertInto('cluster_leases')
      .values({ name, holder: this.holder, expires_at: expires })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: expires })
          .where((eb) =>
            eb.or([
              eb('cluster_leases.holder', '=', this.holder),
              eb('cluster_leases.expires_at', '<=', now.toISOString()),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Gives the lease up (at a clean stop): another instance takes the work at its next round. */
  async release(name: string): Promise<void> {
    await this.#db.deleteFrom('cluster_leases').where('name', '=', name).where('holder', '=', this.holder).execute();
  }

  /** One round of a job: its work if this instance holds (or takes) its lease. */
  async round(job: ClusterJob): Promise<boolean> {
    if (!(await this.take(job.name, job.everyMs * 2))) return false;
    await job.work();
    return true;
  }

  /** Runs `job` every `everyMs` on whichever instance holds its lease, until `stop`. */
  every(job: ClusterJob): void {
    let busy = false;
    const interval = setInterval(() => {
      // A round still at work (a long sweep) is not joined by the next one.
      if (busy) return;
      busy = true;
      const run = this.round(job)
        .then(() => undefined)
        .catch((error: unknown) =>
          this.#failed(job.name, (since) =>
            this.#log.error({ err: error, job: job.name, failed_since_last: since }, 'cluster job failed'),
          ),
        )
        .finally(() => {
          busy = false;
          this.#running.delete(run);
        });
      this.#running.add(run);
    }, job.everyMs);
    interval.unref();
    this.#intervals.add(interval);
  }

  /** Stops every job, waits for rounds in progress and gives up this instance's leases. */
  async stop(): Promise<void> {
    for (const interval of this.#intervals) clearInterval(interval);
    this.#intervals.clear();
    await Promise.all(this.#running);
    await this.#db.deleteFrom('cluster_leases').where('holder', '=', this.holder).execute();
  }
}
