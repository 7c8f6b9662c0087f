import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { axisLabel, paramsOf, periodLabel, periodOf, viewOf } from './period';

describe('the period of the power screen', () => {
  const now = dayjs('2026-11-23T15:20:00');

  it('shows this month by day for the whole hotel when the address says nothing', () => {
    const view = viewOf(new URLSearchParams(), now);
    expect([view.interval, view.group]).toEqual(['day', 'hotel']);
    const { from, to } = periodOf(view);
    expect(dayjs(from).format('YYYY-MM-DD HH:mm')).toBe('2026-11-01 00:00');
    expect(dayjs(to).format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 00:00');
    // Written with the local offset, so the server's days start at local midnight.
    expect(from).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it('reads a day by hour and a year by month from the address, and writes them back', () => {
    const day = viewOf(new URLSearchParams('interval=hour&at=2026-11-05&group=floor'), now);
    expect(paramsOf(day)).toEqual({ interval: 'hour', group: 'floor', at: '2026-11-05' });
    expect(dayjs(periodOf(day).to).diff(dayjs(periodOf(day).from), 'hour')).toBe(24);
    const year = viewOf(new URLSearchParams('interval=month&at=2025'), now);
    expect(dayjs(periodOf(year).from).format('YYYY-MM-DD')).toBe('2025-01-01');
    expect(paramsOf(year).at).toBe('2025');
  });

  it('ignores what it cannot read', () => {
    const view = viewOf(new URLSearchParams('interval=week&group=wing&at=yesterday'), now);
    expect([view.interval, view.group, view.at.isSame(now)]).toEqual(['day', 'hotel', true]);
  });

  it("labels the buckets of the axis in the reader's language", () => {
    const at = (local: string) => dayjs(local).toISOString();
    expect(axisLabel('hour', at('2026-11-05T08:00:00'), 'en')).toBe('08:00');
    expect(axisLabel('day', at('2026-11-01T00:00:00'), 'en')).toBe('Nov 1');
    expect(axisLabel('day', at('2026-11-01T00:00:00'), 'es')).toBe('1 nov');
    expect(axisLabel('day', at('2026-11-01T00:00:00'), 'ja')).toBe('11月1日');
    expect(axisLabel('month', at('2026-03-01T00:00:00'), 'en')).toBe('Mar 2026');
    expect(axisLabel('month', at('2026-03-01T00:00:00'), 'zh')).toBe('2026年3月');
  });

  it("names the period shown in the reader's language", () => {
    expect(periodLabel('hour', dayjs('2026-11-27'), 'en')).toBe('Nov 27, 2026');
    expect(periodLabel('hour', dayjs('2026-11-27'), 'es')).toBe('27 nov 2026');
    expect(periodLabel('day', dayjs('2026-11-27'), 'en')).toBe('November 2026');
    expect(periodLabel('day', dayjs('2026-11-27'), 'es')).toBe('noviembre de 2026');
    expect(periodLabel('day', dayjs('2026-11-27'), 'ja')).toBe('2026年11月');
    expect(periodLabel('month', dayjs('2026-11-27'), 'en')).toBe('2026');
  });
});
