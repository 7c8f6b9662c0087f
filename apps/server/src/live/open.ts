import { createMemoryStore } from './memory-store.js';
import { createRedisStore } from './redis-store.js';
import type { LiveStore } from './store.js';

/** The configured live-state store: Redis when REDIS_URL is set, memory otherwise. */
export function openLiveStore(redisUrl: string | null, onError?: (error: Error) => void): Promise<LiveStore> {
  return redisUrl ? createRedisStore({ url: redisUrl, onError }) : Promise.resolve(createMemoryStore());
}
