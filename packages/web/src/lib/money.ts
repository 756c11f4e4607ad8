/**
 * Money display in the interface language (lib/format-number.ts: ¥, thousands separators, two decimals, a real
 * minus) and sums in fen of checked amount strings.
 */
import { CURRENCY_SYMBOL, isMoneyString, parseMoneyToFen } from '@portal/contract';
import type { Locale } from '@portal/contract';
import { currentLocale } from '../i18n/i18n';
import { formatDecimal, formatYuan } from './format-number';

/** "1234.5" -> "¥1,234.50", "-3" -> "−¥3.00". */
export function yuan(value: string | number | null | undefined, locale: Locale = currentLocale()): string {
  return formatYuan(value, locale);
}

/** A chart axis tick: "¥0", "¥150", "¥1,200", "¥12.5" (no trailing zeros; the tooltip shows the exact amount). */
export function yuanTick(value: number, locale: Locale = currentLocale()): string {
  return value < 0
    ? `\u2212${CURRENCY_SYMBOL}${formatDecimal(-value, locale)}`
    : `${CURRENCY_SYMBOL}${formatDecimal(value, locale)}`;
}

/** A signed ledger delta: "+12.50" -> "+¥12.50", "-3.00" -> "−¥3.00". */
export function signedYuan(delta: string | number, locale: Locale = currentLocale()): string {
  return formatYuan(delta, locale, { signed: true });
}

export function isDebit(delta: string): boolean {
  return delta.trim().startsWith('-');
}

/** Fen of a valid amount string, else null. */
export function toFen(value: string): number | null {
  const trimmed = value.trim();
  return isMoneyString(trimmed) ? parseMoneyToFen(trimmed) : null;
}

/** quantity x amount in fen, or null when the amount is not valid. */
export function totalFen(quantity: number, amount: string): number | null {
  const fen = toFen(amount);
  return fen === null || !Number.isInteger(quantity) ? null : fen * quantity;
}

/** The CNY an amount of USDT credits at `rate` (CNY per USDT), in fen; null when either is not a number. */
export function creditedFen(usdt: string, rate: string): number | null {
  const fen = toFen(usdt);
  const r = Number(rate);
  if (fen === null || !Number.isFinite(r) || r <= 0) return null;
  return Math.round(fen * r);
}
