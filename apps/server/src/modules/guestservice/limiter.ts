/**
 * Token buckets by key, in memory: `burst` calls at once, then one every `intervalMs`. Nothing in
 * the server limited plain HTTP calls by caller before (the login throttle counts failures in the
 * database, the gateway's RcuBudget counts MQTT messages of connected RCUs), so this is small and
 * its own. Per server instance: behind a load balancer each instance allows its share. At most
 * `maxKeys` keys are kept (the oldest go first), so a stranger sending made-up rcu_ids cannot
 * grow it without bound.
 */
export class RateLimiter {
  readonly #burst: number;
  readonly #intervalMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor({
    burst,
    intervalMs,
    now,
    maxKeys = 100_000,
  }: {
    burst: number;
    intervalMs: number;
    now: () => number;
    maxKeys?: number;
  }) {
    this.#burst = burst;
    this.#intervalMs = intervalMs;
    this.#maxKeys = maxKeys;
    this.#now = now;
  }

  /** The key's bucket refilled to now. */
  #bucket(key: string) {
    const now = this.#now();
    const bucket = this.#buckets.get(key);
    if (!bucket) return { tokens: this.#burst, at: now };
    const tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) / this.#intervalMs);
    return { tokens, at: now };
  }

  /** Milliseconds until the key may call again; 0 when it may now (nothing is taken). */
  wait(key: string): number {
    const { tokens } = this.#bucket(key);
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) * this.#intervalMs);
  }

  /** Takes a call from the key's bucket: 0 when it passes, else the milliseconds to wait. */
  take(key: string): number {
    const bucket = this.#bucket(key);
    if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) * this.#intervalMs);
    bucket.tokens -= 1;
    this.#buckets.delete(key);
    if (this.#buckets.size >= this.#maxKeys) this.#buckets.delete(this.#buckets.keys().next().value as string);
    this.#buckets.set(key, bucket);
    return 0;
  }
}
