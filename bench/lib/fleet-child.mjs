// The simulator's RCUs (@roompilot/rcu-sim) in a process of their own, so that their work (an
// upgrade's download and SHA-256 of every room) is not timed as the server's or the bench's.
import { runFleet } from '@roompilot/rcu-sim';
import { serve } from './harness.mjs';

let fleet;

serve({
  async start({ url, rooms }) {
    fleet = await runFleet({ url, rooms, speed: 1, rates: { sos: 0, drop: 0, fail: 0 }, concurrency: 50 });
    return { connected: fleet.rcus.length, failed: fleet.failed.length };
  },
  async exit() {
    await fleet?.stop();
  },
});
