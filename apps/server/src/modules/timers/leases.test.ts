import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { ClusterLeases } from './leases.js';

// Background work once in the cluster: two "instances" (two ClusterLeases on one database) ask for
// the same job's lease; one holds it, renews it, and loses it only once it has run out.
describeEachDatabase(
  'cluster leases',
  (t) => {
    it('lets one instance hold a job, renew it, and another take it over once it has run out', async () => {
      const a = new ClusterLeases({ db: t.db, clock: t.clock });
      const b = new ClusterLeases({ db: t.db, clock: t.clock });
      expect(await a.take('job', 30_000)).toBe(true);
      expect(await b.take('job', 30_000)).toBe(false);
      // Another job is free.
      expect(await b.take('other', 30_000)).toBe(true);
      t.clock.advance(20_000);
      expect(await a.take('job', 30_000)).toBe(true);
      t.clock.advance(20_000);
      // A renewed 20 s ago: still its own.
      expect(await b.take('job', 30_000)).toBe(false);
      // A stops renewing (killed): past its lease, B takes the job, and A no longer holds it.
      t.clock.advance(30_000);
      expect(await b.take('job', 30_000)).toBe(true);
      expect(await a.take('job', 30_000)).toBe(false);
      // A clean stop gives up only the stopping instance's leases.
      await a.stop();
      expect(await a.take('job', 30_000)).toBe(false);
      await b.stop();
      expect(await a.take('job', 30_000)).toBe(true);
      await a.stop();
    });

    it('runs a round of work only on the instance holding the lease', async () => {
      const a = new ClusterLeases({ db: t.db, clock: t.clock });
      const b = new ClusterLeases({ db: t.db, clock: t.clock });
      const ran: string[] = [];
      const job = (who: string) => ({ name: 'sweep', everyMs: 15_000, work: async () => void ran.push(who) });
      expect(await a.round(job('a'))).toBe(true);
      expect(await b.round(job('b'))).toBe(false);
      expect(await a.round(job('a'))).toBe(true);
      t.clock.advance(31_000);
      expect(await b.round(job('b'))).toBe(true);
      expect(ran).toEqual(['a', 'a', 'b']);
      await Promise.all([a.stop(), b.stop()]);
    });
  },
  { demo: false },
);
