import { describe, expect, it } from 'vitest';
import en from '../locales/en';
import type { TimeMessages } from '../locales/types';
import zh from '../locales/zh';
import { type Translate, timeAgo } from './timeAgo';

const translator =
  (messages: TimeMessages): Translate =>
  (key, options) =>
    (messages[key as keyof TimeMessages] ?? key).replace('{{count}}', String(options?.count ?? ''));

const now = new Date(2026, 10, 21, 12, 0, 0);
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  const t = translator(en);

  it('says just now under 30 seconds, and for times in the future', () => {
    expect(timeAgo(before(0), now, t)).toBe('just now');
    expect(timeAgo(before(29), now, t)).toBe('just now');
    expect(timeAgo(before(-60), now, t)).toBe('just now');
  });

  it('counts minutes, rounding up, under an hour', () => {
    expect(timeAgo(before(30), now, t)).toBe('1 minute ago');
    expect(timeAgo(before(60), now, t)).toBe('1 minute ago');
    expect(timeAgo(before(61), now, t)).toBe('2 minutes ago');
    expect(timeAgo(before(59 * 60 + 59), now, t)).toBe('60 minutes ago');
  });

  it('counts hours, rounding up, under a day', () => {
    expect(timeAgo(before(3600), now, t)).toBe('1 hour ago');
    expect(timeAgo(before(3601), now, t)).toBe('2 hours ago');
    expect(timeAgo(before(23 * 3600 + 1), now, t)).toBe('24 hours ago');
  });

  it('says 1 day ago for the second day, then gives the date', () => {
    expect(timeAgo(before(24 * 3600), now, t)).toBe('1 day ago');
    expect(timeAgo(before(48 * 3600 - 1), now, t)).toBe('1 day ago');
    expect(timeAgo(before(48 * 3600), now, t, 'en')).toBe('Nov 19, 2026');
    expect(timeAgo(new Date(2025, 0, 5, 8), now, t, 'es')).toBe('5 ene 2025');
  });

  it('accepts timestamps and date strings, and speaks the chosen language', () => {
    const zhT = translator(zh);
    expect(timeAgo(before(10).getTime(), now, zhT)).toBe('刚刚');
    expect(timeAgo(before(300).toISOString(), now, zhT)).toBe('5分钟前');
    expect(timeAgo(before(7200), now.getTime(), zhT)).toBe('2小时前');
    expect(timeAgo(before(30 * 3600), now, zhT)).toBe('1天前');
  });
});
