import { describe, expect, it } from 'vitest';
import { formatDay } from './day';

describe('formatDay', () => {
  it('writes a calendar day as month and day in the language, in any time zone', () => {
    expect(formatDay('2026-11-05', 'zh_CN')).toBe('11月5日');
    expect(formatDay('2026-11-05', 'zh_TW')).toBe('11月5日');
    expect(formatDay('2026-11-05', 'en')).toBe('Nov 5');
    expect(formatDay('2026-01-01', 'en')).toBe('Jan 1');
  });

  it('keeps any other text', () => {
    expect(formatDay('11-05', 'en')).toBe('11-05');
  });
});
