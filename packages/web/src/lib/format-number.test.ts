import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/contract';
import {
  formatBytes,
  formatBytesPlain,
  formatDecimal,
  formatPercent,
  formatUsage,
  formatYuan,
  MINUS,
} from './format-number';
import { signedYuan, yuan, yuanTick } from './money';

const KB = 1024;
const MB = 1024 ** 2;
const GB = 1024 ** 3;
const TB = 1024 ** 4;

describe.each(LOCALES)('bytes in %s', (locale) => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1,023 B'],
    [KB, '1 KB'],
    [1.5 * KB, '1.5 KB'],
    [512 * MB, '512 MB'],
    [1.5 * GB, '1.5 GB'],
    [1.234 * GB, '1.23 GB'],
    [12.34 * GB, '12.3 GB'],
    [20 * GB, '20 GB'],
    [200 * GB, '200 GB'],
    [2.4 * TB, '2.4 TB'],
    // Three significant digits at most: 1,000 MB moves up a unit.
    [1000 * MB, '0.98 GB'],
    [1023.9 * MB, '1 GB'],
    [String(20 * GB), '20 GB'],
    [1e30, '867,361,737,988 EB'],
    [-1.5 * GB, `${MINUS}1.5 GB`],
    ['oops', '0 B'],
    [null, '0 B'],
  ])('%s -> %s', (bytes, text) => {
    expect(formatBytes(bytes, locale)).toBe(text);
  });

  it('writes the same without Intl (the landing page) as with it', () => {
    for (const bytes of [0, 1023, KB, 1.5 * GB, 2.4 * TB, 123.456 * GB, 1000 * MB, 1e30, -3 * MB]) {
      expect(formatBytesPlain(bytes)).toBe(formatBytes(bytes, locale));
    }
  });

  it('usage: used / limit (share), never "0.00 MB"', () => {
    expect(formatUsage(1.2 * GB, 200 * GB, locale)).toBe('1.2 GB / 200 GB (0.6%)');
    expect(formatUsage('0', String(200 * GB), locale)).toBe('0 B / 200 GB (0%)');
    expect(formatUsage(KB, 200 * GB, locale)).toBe('1 KB / 200 GB (<0.1%)');
    expect(formatUsage(250 * GB, 200 * GB, locale)).toBe('250 GB / 200 GB (125%)');
    expect(formatUsage(5 * GB, null, locale)).toBe('5 GB');
  });

  it('percent: one decimal below 10, whole above', () => {
    expect(formatPercent(0, locale)).toBe('0%');
    expect(formatPercent(0.6, locale)).toBe('0.6%');
    expect(formatPercent(25, locale)).toBe('25%');
    expect(formatPercent(33.333, locale)).toBe('33%');
    expect(formatPercent(100, locale)).toBe('100%');
    expect(formatPercent(NaN, locale)).toBe('0%');
  });

  it('money: ¥, grouping, two decimals, a real minus', () => {
    expect(formatYuan('15', locale)).toBe('¥15.00');
    expect(formatYuan('14.99', locale)).toBe('¥14.99');
    expect(formatYuan(0, locale)).toBe('¥0.00');
    expect(formatYuan('1234567.5', locale)).toBe('¥1,234,567.50');
    expect(formatYuan(1e12, locale)).toBe('¥1,000,000,000,000.00');
    expect(formatYuan('-15', locale)).toBe(`${MINUS}¥15.00`);
    expect(formatYuan('-0.001', locale)).toBe('¥0.00');
    expect(formatYuan('abc', locale)).toBe('¥0.00');
    expect(formatYuan(undefined, locale)).toBe('¥0.00');
    expect(formatYuan('12.5', locale, { signed: true })).toBe('+¥12.50');
    expect(formatYuan('-3', locale, { signed: true })).toBe(`${MINUS}¥3.00`);
    expect(formatYuan('0', locale, { signed: true })).toBe('¥0.00');
  });

  it('decimals follow the locale (Intl)', () => {
    expect(formatDecimal(1234.5, locale)).toBe(
      new Intl.NumberFormat(locale.replace('_', '-')).format(1234.5),
    );
  });
});

describe('money helpers use the shared formatter', () => {
  it('yuan and signedYuan', () => {
    expect(yuan('15', 'en')).toBe('¥15.00');
    expect(signedYuan('+10', 'zh_CN')).toBe('+¥10.00');
    expect(signedYuan('-3.00', 'zh_TW')).toBe('−¥3.00');
    expect(signedYuan('-3.00', 'zh_TW')).not.toContain('-');
  });

  it('chart ticks are round amounts without trailing zeros', () => {
    expect(yuanTick(0, 'en')).toBe('¥0');
    expect(yuanTick(1200, 'zh_CN')).toBe('¥1,200');
    expect(yuanTick(12.5, 'en')).toBe('¥12.5');
    expect(yuanTick(-50, 'en')).toBe('\u2212¥50');
  });
});
