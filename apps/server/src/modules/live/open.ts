import { createMemoryBus, createRedisBus, type LiveBus } from './bus.js';
import { createMemoryStore } from './memory-store.js';
import { createRedisStore } from './redis-store.js';
import type { LiveStore } from './store.js';

/** The configured live-state store: Redis when REDIS_URL is set, memory otherwise. */
export function openLiveStore(
  redisUrl: string | null,
  onError?: (error: Error) => void,
  prefix?: string,
): Promise<LiveStore> {
  return redisUrl ? createRedisStore({ url: redisUrl, onError, prefix }) : Promise.resolve(createMemoryStore());
}

/** The bus between server instances: Redis when REDIS_URL is set, this process alone otherwise. */
export function openLiveBus(
  redisUrl: string | null,
  onError?: (error: Error) => void,
  prefix?: string,
): Promise<LiveBus> {
  return redisUrl ? createRedisBus({ url: redisUrl, onError, prefix }) : Promise.resolve(createMemoryBus());
}
