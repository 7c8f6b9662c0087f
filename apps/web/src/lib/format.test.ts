import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';

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
});
