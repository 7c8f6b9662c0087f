import { channelListeners, connectPair, DEFAULT_PREFIX, type LiveRedisOptions, pingPair } from './redis.js';

/**
 * Messages between the server instances: alerts raised and confirmed, sessions ended, users'
 * permissions changed. In one process a bus delivers at once; with Redis every instance that
 * shares it (and its prefix) gets every message, its own included, once.
 */
export type BusListener = (message: unknown) => void;

export interface LiveBus {
  publish(topic: BusTopic, message: unknown): Promise<void>;
  /** Resolves once listening; answers a function that stops. */
  subscribe(topic: BusTopic, listener: BusListener): Promise<() => void>;
  /** Resolves when the bus can carry messages (Redis: both its connections are up and it answers PING). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type BusTopic = 'alerts' | 'sessions' | 'upgrades' | 'perms';

export function createMemoryBus(): LiveBus {
  const listeners = new Map<BusTopic, Set<BusListener>>();
  return {
    async publish(topic, message) {
      for (const listener of listeners.get(topic) ?? []) listener(message);
    },
    async subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    async ping() {},
    async close() {
      listeners.clear();
    },
  };
}

export async function createRedisBus(options: LiveRedisOptions): Promise<LiveBus> {
  const { prefix = DEFAULT_PREFIX, onError = () => {} } = options;
  const { commands: publisher, subscriber } = await connectPair(options, {});
  const channelOf = (topic: BusTopic) => `${prefix}bus:${topic}`;
  const channels = channelListeners<BusListener>(subscriber);
  subscriber.on('message', (channel: string, text: string) => {
    const set = channels.of(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      onError(error as Error);
      return;
    }
    for (const listener of set) listener(message);
  });
  return {
    async publish(topic, message) {
      await publisher.publish(channelOf(topic), JSON.stringify(message));
    },
    subscribe: (topic, listener) => channels.add(channelOf(topic), listener),
    ping: () => pingPair(publisher, subscriber),
    async close() {
      channels.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
