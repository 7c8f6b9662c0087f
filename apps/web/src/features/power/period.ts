import type { PowerGroup, PowerInterval } from '@roompilot/contract';
import { POWER_GROUPS, POWER_INTERVALS } from '@roompilot/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { formatCalendar, formatDayOf } from '../../lib/format';

/** What the screen shows: a day by hour, a month by day or a year by month. */
export const PERIOD_OF: Record<PowerInterval, 'day' | 'month' | 'year'> = { hour: 'day', day: 'month', month: 'year' };
/** How the chart's axis writes a bucket, in the reader's language: 14:00, Nov 1 / 1 nov, Nov 2026. */
const AXIS_PART = { hour: 'hour', day: 'day', month: 'monthOfYear' } as const satisfies Record<PowerInterval, string>;
/** How the address writes the period a view shows (`?at=`). */
export const PERIOD_FORMAT: Record<PowerInterval, string> = { hour: 'YYYY-MM-DD', day: 'YYYY-MM', month: 'YYYY' };

export interface PowerView {
  interval: PowerInterval;
  group: PowerGroup;
  /** Any time in the period shown. */
  at: Dayjs;
}

/** The view in the address (`?interval=hour&at=2026-11-23&group=floor`); this month by day when none. */
export function viewOf(params: URLSearchParams, now = dayjs()): PowerView {
  const interval = POWER_INTERVALS.find((one) => one === params.get('interval')) ?? 'day';
  const group = POWER_GROUPS.find((one) => one === params.get('group')) ?? 'hotel';
  const raw = params.get('at');
  const at = raw && /^\d{4}(-\d{2}){0,2}$/.test(raw) && dayjs(raw).isValid() ? dayjs(raw) : now;
  return { interval, group, at };
}

export function paramsOf(view: PowerView): Record<string, string> {
  return { interval: view.interval, group: view.group, at: view.at.format(PERIOD_FORMAT[view.interval]) };
}

/** The period as the server takes it: local midnight to local midnight, written with the browser's offset. */
export function periodOf(view: Pick<PowerView, 'interval' | 'at'>): { from: string; to: string } {
  const unit = PERIOD_OF[view.interval];
  const start = view.at.startOf(unit);
  return { from: start.format(), to: start.add(1, unit).format() };
}

export function axisLabel(interval: PowerInterval, at: string, language?: string): string {
  return formatCalendar(at, AXIS_PART[interval], language);
}

/** The period a view shows, in the reader's language: Nov 27, 2026 / November 2026 / 2026. */
export function periodLabel(interval: PowerInterval, at: Dayjs, language?: string): string {
  const date = at.toDate();
  if (interval === 'hour') return formatDayOf(date, language);
  return formatCalendar(date, interval === 'day' ? 'month' : 'year', language);
}
