import type { MessageKey } from '../locales/types';
import { formatDayOf } from './format';

export type Translate = (key: MessageKey, options?: { count: number }) => string;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * SPEC.md "Time-ago text": under 30 seconds "just now", then minutes, then hours, then
 * "1 day ago" for the second day, then the date (the language's medium date, as everywhere in the
 * console). Minutes and hours round up, so 30 s is 1 minute.
 */
export function timeAgo(date: Date | number | string, now: Date | number, t: Translate, language?: string): string {
  const then = new Date(date);
  const seconds = (new Date(now).getTime() - then.getTime()) / 1000;
  if (seconds < 30) return t('time.justNow');
  if (seconds < HOUR) {
    const minutes = Math.ceil(seconds / MINUTE);
    return minutes === 1 ? t('time.minuteAgo') : t('time.minutesAgo', { count: minutes });
  }
  if (seconds < DAY) {
    const hours = Math.ceil(seconds / HOUR);
    return hours === 1 ? t('time.hourAgo') : t('time.hoursAgo', { count: hours });
  }
  if (seconds < 2 * DAY) return t('time.dayAgo');
  return formatDayOf(then, language);
}
