/** Keys of one batch at most (one statement each: far under SQLite's and PostgreSQL's limits). */
export const BATCH_MAX = 500;

export interface BatcherOptions<K, I, R> {
  /**
   * Does a batch (one statement, as a rule) and answers each key's result (a key left out:
   * undefined). Throws: the whole batch is tried again with the next one.
   */
  run(items: ReadonlyMap<K, I>): Promise<ReadonlyMap<K, R> | undefined>;
  /** Keys of one batch at most (BATCH_MAX). */
  max?: number;
  /** How long the first key of a batch waits for others, in ms (0: to the end of this turn of the event loop). */
  waitMs?: number;
  /** Tries of a key, the first included, before its callers are given the error (5). */
  attempts?: number;
  /** After a batch failed, the next one waits this long (ms), whatever comes meanwhile (1,000). */
  retryMs?: number;
  /** Hears of each batch that failed: the keys given up (tried `attempts` times) and those to be tried again. */
  onError?(error: unknown, failed: { givenUp: number; again: number }): void;
}

interface Waiting<I, R> {
  item: I;
  /** Batches this key failed in. */
  failures: number;
  callers: { resolve(result: R | undefined): void; reject(error: unknown): void }[];
}

/**
 * Work asked for key by key (a room's hello: its versions, its rent, its upgrade), done for many
 * keys at once: the keys that come within a short window (one turn of the event loop, or
 * `waitMs`), up to `max` of them, go to `run` together, one batch at a time; what comes meanwhile
 * waits for the next batch, so a storm of N keys costs about N / max batches. A key asked again
 * while it waits is done once, with the later item. A batch that fails is tried again with the
 * next one, after `retryMs`, up to `attempts` tries of each key: nothing is lost to a moment
 * without the database (a pool past its time-out), and nothing retries for ever.
 */
export class Batcher<K, I, R = void> {
  readonly #run: BatcherOptions<K, I, R>['run'];
  readonly #max: number;
  readonly #waitMs: number;
  readonly #attempts: number;
  readonly #retryMs: number;
  readonly #onError: BatcherOptions<K, I, R>['onError'];
  #waiting = new Map<K, Waiting<I, R>>();
  /** The batch being run, if any. */
  #running: Promise<void> | null = null;
  #timer: { cancel(): void } | null = null;
  /** No batch starts before this time (ms; after a failure). */
  #notBefore = 0;

  constructor(options: BatcherOptions<K, I, R>) {
    this.#run = options.run;
    this.#max = options.max ?? BATCH_MAX;
    this.#waitMs = options.waitMs ?? 0;
    this.#attempts = options.attempts ?? 5;
    this.#retryMs = options.retryMs ?? 1_000;
    this.#onError = options.onError;
  }

  /** Keys waiting for a batch (or for a batch to be tried again). */
  get waiting(): number {
    return this.#waiting.size;
  }

  /** Asks for `key`'s work, with `item`; answers its result once its batch is done. */
  add(key: K, item: I): Promise<R | undefined> {
    return new Promise<R | undefined>((resolve, reject) => {
      const waiting = this.#waiting.get(key);
      if (waiting) {
        waiting.item = item;
        waiting.failures = 0;
        waiting.callers.push({ resolve, reject });
      } else {
        this.#waiting.set(key, { item, failures: 0, callers: [{ resolve, reject }] });
      }
      this.#schedule();
    });
  }

  /** Runs what waits now, in batches, not waiting after a failure; resolves once all is done or given up. */
  async flush(): Promise<void> {
    while (this.#running || this.#waiting.size > 0) await (this.#running ?? this.#start());
  }

  #clearTimer(): void {
    this.#timer?.cancel();
    this.#timer = null;
  }

  /** The next batch starts after the window (or after the pause that follows a failure). */
  #schedule(): void {
    if (this.#running || this.#timer !== null || this.#waiting.size === 0) return;
    const pause = this.#notBefore - Date.now();
    const start = () => {
      this.#timer = null;
      void this.#start();
    };
    const delay = pause > 0 ? pause : this.#waitMs;
    if (delay > 0) {
      const timeout = setTimeout(start, delay).unref();
      this.#timer = { cancel: () => clearTimeout(timeout) };
    } else {
      const immediate = setImmediate(start);
      this.#timer = { cancel: () => clearImmediate(immediate) };
    }
  }

  #start(): Promise<void> {
    if (this.#running) return this.#running;
    this.#clearTimer();
    const batch = new Map<K, Waiting<I, R>>();
    for (const [key, waiting] of this.#waiting) {
      batch.set(key, waiting);
      this.#waiting.delete(key);
      if (batch.size >= this.#max) break;
    }
    this.#running = this.#runBatch(batch).finally(() => {
      this.#running = null;
      this.#schedule();
    });
    return this.#running;
  }

  async #runBatch(batch: Map<K, Waiting<I, R>>): Promise<void> {
    if (batch.size === 0) return;
    let results: ReadonlyMap<K, R> | undefined;
    try {
      results = await this.#run(new Map([...batch].map(([key, waiting]) => [key, waiting.item])));
    } catch (error) {
      this.#failed(batch, error);
      return;
    }
    this.#notBefore = 0;
    for (const [key, waiting] of batch) for (const caller of waiting.callers) caller.resolve(results?.get(key));
  }

  /** The batch's keys go before what came meanwhile (a key asked again meanwhile: the later item). */
  #failed(batch: Map<K, Waiting<I, R>>, error: unknown): void {
    const again = new Map<K, Waiting<I, R>>();
    let givenUp = 0;
    for (const [key, waiting] of batch) {
      const later = this.#waiting.get(key);
      if (later) {
        later.callers.unshift(...waiting.callers);
        continue;
      }
      waiting.failures += 1;
      if (waiting.failures >= this.#attempts) {
        givenUp += 1;
        for (const caller of waiting.callers) caller.reject(error);
      } else {
        again.set(key, waiting);
      }
    }
    for (const [key, waiting] of this.#waiting) again.set(key, waiting);
    this.#waiting = again;
    this.#notBefore = Date.now() + this.#retryMs;
    this.#onError?.(error, { givenUp, again: batch.size - givenUp });
  }
}
