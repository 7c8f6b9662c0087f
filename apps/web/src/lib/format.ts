import { INTL_LOCALES } from '@roompilot/contract';
import i18next from 'i18next';

export function intlLocale(language: string = i18next.language): string {
  return (INTL_LOCALES as Record<string, string>)[language] ?? language;
}

/**
 * A count or amount in the language's digit grouping (1,234 / 1.234); with `decimals`, always that
 * many digits after the point (9.51, 5.23, 5.10), so a column of figures reads alike.
 */
export function formatNumber(value: number, language?: string, decimals?: number): string {
  const digits = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return new Intl.NumberFormat(intlLocale(language), digits).format(value);
}

/** The smallest amount of energy two decimals write (kWh). */
const KWH_STEP = 0.01;

/**
 * An amount of energy in kWh, the one way every screen writes it: two decimals always (9.51, 5.23,
 * 5.10), so a column of them reads alike; an amount above zero too small for them reads
 * '< 0.01' ('< 0,01'), never '0.00', which stays for nothing used at all. The unit is the caller's.
 */
export function formatKwh(kwh: number, language?: string): string {
  if (kwh > 0 && kwh < KWH_STEP / 2) return `<\u00a0${formatNumber(KWH_STEP, language, 2)}`;
  return formatNumber(kwh, language, 2);
}

/**
 * A calendar date ('YYYY-MM-DD', as the server sends it) in the language's medium date style.
 * Read as a local date: `new Date('2025-01-31')` would be UTC midnight and can show the day before.
 */
export function formatDate(value: string | null | undefined, language?: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}

/*
 * The console's one way of writing a moment, in every screen: the language's medium date
 * ("Nov 27, 2026", "27 nov 2026", "2026年11月27日", "2026/11/27") and its time, with seconds where
 * they matter (the logs, the alerts). The year always has its four digits.
 */

/** An ISO time as the reader's date and time; '' for none, the text itself when it is not a time. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  { seconds = false, language }: { seconds?: boolean; language?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: seconds ? 'medium' : 'short',
  }).format(date);
}

/** The reader's calendar day of a moment (an ISO time or a Date), in the language's medium date style. */
export function formatDayOf(value: string | Date, language?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}

/** How a part of the calendar is written: an hour of a day, a day of a month, a month, a year. */
const CALENDAR_PARTS = {
  hour: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { month: 'short', day: 'numeric' },
  monthOfYear: { year: 'numeric', month: 'short' },
  month: { year: 'numeric', month: 'long' },
  year: { year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A moment as the part of the calendar it stands for, in the language: `hour` 14:00, `day` Nov 1 /
 * 1 nov / 11月1日, `monthOfYear` Nov 2026, `month` November 2026 / noviembre de 2026, `year` 2026.
 */
export function formatCalendar(value: string | Date, part: keyof typeof CALENDAR_PARTS, language?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(language), CALENDAR_PARTS[part]).format(date);
}
