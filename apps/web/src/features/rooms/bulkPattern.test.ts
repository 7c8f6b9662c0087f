import { ROOM_PATTERN_DEFAULT, ROOMS_BULK_MAX } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { effectivePattern, previewBulk } from './bulkPattern';

const preview = (floors: [number, number], rooms: [number, number], pattern?: string) =>
  previewBulk({ floors, rooms, pattern }, ROOMS_BULK_MAX);

describe('bulk-add preview', () => {
  it('pads floor and room to two digits by default: floors 2–20 × rooms 1–30 → 0201 … 2030, 570 rooms', () => {
    expect(preview([2, 20], [1, 30])).toEqual({ ok: true, first: '0201', last: '2030', total: 570 });
    expect(effectivePattern(undefined)).toBe(ROOM_PATTERN_DEFAULT);
    expect(effectivePattern('  ')).toBe('{floor:2}{room:2}');
  });

  it('leaves numbers unpadded without a width and keeps other text', () => {
    expect(preview([2, 3], [1, 12], '{floor}{room:2}')).toMatchObject({ first: '201', last: '312' });
    expect(preview([3, 3], [7, 9], '{floor}-{room}')).toMatchObject({ first: '3-7', last: '3-9', total: 3 });
    expect(preview([12, 12], [5, 5], 'A{floor:3}{room:3}')).toMatchObject({ first: 'A012005' });
    expect(preview([4, 4], [12, 12], '{room}{floor}')).toMatchObject({ first: '124' });
  });

  it('keeps the sign of a basement floor before the padding and never cuts long numbers', () => {
    expect(preview([-1, 1], [1, 2])).toMatchObject({ first: '-0101', last: '0102', total: 6 });
    expect(preview([120, 120], [105, 105])).toMatchObject({ first: '120105' });
  });

  it('refuses a pattern without both placeholders or with other characters', () => {
    expect(preview([1, 2], [1, 2], '{floor}')).toMatchObject({ ok: false, problem: 'pattern', total: 4 });
    expect(preview([1, 2], [1, 2], 'R{room:2}')).toMatchObject({ problem: 'pattern' });
    expect(preview([1, 2], [1, 2], '{floor} {room}')).toMatchObject({ problem: 'pattern' });
  });

  it('refuses room numbers longer than 16 characters', () => {
    expect(preview([1, 1], [1, 1], 'BUILDING-AB-{floor:3}{room:3}')).toMatchObject({ problem: 'roomNum' });
  });

  it('refuses reversed ranges and more rooms than the limit, counting them', () => {
    expect(preview([5, 2], [1, 2])).toMatchObject({ problem: 'floors' });
    expect(preview([1, 2], [9, 2])).toMatchObject({ problem: 'rooms' });
    expect(preview([1, 101], [1, 100])).toEqual({ ok: false, problem: 'tooMany', total: 10_100 });
    expect(preview([1, 100], [1, 100])).toMatchObject({ ok: true, total: 10_000 });
  });
});
