const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The time filter's choices: the span back from now (`any`: the whole log). */
export const TIME_SPANS = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '365d': 365 * DAY_MS,
  any: 0,
};
export type TimeSpan = keyof typeof TIME_SPANS;
export const TIME_SPAN_KEYS = Object.keys(TIME_SPANS) as TimeSpan[];
export const DEFAULT_SPAN: TimeSpan = '30d';

/** The longest span the counts take (LOG_COUNT_DAYS_MAX): what the charts show for `any`. */
const CHART_SPAN_MS = 365 * DAY_MS;

/** The list's `from` for a span chosen at `now` (undefined: no lower bound). */
export function listFrom(span: TimeSpan, now: number): string | undefined {
  return span === 'any' ? undefined : new Date(now - TIME_SPANS[span]).toISOString();
}

/** The charts' `from`: the list's, or the last year for the whole log. */
export function chartFrom(span: TimeSpan, now: number): string {
  return new Date(now - (span === 'any' ? CHART_SPAN_MS : TIME_SPANS[span])).toISOString();
}

/** The browser's offset from UTC in minutes (UTC+8 is 480): the server counts days in the reader's time. */
export function utcOffset(date = new Date()): number {
  return -date.getTimezoneOffset();
}

/** Every day (`YYYY-MM-DD`, the reader's) from `from` to `to`, so that a day without entries shows as 0. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const local = (time: number) => {
    const date = new Date(time);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  const last = local(Date.parse(to));
  // Noon steps stay on their day across daylight-saving changes.
  const start = new Date(Date.parse(from));
  start.setHours(12, 0, 0, 0);
  for (let time = start.getTime(); days.length <= 400; time += DAY_MS) {
    const day = local(time);
    days.push(day);
    if (day >= last) break;
  }
  return days;
}
