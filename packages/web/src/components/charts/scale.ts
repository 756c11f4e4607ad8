/** The arithmetic of the charts (components/charts): round ticks, scales, label thinning and the curve. Pure. */
import { niceStep } from '../../lib/byte-axis';

/** Between this many intervals from the lowest to the highest tick. */
const INTERVALS = [3, 4, 5] as const;

/**
 * Round ticks (1, 2, 2.5 or 5 x 10^k apart) from at most `min` to at least `max`, always including 0 (the area
 * and the bars start there), at most 5 intervals and the least room left above the data: 0 / 100 / … / 500 for
 * 420, −50 / 0 / 50 / 100. An empty or flat range still gets a scale (0 to 1).
 */
export function niceTicks(min: number, max: number): number[] {
  const lo = Math.min(0, Number.isFinite(min) ? min : 0);
  const hi = Math.max(0, Number.isFinite(max) ? max : 0);
  let best: { first: number; last: number; step: number } | null = null;
  for (const intervals of INTERVALS) {
    const step = hi - lo > 0 ? niceStep((hi - lo) / intervals) : 1;
    const first = Math.floor(lo / step + 1e-9);
    const last = Math.max(first + 1, Math.ceil(hi / step - 1e-9));
    const span = (last - first) * step;
    // The tightest span; of equal ones the count of intervals nearest 4.
    const bestSpan = best ? (best.last - best.first) * best.step : Infinity;
    const off = (c: { first: number; last: number }) => Math.abs(c.last - c.first - 4);
    if (!best || span < bestSpan - 1e-9 || (span < bestSpan + 1e-9 && off({ first, last }) < off(best)))
      best = { first, last, step };
  }
  const { first, last, step } = best!;
  return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toPrecision(12)));
}

/** A linear map from [d0, d1] onto [r0, r1]; a flat domain maps everything to r0. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/**
 * The width a label takes at `fontSize` px, estimated (no layout in SVG before drawing): digits and Latin letters
 * about 0.62 em, CJK and full-width characters 1 em.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += /[\u2e80-\uffef]/.test(char) && char !== '\u2212' ? 1 : 0.62;
  return em * fontSize;
}

/**
 * Every how many slots an x label is written so that labels of `labelWidth` px (gaps included) never overlap on
 * slots `slotWidth` px apart: 1 (every day) when they fit.
 */
export function labelEvery(slotWidth: number, labelWidth: number): number {
  if (!(slotWidth > 0)) return Number.MAX_SAFE_INTEGER;
  return Math.max(1, Math.ceil(labelWidth / slotWidth));
}

/** Whether slot `index` of `count` carries a label: counted back from the last (the latest day always has one). */
export function hasLabel(index: number, count: number, every: number): boolean {
  return (count - 1 - index) % every === 0;
}

export interface Point {
  x: number;
  y: number;
}

function sign(value: number): number {
  return value < 0 ? -1 : value > 0 ? 1 : 0;
}

/**
 * A smooth SVG path through the points that never overshoots them (monotone cubic, Steffen's method, as
 * d3.curveMonotoneX): a balance that stays flat is drawn flat, a step does not swing below the lower day.
 */
export function monotonePath(points: readonly Point[]): string {
  const n = points.length;
  if (n === 0) return '';
  const f = (v: number) => Number(v.toFixed(2));
  const start = `M${f(points[0]!.x)},${f(points[0]!.y)}`;
  if (n === 1) return start;
  if (n === 2) return `${start}L${f(points[1]!.x)},${f(points[1]!.y)}`;
  const h: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < n - 1; i += 1) {
    h.push(points[i + 1]!.x - points[i]!.x);
    s.push(h[i]! === 0 ? 0 : (points[i + 1]!.y - points[i]!.y) / h[i]!);
  }
  const t: number[] = new Array<number>(n).fill(0);
  for (let i = 1; i < n - 1; i += 1) {
    const s0 = s[i - 1]!;
    const s1 = s[i]!;
    const p = (s0 * h[i]! + s1 * h[i - 1]!) / (h[i - 1]! + h[i]!);
    t[i] = (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;
  }
  // The ends: the one-sided slope, as d3 does.
  t[0] = h[0]! ? (3 * s[0]! - t[1]!) / 2 : 0;
  t[n - 1] = h[n - 2]! ? (3 * s[n - 2]! - t[n - 2]!) / 2 : 0;
  if (sign(t[0]) !== sign(s[0]!)) t[0] = 0;
  if (sign(t[n - 1]!) !== sign(s[n - 2]!)) t[n - 1] = 0;
  let path = start;
  for (let i = 0; i < n - 1; i += 1) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const d = h[i]! / 3;
    path += `C${f(a.x + d)},${f(a.y + t[i]! * d)},${f(b.x - d)},${f(b.y - t[i + 1]! * d)},${f(b.x)},${f(b.y)}`;
  }
  return path;
}

/** A bar from `top` down to `bottom`, the upper corners rounded by at most `radius` px. */
export function roundedTopBar(x: number, top: number, width: number, bottom: number, radius: number): string {
  const f = (v: number) => Number(v.toFixed(2));
  const r = Math.max(0, Math.min(radius, width / 2, bottom - top));
  return (
    `M${f(x)},${f(bottom)}V${f(top + r)}Q${f(x)},${f(top)} ${f(x + r)},${f(top)}` +
    `H${f(x + width - r)}Q${f(x + width)},${f(top)} ${f(x + width)},${f(top + r)}V${f(bottom)}Z`
  );
}
