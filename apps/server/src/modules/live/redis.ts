import { Redis, type RedisOptions } from 'ioredis';
import { redactUrl } from '../../secrets.js';

/** Where the live state and the bus live in Redis, shared by every instance with the same prefix. */
export interface LiveRedisOptions {
  url: string;
  /** Prefix of every key and channel (tests use their own). */
  prefix?: string;
  /** Connection trouble after the start (ioredis reconnects by itself). */
  onError?: (error: Error) => void;
}

export const DEFAULT_PREFIX = 'rp:live:';

/**
 * A connection for commands and one for subscriptions (a subscribed Redis connection takes no
 * other command), both connected; a clear error naming the URL (its password masked) when Redis is
 * not reachable.
 */
export async function connectPair(
  { url, onError = () => {} }: LiveRedisOptions,
  commands: RedisOptions,
): Promise<{ commands: Redis; subscriber: Redis }> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, ...commands });
  const subscriber = new Redis(url, { lazyConnect: true });
  client.on('error', onError);
  subscriber.on('error', onError);
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${redactUrl(url)} is not reachable: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
  return { commands: client, subscriber };
}

/**
 * Resolves when both connections of a pair are up and Redis answers PING. Nothing is queued while
 * ioredis reconnects: the question is whether Redis answers now.
 */
export async function pingPair(commands: Redis, subscriber: Redis): Promise<void> {
  for (const connection of [commands, subscriber]) {
    if (connection.status !== 'ready') throw new Error(`not connected (${connection.status})`);
  }
  await commands.ping();
}

/**
 * The listeners of a subscriber connection's channels: the first listener of a channel subscribes
 * to it, the last one gone unsubscribes.
 */
export function channelListeners<Listener>(subscriber: Redis) {
  const listeners = new Map<string, Set<Listener>>();
  const subscribed = new Map<string, Promise<unknown>>();
  return {
    of: (channel: string): ReadonlySet<Listener> | undefined => listeners.get(channel),

    /** Resolves once the channel is subscribed; answers how to take the listener off again. */
    async add(channel: string, listener: Listener): Promise<() => Promise<void>> {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        subscribed.set(channel, subscriber.subscribe(channel));
      }
      set.add(listener);
      await subscribed.get(channel);
      const own = set;
      return async () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(channel) === own) {
          listeners.delete(channel);
          subscribed.delete(channel);
          await subscriber.unsubscribe(channel);
        }
      };
    },

    clear: () => listeners.clear(),
  };
}
