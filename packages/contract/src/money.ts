/**
 * Money is integers: CNY in fen (1/100 ¥), USDT in micro-units. JSON carries decimal strings ("12.50").
 */
const MONEY_RE = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/** "12.5" -> 1250. Throws on anything that is not a non-negative amount with at most two decimals. */
export function parseMoneyToFen(value: string): number {
  if (!MONEY_RE.test(value)) throw new RangeError(`not a money amount: ${value}`);
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 -> "12.50" (the JSON form). */
export function fenToString(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an integer amount: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function isMoneyString(value: string): boolean {
  return MONEY_RE.test(value);
}

/**
 * Display form of a balance: thousands separators and two decimals; "0.00" for anything that is not a number
 * (product rules §2, sidebar balance).
 */
export function formatMoney(value: unknown): string {
  const n =
    typeof value === 'string' && value.trim() !== ''
      ? Number(value)
      : typeof value === 'number'
        ? value
        : NaN;
  if (!Number.isFinite(n)) return '0.00';
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
