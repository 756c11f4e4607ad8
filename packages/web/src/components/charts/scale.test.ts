import { describe, expect, it } from 'vitest';
import {
  hasLabel,
  labelEvery,
  linearScale,
  monotonePath,
  niceTicks,
  roundedTopBar,
  textWidth,
} from './scale';

describe('niceTicks', () => {
  it('gives round ticks from 0 past the maximum', () => {
    expect(niceTicks(1200, 1234.5)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(niceTicks(0, 420)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(niceTicks(3, 9.99)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0, 0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0, 60)).toEqual([0, 20, 40, 60]);
  });

  it('includes 0 and reaches below it for negative values', () => {
    expect(niceTicks(-30, 80)).toEqual([-50, 0, 50, 100]);
    expect(niceTicks(-12, -3)).toEqual([-12.5, -10, -7.5, -5, -2.5, 0]);
  });

  it('still draws a scale when everything is 0 or not a number', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN, Number.POSITIVE_INFINITY)).toEqual([0, 1]);
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, upside down for a y axis', () => {
    const y = linearScale(0, 100, 200, 0);
    expect(y(0)).toBe(200);
    expect(y(50)).toBe(100);
    expect(y(100)).toBe(0);
    expect(linearScale(5, 5, 10, 0)(7)).toBe(10);
  });
});

describe('x labels', () => {
  it('are thinned so that they never overlap, the last slot always labelled', () => {
    expect(labelEvery(30, 20)).toBe(1);
    expect(labelEvery(8, 20)).toBe(3);
    expect(labelEvery(0, 20)).toBeGreaterThan(1000);
    const labelled = Array.from({ length: 31 }, (_, i) => i).filter((i) => hasLabel(i, 31, 3));
    expect(labelled.at(-1)).toBe(30);
    expect(labelled.slice(0, 3)).toEqual([0, 3, 6]);
  });

  it('estimates CJK text wider than digits', () => {
    expect(textWidth('11-05', 12)).toBeCloseTo(5 * 0.62 * 12);
    expect(textWidth('日期', 12)).toBe(24);
  });
});

describe('monotonePath', () => {
  // Every second number of the path is a y (M x,y C x,y,x,y,x,y).
  const ys = (path: string) =>
    [...path.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0])).filter((_, i) => i % 2);

  it('stays flat where the values are flat and never overshoots a step', () => {
    const flat = monotonePath([
      { x: 0, y: 50 },
      { x: 10, y: 50 },
      { x: 20, y: 50 },
    ]);
    expect(new Set(ys(flat))).toEqual(new Set([50]));
    const step = monotonePath([
      { x: 0, y: 100 },
      { x: 10, y: 100 },
      { x: 20, y: 20 },
      { x: 30, y: 20 },
    ]);
    expect(Math.min(...ys(step))).toBeGreaterThanOrEqual(20);
    expect(Math.max(...ys(step))).toBeLessThanOrEqual(100);
  });

  it('handles no point, one and two', () => {
    expect(monotonePath([])).toBe('');
    expect(monotonePath([{ x: 1, y: 2 }])).toBe('M1,2');
    expect(
      monotonePath([
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ]),
    ).toBe('M1,2L3,4');
  });
});

describe('roundedTopBar', () => {
  it('spans from the top to the bottom with the radius capped by the height', () => {
    expect(roundedTopBar(10, 50, 8, 100, 3)).toBe('M10,100V53Q10,50 13,50H15Q18,50 18,53V100Z');
    expect(roundedTopBar(0, 99, 8, 100, 3)).toContain('V100Z');
    expect(roundedTopBar(0, 99, 8, 100, 3)).toMatch(/^M0,100V100Q/);
  });
});
