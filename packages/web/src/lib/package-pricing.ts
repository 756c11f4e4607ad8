/**
 * Pure helpers about packages on sale, shared by the console's plan cards and the landing page's pricing (which
 * must not load console code): traffic labels and the honest saving of a longer cycle.
 */
import { fenToString, isMoneyString, parseMoneyToFen } from '@portal/contract';
import type { Package } from '@portal/contract';
import { formatBytesPlain } from './format-number';

/**
 * Bytes (decimal string or number) -> "20 GB", "2.4 TB", "512 MB" (the shared byte formatter, written without
 * Intl: its first use costs a long task on the landing page); null -> null (unlimited).
 */
export function formatTraffic(bytes: string | number | null): string | null {
  if (bytes === null) return null;
  const n = typeof bytes === 'number' ? bytes : Number(bytes);
  if (!Number.isFinite(n) || n < 0) return null;
  return formatBytesPlain(n);
}

function fen(value: string): number | null {
  const trimmed = value.trim();
  return isMoneyString(trimmed) ? parseMoneyToFen(trimmed) : null;
}

function toBig(value: string | null): bigint | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return BigInt(value);
}

/**
 * Months in a cycle: a quarterly or yearly package is compared with that many months of the monthly one; a
 * period of custom days is compared with nothing (no saving is claimed).
 */
const CYCLE_MONTHS: Record<Exclude<Package['type'], 'custom'>, bigint> = {
  monthly: 1n,
  quarterly: 3n,
  yearly: 12n,
};

function sameMonthlyTraffic(
  monthly: Package,
  longer: Package & { type: keyof typeof CYCLE_MONTHS },
): boolean {
  if (monthly.traffic_bytes === null || longer.traffic_bytes === null)
    return monthly.traffic_bytes === longer.traffic_bytes;
  const m = toBig(monthly.traffic_bytes);
  const l = toBig(longer.traffic_bytes);
  // Traffic is per cycle: the same service for a quarter is 3 x the monthly traffic, for a year 12 x.
  return m !== null && l !== null && l === m * CYCLE_MONTHS[longer.type];
}

export interface CycleSaving {
  /** The monthly package of the same tier. */
  monthly: Package;
  /** Months of the monthly price - the package's price, as money string. */
  amount: string;
  /** Whole percent of the months of the monthly price. */
  percent: number;
}

/**
 * The saving of a quarterly or yearly package against paying the monthly package of the same tier for as many
 * months. The tier must be unambiguous: same devices, same speed, same traffic per month and, when several monthly
 * packages fit, the one with the same name (or whose name begins the package's). No monthly counterpart, an
 * ambiguous one or no saving: null (nothing is claimed).
 */
export function cycleSaving(pkg: Package, packages: readonly Package[]): CycleSaving | null {
  if (pkg.type === 'monthly' || pkg.type === 'custom') return null;
  const type = pkg.type;
  let candidates = packages.filter(
    (p) =>
      p.type === 'monthly' &&
      p.id !== pkg.id &&
      p.device_limit === pkg.device_limit &&
      p.speed_limit_mbps === pkg.speed_limit_mbps &&
      sameMonthlyTraffic(p, { ...pkg, type }),
  );
  if (candidates.length > 1) {
    const named = candidates.filter((p) => p.name.trim() !== '' && p.name.trim() === pkg.name.trim());
    candidates =
      named.length > 0
        ? named
        : candidates.filter((p) => p.name.trim() !== '' && pkg.name.startsWith(p.name.trim()));
  }
  if (candidates.length !== 1) return null;
  const monthly = candidates[0]!;
  const monthlyFen = fen(monthly.price);
  const ownFen = fen(pkg.price);
  if (monthlyFen === null || ownFen === null) return null;
  const fullFen = monthlyFen * Number(CYCLE_MONTHS[type]);
  const savedFen = fullFen - ownFen;
  if (savedFen <= 0) return null;
  return { monthly, amount: fenToString(savedFen), percent: Math.round((savedFen * 100) / fullFen) };
}
