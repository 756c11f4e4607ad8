/**
 * Pure helpers about packages on sale, shared by the console's plan cards and the landing page's pricing (which
 * must not load console code): traffic labels and the honest annual saving.
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

function sameMonthlyTraffic(monthly: Package, yearly: Package): boolean {
  if (monthly.traffic_bytes === null || yearly.traffic_bytes === null)
    return monthly.traffic_bytes === yearly.traffic_bytes;
  const m = toBig(monthly.traffic_bytes);
  const y = toBig(yearly.traffic_bytes);
  // Traffic is per cycle: the same service for a year is 12 x the monthly traffic.
  return m !== null && y !== null && y === m * 12n;
}

export interface AnnualSaving {
  monthly: Package;
  /** 12 x monthly price - yearly price, as money string. */
  amount: string;
  /** Whole percent of 12 x the monthly price. */
  percent: number;
}

/**
 * The saving of a yearly package against 12 months of the monthly package of the same family. The pair must be
 * unambiguous: same devices, same speed, same traffic per month and, when several monthly packages fit, the one
 * whose name begins the yearly name. No pair, an ambiguous pair or no saving: null.
 */
export function annualSaving(yearly: Package, packages: readonly Package[]): AnnualSaving | null {
  if (yearly.type !== 'yearly') return null;
  let candidates = packages.filter(
    (p) =>
      p.type === 'monthly' &&
      p.id !== yearly.id &&
      p.device_limit === yearly.device_limit &&
      p.speed_limit_mbps === yearly.speed_limit_mbps &&
      sameMonthlyTraffic(p, yearly),
  );
  if (candidates.length > 1) {
    candidates = candidates.filter((p) => p.name.trim() !== '' && yearly.name.startsWith(p.name.trim()));
  }
  if (candidates.length !== 1) return null;
  const monthly = candidates[0]!;
  const monthlyFen = fen(monthly.price);
  const yearlyFen = fen(yearly.price);
  if (monthlyFen === null || yearlyFen === null) return null;
  const fullFen = monthlyFen * 12;
  const savedFen = fullFen - yearlyFen;
  if (savedFen <= 0) return null;
  return { monthly, amount: fenToString(savedFen), percent: Math.round((savedFen * 100) / fullFen) };
}
