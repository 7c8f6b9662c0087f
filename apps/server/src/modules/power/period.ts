// The buckets of a chart: hours, days or months of a period, days and months in the offset its
// start is written with. Pure functions.
import { POWER_MAX_POINTS, type PowerInterval } from '@roompilot/contract';
import { invalid } from '../../errors.js';
import { HOUR_MS } from './meter.js';

const DAY_MS = 24 * HOUR_MS;

export interface Period {
  interval: PowerInterval;
  /** Minutes east of UTC that days and months start in (`+08:00`: 480). */
  offsetMin: number;
  /** Each bucket's start, epoch ms, in order. */
  starts: number[];
  /** Where the last bucket ends: the period's end (exclusive). */
  end: number;
}

/** The offset an ISO time is written with, in minutes (`Z` or none: 0). */
export function offsetOf(iso: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The start of the bucket an instant falls in. */
export function bucketStart(interval: PowerInterval, at: number, offsetMin: number): number {
  const offset = offsetMin * 60_000;
  if (interval === 'hour') return Math.floor(at / HOUR_MS) * HOUR_MS;
  if (interval === 'day') return Math.floor((at + offset) / DAY_MS) * DAY_MS - offset;
  const local = new Date(at + offset);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offset;
}

function nextBucket(interval: PowerInterval, start: number, offsetMin: number): number {
  if (interval === 'hour') return start + HOUR_MS;
  if (interval === 'day') return start + DAY_MS;
  const offset = offsetMin * 60_000;
  const local = new Date(start + offset);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - offset;
}

/** The times of a request: `from` before `to`, else 4400. */
export function timesOf(from: string, to: string): { from: number; to: number } {
  const times = { from: Date.parse(from), to: Date.parse(to) };
  if (!(times.from < times.to)) throw invalid('power.period');
  return times;
}

/**
 * The buckets from the one `from` falls in up to `to` (exclusive). More than the interval allows
 * (POWER_MAX_POINTS) is 4400.
 */
export function periodOf(interval: PowerInterval, from: string, to: string): Period {
  const times = timesOf(from, to);
  const offsetMin = offsetOf(from);
  const max = POWER_MAX_POINTS[interval];
  const starts: number[] = [];
  for (let start = bucketStart(interval, times.from, offsetMin); start < times.to; ) {
    if (starts.length === max) throw invalid('power.tooManyPoints', { max });
    starts.push(start);
    start = nextBucket(interval, start, offsetMin);
  }
  return { interval, offsetMin, starts, end: times.to };
}

/** A bucket's start as the export writes it, in the period's offset: `2026-11-01 08:00`, `2026-11-01`, `2026-11`. */
export function bucketLabel(period: Period, start: number): string {
  const local = new Date(start + period.offsetMin * 60_000).toISOString();
  if (period.interval === 'hour') return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
  return period.interval === 'day' ? local.slice(0, 10) : local.slice(0, 7);
}
