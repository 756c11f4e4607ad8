import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeCompact } from './format-date';

describe('formatDateTimeCompact', () => {
  const now = new Date(2026, 10, 28, 12, 0).getTime();
  const thisYear = new Date(2026, 10, 24, 16, 33).toISOString();
  const lastYear = new Date(2025, 10, 24, 16, 33).toISOString();

  it('reads like formatDateTime without this year', () => {
    expect(formatDateTimeCompact(thisYear, 'zh_CN', now)).toBe('11月24日 16:33');
    expect(formatDateTimeCompact(thisYear, 'en', now)).toBe('Nov 24, 4:33 PM');
    expect(formatDateTime(thisYear, 'zh_CN')).toBe('2026年11月24日 16:33');
  });

  it('keeps the year of another year', () => {
    expect(formatDateTimeCompact(lastYear, 'zh_CN', now)).toBe('2025年11月24日 16:33');
    expect(formatDateTimeCompact(lastYear, 'en', now)).toBe(formatDateTime(lastYear, 'en'));
  });

  it('passes what is not a date through', () => {
    expect(formatDateTimeCompact(null, 'en', now)).toBe('');
    expect(formatDateTimeCompact('soon', 'en', now)).toBe('soon');
  });
});
