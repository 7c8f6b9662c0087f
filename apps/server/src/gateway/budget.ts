/**
 * Each RCU's message budget: token buckets per rcu_id for its events and its states (PROTOCOL.md:
 * past the budget, messages are dropped and counted and the room gets a fault alert; an SOS is
 * never dropped). Also counts each RCU's malformed payloads. Everything here is in memory and
 * small: two buckets per connected RCU (forgotten when it disconnects) and three counters per RCU
 * that ever dropped something.
 */

export type BudgetKind = 'event' | 'state';

export interface BudgetLimits {
  /** Events an RCU may send per second on average (an SOS always passes). */
  eventsPerSecond: number;
  /** State messages an RCU may send per second on average. */
  statesPerSecond: number;
  /** How many seconds of its rate an RCU may send at once (the size of its buckets). */
  burstSeconds: number;
}

/** RCU_MAX_EVENTS_PER_SECOND, RCU_MAX_STATES_PER_SECOND, RCU_BURST_SECONDS by default. */
export const BUDGET_DEFAULTS: BudgetLimits = { eventsPerSecond: 10, statesPerSecond: 20, burstSeconds: 3 };

/** What an RCU had dropped since the server started (the operator reads them: `Gateway.rcuCounters`). */
export interface RcuCounters {
  dropped_events: number;
  dropped_states: number;
  malformed: number;
}

/**
 * `pass`: within the budget (or an SOS); `drop`: over it; `flooding`: over it, and the first drop
 * of a flood (no drop for `quietMs` before): raise the room's flooding alert; `still_flooding`:
 * over it, the flood going on `floodReportMs` after its last report: the alert stays open (it
 * clears by itself once no report has come for a while).
 */
export type Verdict = 'pass' | 'drop' | 'flooding' | 'still_flooding';

/** A rate-limited report: `count` dropped (or malformed) since the last report of that RCU, `total` in all. */
export type BudgetReport = (report: {
  rcuId: string;
  what: 'dropped' | 'malformed';
  count: number;
  total: number;
}) => void;

export interface BudgetOptions {
  limits?: BudgetLimits;
  /** Milliseconds now (a fake clock in tests). */
  now?: () => number;
  /** A flood ends after this long without a drop; the next drop starts another (and alerts again). */
  quietMs?: number;
  /** While a flood goes on, a drop this long after its last report is `still_flooding`. */
  floodReportMs?: number;
  /** At most one report of each kind per RCU this often; the counts in between are carried into the next. */
  reportEveryMs?: number;
  report?: BudgetReport;
}

interface Buckets {
  events: number;
  states: number;
  /** When the buckets were last refilled. */
  at: number;
  /** The last drop (0: none yet); a drop `quietMs` after it starts a new flood. */
  droppedAt: number;
  /** When the flood going on was last reported (`flooding` or `still_flooding`). */
  floodReportedAt: number;
}

interface Tally extends RcuCounters {
  pending: { dropped: number; malformed: number };
  reportedAt: { dropped: number; malformed: number };
}

export class RcuBudget {
  readonly limits: BudgetLimits;
  readonly #now: () => number;
  readonly #quietMs: number;
  readonly #floodReportMs: number;
  readonly #reportEveryMs: number;
  readonly #report: BudgetReport;
  readonly #eventsSize: number;
  readonly #statesSize: number;
  readonly #buckets = new Map<string, Buckets>();
  readonly #tallies = new Map<string, Tally>();
  #dropped = 0;

  constructor({
    limits = BUDGET_DEFAULTS,
    now = Date.now,
    quietMs = 60_000,
    floodReportMs = 30_000,
    reportEveryMs = 60_000,
    report = () => {},
  }: BudgetOptions = {}) {
    this.limits = limits;
    this.#now = now;
    this.#quietMs = quietMs;
    this.#floodReportMs = floodReportMs;
    this.#reportEveryMs = reportEveryMs;
    this.#report = report;
    // A bucket holds at least one message, whatever the settings.
    this.#eventsSize = Math.max(1, limits.eventsPerSecond * limits.burstSeconds);
    this.#statesSize = Math.max(1, limits.statesPerSecond * limits.burstSeconds);
  }

  /** Takes one message of an RCU from its budget: whether it passes. An SOS always does. */
  admit(rcuId: string, kind: BudgetKind, sos = false): Verdict {
    const now = this.#now();
    let buckets = this.#buckets.get(rcuId);
    if (!buckets) {
      buckets = { events: this.#eventsSize, states: this.#statesSize, at: now, droppedAt: 0, floodReportedAt: 0 };
      this.#buckets.set(rcuId, buckets);
    } else if (now > buckets.at) {
      const seconds = (now - buckets.at) / 1000;
      buckets.events = Math.min(this.#eventsSize, buckets.events + seconds * this.limits.eventsPerSecond);
      buckets.states = Math.min(this.#statesSize, buckets.states + seconds * this.limits.statesPerSecond);
      buckets.at = now;
    }
    const field = kind === 'event' ? 'events' : 'states';
    if (buckets[field] >= 1) {
      buckets[field] -= 1;
      return 'pass';
    }
    if (sos) return 'pass';
    const newFlood = buckets.droppedAt === 0 || now - buckets.droppedAt >= this.#quietMs;
    buckets.droppedAt = now;
    this.#dropped += 1;
    const tally = this.#tally(rcuId);
    if (kind === 'event') tally.dropped_events += 1;
    else tally.dropped_states += 1;
    this.#count(rcuId, tally, 'dropped', tally.dropped_events + tally.dropped_states, now);
    if (newFlood || now - buckets.floodReportedAt >= this.#floodReportMs) {
      buckets.floodReportedAt = now;
      return newFlood ? 'flooding' : 'still_flooding';
    }
    return 'drop';
  }

  /** Counts a malformed payload of an RCU (reported at most once per `reportEveryMs`). */
  malformed(rcuId: string): void {
    const tally = this.#tally(rcuId);
    tally.malformed += 1;
    this.#count(rcuId, tally, 'malformed', tally.malformed, this.#now());
  }

  /** The RCU disconnected: its buckets go (its counters stay). */
  forget(rcuId: string): void {
    this.#buckets.delete(rcuId);
  }

  /** Messages dropped over budget, all RCUs together. */
  get dropped(): number {
    return this.#dropped;
  }

  /** How many RCUs have buckets now (the connected ones that sent events or states). */
  get tracked(): number {
    return this.#buckets.size;
  }

  /** Each RCU's counters, for those that dropped or sent something malformed. */
  counters(): Record<string, RcuCounters> {
    const all: Record<string, RcuCounters> = {};
    for (const [rcuId, { dropped_events, dropped_states, malformed }] of this.#tallies) {
      all[rcuId] = { dropped_events, dropped_states, malformed };
    }
    return all;
  }

  #tally(rcuId: string): Tally {
    let tally = this.#tallies.get(rcuId);
    if (!tally) {
      tally = {
        dropped_events: 0,
        dropped_states: 0,
        malformed: 0,
        pending: { dropped: 0, malformed: 0 },
        reportedAt: { dropped: Number.NEGATIVE_INFINITY, malformed: Number.NEGATIVE_INFINITY },
      };
      this.#tallies.set(rcuId, tally);
    }
    return tally;
  }

  #count(rcuId: string, tally: Tally, what: 'dropped' | 'malformed', total: number, now: number): void {
    tally.pending[what] += 1;
    if (now - tally.reportedAt[what] < this.#reportEveryMs) return;
    const count = tally.pending[what];
    tally.pending[what] = 0;
    tally.reportedAt[what] = now;
    this.#report({ rcuId, what, count, total });
  }
}
