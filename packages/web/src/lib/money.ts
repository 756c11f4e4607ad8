/** Money display (¥ with thousands separators and two decimals) and sums in fen of checked amount strings. */
import { CURRENCY_SYMBOL, formatMoney, isMoneyString, parseMoneyToFen } from '@portal/contract';

/** "1234.5" -> "¥1,234.50". */
export function yuan(value: string | number | null | undefined): string {
  return `${CURRENCY_SYMBOL}${formatMoney(value)}`;
}

/** A signed ledger delta: "+12.50" -> "+¥12.50", "-3.00" -> "-¥3.00". */
export function signedYuan(delta: string): string {
  const trimmed = delta.trim();
  const sign = trimmed.startsWith('-') ? '-' : '+';
  return `${sign}${CURRENCY_SYMBOL}${formatMoney(trimmed.replace(/^[+-]/, ''))}`;
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
