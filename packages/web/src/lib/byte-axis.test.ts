import { describe, expect, it } from 'vitest';
import { byteAxis, formatByteTick, niceStep } from './byte-axis';

const MB = 1024 ** 2;
const GB = 1024 ** 3;
const TB = 1024 ** 4;

describe('niceStep', () => {
  it.each([
    [0.425, 0.5],
    [0.6375, 1],
    [0.3, 0.5],
    [0.2, 0.2],
    [3, 5],
    [1.9, 2],
    [2.2, 2.5],
    [42, 50],
    [0, 1],
  ])('%s -> %s', (raw, step) => {
    expect(niceStep(raw)).toBe(step);
  });
});

describe('byteAxis', () => {
  it('round ticks instead of 0.85 / 1.7 / 2.55 GB', () => {
    expect(byteAxis(1.7 * GB)).toMatchObject({ unit: 'GB', ticks: [0, 0.5, 1, 1.5, 2] });
    expect(byteAxis(2.55 * GB)).toMatchObject({ unit: 'GB', ticks: [0, 1, 2, 3] });
    expect(byteAxis(0.85 * GB)).toMatchObject({ unit: 'GB', ticks: [0, 0.25, 0.5, 0.75, 1] });
  });

  it('the unit follows the highest bar; 1,000 and more of a unit is the next unit', () => {
    expect(byteAxis(300 * MB)).toMatchObject({ unit: 'MB', size: MB, ticks: [0, 100, 200, 300] });
    expect(byteAxis(17 * GB)).toMatchObject({ unit: 'GB', size: GB, ticks: [0, 5, 10, 15, 20] });
    expect(byteAxis(1010 * GB)).toMatchObject({ unit: 'TB', ticks: [0, 0.25, 0.5, 0.75, 1] });
    expect(byteAxis(3.3 * TB)).toMatchObject({ unit: 'TB', ticks: [0, 1, 2, 3, 4] });
    expect(byteAxis(500)).toMatchObject({ unit: 'B', ticks: [0, 200, 400, 600] });
  });

  it('the top tick is never below the highest bar, and ticks are evenly spaced', () => {
    for (const max of [1, 999, 5 * MB, 0.3 * GB, 1.01 * GB, 7.7 * GB, 123 * GB, 2.4 * TB]) {
      const { size, ticks } = byteAxis(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)! * size).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
      const step = ticks[1]!;
      ticks.forEach((tick, i) => expect(tick).toBeCloseTo(i * step, 9));
    }
  });

  it('an empty chart still has a scale', () => {
    expect(byteAxis(0)).toMatchObject({ unit: 'MB', ticks: [0, 1] });
    expect(byteAxis(NaN)).toMatchObject({ unit: 'MB', ticks: [0, 1] });
  });

  it('labels the ticks in the unit', () => {
    expect(formatByteTick(0, 'GB', 'en')).toBe('0');
    expect(formatByteTick(0.5, 'GB', 'zh_CN')).toBe('0.5 GB');
    expect(formatByteTick(1000, 'MB', 'zh_TW')).toBe('1,000 MB');
  });
});
