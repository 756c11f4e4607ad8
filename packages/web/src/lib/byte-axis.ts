/** Round ticks for a chart axis that counts bytes: 0 / 0.5 GB / 1 GB / 1.5 GB, never 0.85 / 1.7 / 2.55 GB. */
import type { Locale } from '@portal/contract';
import { BYTE_UNITS, formatDecimal } from './format-number';
import type { ByteUnit } from './format-number';

/** About this many intervals between 0 and the top tick. */
const TARGET_INTERVALS = 4;

/** The smallest of 1, 2, 2.5, 5 x 10^k that is at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) {
    // Tolerate float noise (0.30000000000000004 is 0.3).
    if (m * power >= raw * (1 - 1e-9)) return Number((m * power).toPrecision(12));
  }
  return 10 * power;
}

export interface ByteAxis {
  /** The unit every tick is written in. */
  unit: ByteUnit;
  /** Bytes in one unit. */
  size: number;
  /** Ticks in the unit, from 0 to the top (which is at least the maximum). */
  ticks: number[];
}

/** The unit (from the maximum) and round ticks for bars of at most `maxBytes`. */
export function byteAxis(maxBytes: number): ByteAxis {
  const max = Number.isFinite(maxBytes) && maxBytes > 0 ? maxBytes : 0;
  // An empty chart still shows a scale: 0 to 1 MB.
  let index = max === 0 ? 2 : 0;
  while (index < BYTE_UNITS.length - 1 && max >= 1024 ** (index + 1)) index += 1;
  for (;;) {
    const size = 1024 ** index;
    const value = max / size;
    const step = value === 0 ? 1 : niceStep(value / TARGET_INTERVALS);
    const top = Math.max(step, Math.ceil(value / step - 1e-9) * step);
    // 1,000 MB and more reads better as the next unit (0.25 / 0.5 / 0.75 / 1 GB).
    if (top >= 1000 && index < BYTE_UNITS.length - 1) {
      index += 1;
      continue;
    }
    const count = Math.round(top / step);
    const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
    return { unit: BYTE_UNITS[index]!, size, ticks };
  }
}

/** A tick of the axis: "0", "0.5 GB", "1 GB", "1.5 GB". */
export function formatByteTick(value: number, unit: ByteUnit, locale: Locale): string {
  return value === 0 ? '0' : `${formatDecimal(value, locale, 2)} ${unit}`;
}
