import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The places a job's downloads may take at once (its `max_downloads`), counted across every
 * server instance: with Redis, a sorted set per job of leases that run out by themselves (an
 * instance that dies mid-download frees its places within a lease); alone, a count in memory.
 */
export interface DownloadSlots {
  /** A place of the job's `cap`, or null when all are taken; the lease is held until `release`. */
  take(jobId: number, cap: number): Promise<DownloadLease | null>;
  close(): Promise<void>;
}

export interface DownloadLease {
  release(): void;
}

/** How long a lease lasts unless renewed; a download renews it every third of that. */
export const DOWNLOAD_LEASE_MS = 60_000;

export function createMemorySlots(): DownloadSlots {
  const taken = new Map<number, number>();
  return {
    async take(jobId, cap) {
      const count = taken.get(jobId) ?? 0;
      if (count >= cap) return null;
      taken.set(jobId, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (taken.get(jobId) ?? 1) - 1;
          if (left <= 0) taken.delete(jobId);
          else taken.set(jobId, left);
        },
      };
    },
    async close() {
      taken.clear();
    },
  };
}

// KEYS[1] the job's set; ARGV: now, cap, lease ms, member. Leases past their time go first.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Leases in Redis (`{prefix}upgrade:downloads:{job}`), shared by the instances using the same
 * Redis and prefix. Redis unreachable: the download is answered anyway (this instance's own count
 * still caps it), since refusing every RCU for a Redis hiccup would fail the rollout.
 */
export function createRedisSlots(
  redis: Redis,
  prefix: string,
  onError: (error: unknown) => void,
  leaseMs = DOWNLOAD_LEASE_MS,
): DownloadSlots {
  const local = createMemorySlots();
  const renewals = new Set<NodeJS.Timeout>();
  return {
    async take(jobId, cap) {
      const key = `${prefix}upgrade:downloads:${jobId}`;
      const member = randomUUID();
      let granted: unknown;
      try {
        granted = await redis.eval(TAKE, 1, key, Date.now(), cap, leaseMs, member);
      } catch (error) {
        onError(error);
        return local.take(jobId, cap);
      }
      if (granted !== 1) return null;
      const renew = setInterval(() => {
        redis.zadd(key, 'XX', Date.now() + leaseMs, member).catch(onError);
        redis.pexpire(key, leaseMs).catch(onError);
      }, leaseMs / 3);
      renew.unref();
      renewals.add(renew);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          clearInterval(renew);
          renewals.delete(renew);
          redis.zrem(key, member).catch(onError);
        },
      };
    },
    async close() {
      for (const renew of renewals) clearInterval(renew);
      renewals.clear();
      redis.disconnect();
    },
  };
}

/** The configured slots: in Redis when REDIS_URL is set (shared by the instances), else in memory. */
export function openDownloadSlots(redisUrl: string | null, prefix: string, onError: (error: unknown) => void) {
  if (!redisUrl) return createMemorySlots();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', onError);
  return createRedisSlots(redis, prefix, onError);
}
