import { describe, expect, it } from 'vitest';
import { type BudgetReport, RcuBudget } from './budget.js';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const limits = { eventsPerSecond: 2, statesPerSecond: 5, burstSeconds: 2 };

function admitMany(budget: RcuBudget, rcuId: string, kind: 'event' | 'state', count: number) {
  return Array.from({ length: count }, () => budget.admit(rcuId, kind));
}

describe('RcuBudget', () => {
  it('lets a burst of rate × burst seconds pass, then drops, and refills at the rate', () => {
    const clock = fakeClock();
    const budget = new RcuBudget({ limits, now: clock.now });
    expect(admitMany(budget, 'rcu-1', 'event', 4)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(budget.admit('rcu-1', 'event')).toBe('flooding');
    expect(budget.admit('rcu-1', 'event')).toBe('drop');
    clock.advance(500); // one event back
    expect(budget.admit('rcu-1', 'event')).toBe('pass');
    expect(budget.admit('rcu-1', 'event')).toBe('drop');
    clock.advance(60_000); // full again, never more than the burst
    expect(admitMany(budget, 'rcu-1', 'event', 5).filter((v) => v === 'pass')).toHaveLength(4);
    expect(budget.counters()['rcu-1']).toEqual({ dropped_events: 4, dropped_states: 0, malformed: 0 });
    expect(budget.dropped).toBe(4);
  });

  it('keeps events and states apart, and each RCU apart', () => {
    const budget = new RcuBudget({ limits, now: fakeClock().now });
    expect(admitMany(budget, 'rcu-1', 'event', 5)).toContain('flooding');
    expect(admitMany(budget, 'rcu-1', 'state', 10).every((v) => v === 'pass')).toBe(true);
    expect(budget.admit('rcu-1', 'state')).toBe('drop'); // the same flood: one alert per room
    expect(admitMany(budget, 'rcu-2', 'event', 4).every((v) => v === 'pass')).toBe(true);
    expect(budget.counters()).toEqual({ 'rcu-1': { dropped_events: 1, dropped_states: 1, malformed: 0 } });
  });

  it('always lets an SOS pass, over the budget too', () => {
    const budget = new RcuBudget({ limits, now: fakeClock().now });
    admitMany(budget, 'rcu-1', 'event', 50);
    expect(budget.admit('rcu-1', 'event', true)).toBe('pass');
    expect(budget.admit('rcu-1', 'event')).toBe('drop');
    expect(budget.admit('rcu-1', 'event', true)).toBe('pass');
    expect(budget.counters()['rcu-1']?.dropped_events).toBe(47);
  });

  it('calls one flood one flood, reported every 30 s while it goes on: another starts only after a quiet minute', () => {
    const clock = fakeClock();
    const budget = new RcuBudget({ limits, now: clock.now, quietMs: 60_000 });
    const verdicts: string[] = [];
    for (let second = 0; second < 120; second++) {
      verdicts.push(...admitMany(budget, 'rcu-1', 'event', 10));
      clock.advance(1_000);
    }
    expect(verdicts.filter((v) => v === 'flooding')).toHaveLength(1);
    // The flood going on is reported every 30 s (its alert stays open while these come).
    expect(verdicts.filter((v) => v === 'still_flooding')).toHaveLength(3);
    clock.advance(58_000); // 59 s after the last drop: the same flood, reported again
    admitMany(budget, 'rcu-1', 'event', 4);
    expect(budget.admit('rcu-1', 'event')).toBe('still_flooding');
    expect(budget.admit('rcu-1', 'event')).toBe('drop');
    clock.advance(60_000);
    expect(admitMany(budget, 'rcu-1', 'event', 5)).toContain('flooding');
  });

  it('forgets the buckets of an RCU that disconnects, and keeps its counters', () => {
    const budget = new RcuBudget({ limits, now: fakeClock().now });
    admitMany(budget, 'rcu-1', 'event', 6);
    budget.admit('rcu-2', 'state');
    expect(budget.tracked).toBe(2);
    budget.forget('rcu-1');
    expect(budget.tracked).toBe(1);
    expect(budget.counters()['rcu-1']?.dropped_events).toBe(2);
    expect(budget.admit('rcu-1', 'event')).toBe('pass');
  });

  it('counts malformed payloads per RCU and reports at most once a minute, with the count since the last', () => {
    const clock = fakeClock();
    const reports: Parameters<BudgetReport>[0][] = [];
    const budget = new RcuBudget({ limits, now: clock.now, report: (r) => reports.push(r) });
    budget.malformed('rcu-1');
    expect(reports).toEqual([{ rcuId: 'rcu-1', what: 'malformed', count: 1, total: 1 }]);
    for (let i = 0; i < 99; i++) budget.malformed('rcu-1');
    budget.malformed('rcu-2');
    expect(reports).toHaveLength(2);
    clock.advance(60_000);
    budget.malformed('rcu-1');
    expect(reports.at(-1)).toEqual({ rcuId: 'rcu-1', what: 'malformed', count: 100, total: 101 });
    expect(budget.counters()).toEqual({
      'rcu-1': { dropped_events: 0, dropped_states: 0, malformed: 101 },
      'rcu-2': { dropped_events: 0, dropped_states: 0, malformed: 1 },
    });
  });

  it('reports drops the same way', () => {
    const clock = fakeClock();
    const reports: Parameters<BudgetReport>[0][] = [];
    const budget = new RcuBudget({ limits, now: clock.now, report: (r) => reports.push(r) });
    admitMany(budget, 'rcu-1', 'state', 1_010);
    expect(reports).toEqual([{ rcuId: 'rcu-1', what: 'dropped', count: 1, total: 1 }]);
    clock.advance(60_000);
    budget.admit('rcu-1', 'event'); // refilled: passes, nothing to report
    admitMany(budget, 'rcu-1', 'state', 11);
    expect(reports.at(-1)).toEqual({ rcuId: 'rcu-1', what: 'dropped', count: 1_000, total: 1_001 });
  });
});
