import { randomUUID } from 'node:crypto';
import { channelListeners, connectPair, DEFAULT_PREFIX, type LiveRedisOptions, pingPair } from './redis.js';

/**
 * Messages between the server instances: alerts raised and confirmed, sessions ended, users'
 * permissions changed. In one process a bus delivers at once; with Redis every instance that
 * shares it (and its prefix) gets every message, its own included, once: its own at once, as it is
 * published (an SOS reaches this instance's consoles without a round trip through Redis, which
 * under load waited for two more turns of a busy event loop), the others' through Redis. A message
 * published while Redis is away is kept and sent when it is back: an SOS stored meanwhile still
 * reaches the other instances' consoles, whose sockets stay open.
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

/** Messages kept while Redis is away, oldest dropped past it (an alert is also in the database). */
export const BUS_PENDING_MAX = 10_000;
/** How often kept messages are tried again while Redis is away. */
const BUS_RETRY_MS = 500;

export async function createRedisBus(options: LiveRedisOptions): Promise<LiveBus> {
  const { prefix = DEFAULT_PREFIX, onError = () => {} } = options;
  // No offline queue: a message published while Redis is away is kept here instead, and sent once
  // both connections are back (the subscriber's channels subscribed again), in order: sent by
  // ioredis's own queue at reconnection, it could reach Redis before this instance listens again.
  const { commands: publisher, subscriber } = await connectPair(options, { enableOfflineQueue: false });
  const channelOf = (topic: BusTopic) => `${prefix}bus:${topic}`;
  const channels = channelListeners<BusListener>(subscriber);
  // On Redis, each message says which instance sent it: an instance skips its own (delivered at once).
  const origin = randomUUID();
  const pending: { channel: string; text: string }[] = [];
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  async function flush(): Promise<void> {
    retry = null;
    try {
      await pingPair(publisher, subscriber);
      while (pending.length > 0) {
        const next = pending[0] as { channel: string; text: string };
        await publisher.publish(next.channel, next.text);
        pending.shift();
      }
    } catch {
      if (!closed) retry = setTimeout(() => void flush(), BUS_RETRY_MS);
    }
  }

  function keep(channel: string, text: string): void {
    pending.push({ channel, text });
    if (pending.length > BUS_PENDING_MAX) pending.shift();
    if (!retry && !closed) retry = setTimeout(() => void flush(), BUS_RETRY_MS);
  }

  function deliver(listener: BusListener, message: unknown): void {
    try {
      listener(message);
    } catch (error) {
      onError(error as Error);
    }
  }

  subscriber.on('message', (channel: string, text: string) => {
    const set = channels.of(channel);
    if (!set) return;
    let sent: { from?: unknown; message?: unknown };
    try {
      sent = JSON.parse(text);
    } catch (error) {
      onError(error as Error);
      return;
    }
    if (sent.from === origin) return;
    for (const listener of set) deliver(listener, sent.message);
  });
  return {
    async publish(topic, message) {
      const channel = channelOf(topic);
      const text = JSON.stringify({ from: origin, message });
      // This instance's listeners first, with a copy of the message as Redis would give them.
      const own = channels.of(channel);
      if (own && own.size > 0) {
        const copy = (JSON.parse(text) as { message: unknown }).message;
        for (const listener of own) deliver(listener, copy);
      }
      if (pending.length > 0) {
        keep(channel, text);
        return;
      }
      try {
        await publisher.publish(channel, text);
      } catch (error) {
        keep(channel, text);
        onError(error as Error);
      }
    },
    subscribe: (topic, listener) => channels.add(channelOf(topic), listener),
    ping: () => pingPair(publisher, subscriber),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      channels.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
