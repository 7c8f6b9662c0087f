import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import * as repository from './repository.js';

/** What a module asks for: fire `kind`'s handler with `data` at `due_at`, unless replaced or cancelled first. */
export interface TimerSpec {
  /** Unique name of the timer (e.g. `policy:setback:42`): setting a key again replaces its timer. */
  key: string;
  hotel_id: number;
  /** The room it is about, if any (the timer goes when the room is deleted). */
  room_id: number | null;
  kind: string;
  due_at: Date;
  data?: Record<string, unknown>;
}

/** A timer as its handler receives it, once it is due and claimed. */
export interface FiredTimer {
  key: string;
  hotel_id: number;
  room_id: number | null;
  kind: string;
  /** ISO time it was due (it may fire later: the poll's interval, a restart). */
  due_at: string;
  data: Record<string, unknown>;
}

export type TimerHandler = (timer: FiredTimer) => Promise<void>;

export interface TimerServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  log?: { error(object: object, message: string): void };
  /** How long a claim holds (TIMER_CLAIM_MS unless set: TIMER_CLAIM_SECONDS). */
  claimMs?: number;
}

/** Due timers read per round of a poll. */
const BATCH = 100;
/**
 * How long a claim holds: an instance killed while firing a timer leaves it claimed, and another
 * fires it once this has passed. A handler taking longer may see its timer fired twice, so
 * handlers are written to be repeated (they look at the state, not at how often they ran).
 */
export const TIMER_CLAIM_MS = 120_000;

/**
 * Persistent timers: each is a row of the `timers` table, so a timer set before a restart fires
 * after it. A poll (`start`) reads the due rows of the kinds this instance handles and claims each
 * for `TIMER_CLAIM_MS`, so with several server instances every timer fires once, on the instance
 * that claimed it; the row goes once its handler has run. An instance killed in the middle of a
 * handler leaves the row claimed, and another instance fires it when the claim runs out. A handler
 * that fails is logged; its timer is not retried (it ran).
 *
 * Usage: register a handler per kind once (`on`), then `set` and `cancel` timers by key.
 */
export class TimerService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #log: { error(object: object, message: string): void };
  readonly #handlers = new Map<string, TimerHandler>();
  readonly #claimMs: number;
  #poller: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor({ db, clock, log = { error() {} }, claimMs = TIMER_CLAIM_MS }: TimerServiceOptions) {
    this.#db = db;
    this.#claimMs = claimMs;
    this.#clock = clock;
    this.#log = log;
  }

  /** Fires `kind`'s due timers through `handler` (one handler per kind); answers a function that removes it. */
  on(kind: string, handler: TimerHandler): () => void {
    if (this.#handlers.has(kind)) throw new Error(`timers: a handler for '${kind}' is registered already`);
    this.#handlers.set(kind, handler);
    return () => {
      if (this.#handlers.get(kind) === handler) this.#handlers.delete(kind);
    };
  }

  /** Sets a timer, replacing any of the same key. */
  async set(spec: TimerSpec): Promise<void> {
    await repository.upsertTimer(this.#db, {
      key: spec.key,
      hotel_id: spec.hotel_id,
      room_id: spec.room_id,
      kind: spec.kind,
      due_at: spec.due_at.toISOString(),
      data: JSON.stringify(spec.data ?? {}),
      created_at: this.#clock().toISOString(),
    });
  }

  /** Cancels a timer; true if there was one. */
  async cancel(key: string): Promise<boolean> {
    return repository.deleteTimer(this.#db, key);
  }

  /** The pending timer of a key, if any: not one being fired now (its handler may set it again). */
  async find(key: string): Promise<FiredTimer | null> {
    const row = await repository.findTimer(this.#db, key);
    if (!row) return null;
    if (row.claimed_until !== null && row.claimed_until > this.#clock().toISOString()) return null;
    return timerOf(row);
  }

  /**
   * Fires every timer due now (by the clock) that this instance handles; answers how many it
   * fired. One round at a time: a call while one runs waits for it and answers its count.
   */
  fireDue(): Promise<number> {
    if (!this.#running) {
      this.#running = this.#fireRounds().finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  /** Polls for due timers every `intervalMs` until `stop`. */
  start(intervalMs: number): void {
    if (this.#poller) return;
    this.#poller = setInterval(() => {
      this.fireDue().catch((error: unknown) => this.#log.error({ err: error }, 'timers: the poll failed'));
    }, intervalMs);
    this.#poller.unref();
  }

  /** Stops polling and waits for a round in progress. */
  async stop(): Promise<void> {
    if (this.#poller) clearInterval(this.#poller);
    this.#poller = null;
    await this.#running?.catch(() => {});
  }

  async #fireRounds(): Promise<number> {
    let fired = 0;
    for (;;) {
      const due = await repository.dueTimers(this.#db, [...this.#handlers.keys()], this.#clock().toISOString(), BATCH);
      const results = await Promise.all(due.map((row) => this.#fire(row)));
      fired += results.filter(Boolean).length;
      if (due.length < BATCH) return fired;
    }
  }

  async #fire(row: repository.TimerRow): Promise<boolean> {
    const handler = this.#handlers.get(row.kind);
    if (!handler) return false;
    const now = this.#clock();
    const until = new Date(now.getTime() + this.#claimMs).toISOString();
    if (!(await repository.claimTimer(this.#db, row, now.toISOString(), until))) return false;
    try {
      await handler(timerOf(row));
    } catch (error) {
      this.#log.error({ err: error, timer: row.key, kind: row.kind }, 'timers: a handler failed');
    }
    await repository.releaseTimer(this.#db, row, until);
    return true;
  }
}

function timerOf(row: repository.TimerRow): FiredTimer {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    // Written by `set` as JSON: only a hand-edited row lands here, and fires with no data.
  }
  return { key: row.key, hotel_id: row.hotel_id, room_id: row.room_id, kind: row.kind, due_at: row.due_at, data };
}
