import { describe, expect, it } from 'vitest';
import { formatCalendar, formatDate, formatDateTime, formatDayOf, formatKwh, formatNumber } from './format';

describe('format', () => {
  it('groups digits the way each language does', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'zh')).toBe('12,345');
    expect(formatNumber(12345, 'es')).toMatch(/^12\.345$/);
  });

  it('shows a server date as that calendar day in every language', () => {
    expect(formatDate('2025-01-31', 'en')).toBe('Jan 31, 2025');
    expect(formatDate('2025-01-31', 'zh')).toBe('2025年1月31日');
    expect(formatDate('2025-01-31', 'ja')).toBe('2025/01/31');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('writes kWh and the like with a fixed number of decimals, trailing zeros kept', () => {
    expect([9.514, 5.2321, 5.1].map((kwh) => formatNumber(kwh, 'es', 2))).toEqual(['9,51', '5,23', '5,10']);
    expect(formatNumber(1234.5, 'en', 2)).toBe('1,234.50');
  });

  it("writes kWh with two decimals, a few watt-hours as '< 0.01' in the language, and nothing used as 0.00", () => {
    expect([9.514, 5.2321, 5.1, 1234.5].map((kwh) => formatKwh(kwh, 'en'))).toEqual([
      '9.51',
      '5.23',
      '5.10',
      '1,234.50',
    ]);
    // A room that used 3 Wh used something: two decimals would round it to nothing.
    expect(formatKwh(0.003, 'en')).toBe('<\u00a00.01');
    expect(formatKwh(0.0001, 'es')).toBe('<\u00a00,01');
    expect(formatKwh(0.004, 'zh')).toBe('<\u00a00.01');
    expect(formatKwh(0.004, 'ja')).toBe('<\u00a00.01');
    // From 5 Wh on, two decimals show it.
    expect(formatKwh(0.005, 'en')).toBe('0.01');
    expect(formatKwh(0.012, 'es')).toBe('0,01');
    expect(formatKwh(0, 'en')).toBe('0.00');
    expect(formatKwh(0, 'es')).toBe('0,00');
  });

  it('writes a moment with the same medium date everywhere, the year whole, seconds where asked', () => {
    const moment = new Date(2026, 10, 27, 16, 55, 21);
    expect(formatDateTime(moment, { language: 'en', seconds: true })).toBe('Nov 27, 2026, 4:55:21 PM');
    expect(formatDateTime(moment, { language: 'en' })).toBe('Nov 27, 2026, 4:55 PM');
    expect(formatDateTime(moment, { language: 'es', seconds: true })).toBe('27 nov 2026, 16:55:21');
    expect(formatDateTime(moment, { language: 'ja', seconds: true })).toBe('2026/11/27 16:55:21');
    expect(formatDateTime(moment.getTime(), { language: 'zh' })).toBe('2026年11月27日 16:55');
    // The day of a moment reads as the calendar dates do.
    expect(formatDayOf(moment, 'en')).toBe(formatDate('2026-11-27', 'en'));
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('writes parts of the calendar in the language', () => {
    const first = new Date(2026, 10, 1, 14);
    expect(formatCalendar(first, 'hour', 'en')).toBe('14:00');
    expect(formatCalendar(first, 'day', 'es')).toBe('1 nov');
    expect(formatCalendar(first, 'monthOfYear', 'ja')).toBe('2026年11月');
    expect(formatCalendar(first, 'month', 'en')).toBe('November 2026');
    expect(formatCalendar(first, 'year', 'zh')).toBe('2026年');
  });
});
