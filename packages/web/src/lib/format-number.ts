/**
 * The one way the web app writes numbers: bytes ("20 GB", "2.4 TB", "512 MB", "0 B"), traffic usage
 * ("1.2 GB / 200 GB (0.6%)"), percentages and money ("¥15.00", "−¥3.50"), in the interface language.
 * Pure: the caller gives the locale (lib/money.ts and the hooks default to the language in use).
 */
import { CURRENCY_SYMBOL, localeToHeader } from '@portal/contract';
import type { Locale } from '@portal/contract';

/** A real minus sign (U+2212), not a hyphen. */
export const MINUS = '\u2212';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeToHeader(locale), options);
    formats.set(key, format);
  }
  return format;
}

/** 1234.5 -> "1,234.5": grouped, at most `maxFraction` decimals, no trailing zeros. */
export function formatDecimal(value: number, locale: Locale, maxFraction = 2): string {
  return numberFormat(locale, { maximumFractionDigits: maxFraction }).format(value);
}

/** 1024-based units, as the product counts traffic and attachment sizes. */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

function toCount(bytes: string | number | bigint | null | undefined): number {
  const n = typeof bytes === 'number' ? bytes : Number(bytes ?? NaN);
  return Number.isFinite(n) ? n : 0;
}

/** Decimals that keep at most three significant digits: 1.23, 12.3, 123. */
function fractionDigits(value: number): number {
  const abs = Math.abs(value);
  return abs < 10 ? 2 : abs < 100 ? 1 : 0;
}

function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * The unit and the rounded amount a byte count is written with. Whole bytes below 1 KB; above, at most three
 * significant digits, moving up a unit when the rounded amount would reach 1000 (1000 MB -> 0.98 GB).
 */
export function byteParts(bytes: string | number | bigint | null | undefined): {
  value: number;
  unit: ByteUnit;
  digits: number;
} {
  const n = toCount(bytes);
  const abs = Math.abs(n);
  if (abs < 1024) return { value: Math.round(n), unit: 'B', digits: 0 };
  let index = 0;
  let value = n;
  while (index < BYTE_UNITS.length - 1 && (Math.abs(value) >= 1024 || index === 0)) {
    value /= 1024;
    index += 1;
  }
  let digits = fractionDigits(value);
  if (Math.abs(roundTo(value, digits)) >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
    digits = fractionDigits(value);
  }
  return { value: roundTo(value, digits), unit: BYTE_UNITS[index]!, digits };
}

/** Bytes -> "20 GB", "2.4 TB", "512 MB", "1.5 KB", "0 B"; anything not a number counts as 0. */
export function formatBytes(bytes: string | number | bigint | null | undefined, locale: Locale): string {
  const { value, unit, digits } = byteParts(bytes);
  return `${formatSigned(value, formatDecimal(Math.abs(value), locale, digits))} ${unit}`;
}

/**
 * A share in percent (0..100) -> "0.6%", "45%", "100%"; a share above zero that would round to 0 is "<0.1%",
 * so used traffic never reads as none.
 */
export function formatPercent(percent: number | null | undefined, locale: Locale): string {
  const p = typeof percent === 'number' && Number.isFinite(percent) ? percent : 0;
  if (p > 0 && p < 0.05)
    return `<${numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(0.001)}`;
  const digits = Math.abs(p) >= 10 ? 0 : 1;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(p / 100);
}

/** "1.2 GB / 200 GB (0.6%)"; without a limit (unlimited) only the used amount. */
export function formatUsage(
  used: string | number | null | undefined,
  limit: string | number | null | undefined,
  locale: Locale,
): string {
  const usedText = formatBytes(used, locale);
  if (limit === null || limit === undefined) return usedText;
  const total = toCount(limit);
  const share = total > 0 ? (Math.max(0, toCount(used)) * 100) / total : 0;
  return `${usedText} / ${formatBytes(total, locale)} (${formatPercent(share, locale)})`;
}

function formatSigned(value: number, absText: string, plus = false): string {
  if (value < 0) return `${MINUS}${absText}`;
  return plus && value > 0 ? `+${absText}` : absText;
}

function toMoneyNumber(value: unknown): number {
  const n =
    typeof value === 'string' && value.trim() !== ''
      ? Number(value.trim())
      : typeof value === 'number'
        ? value
        : NaN;
  return Number.isFinite(n) ? n : 0;
}

export interface MoneyOptions {
  /** Write "+" before an amount above zero (a ledger movement); a negative amount always has "−". */
  signed?: boolean;
}

/**
 * Money (CNY, a decimal string or number) -> "¥1,234.50", "−¥3.00" (real minus before the symbol), always two
 * decimals; anything that is not a number reads "¥0.00".
 */
export function formatYuan(value: unknown, locale: Locale, options: MoneyOptions = {}): string {
  const n = toMoneyNumber(value);
  const abs = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(n),
  );
  // -0.001 rounds to "0.00": no sign on a zero.
  const shown = abs.replace(/[^\d]/g, '') === '000' ? 0 : n;
  return formatSigned(shown, `${CURRENCY_SYMBOL}${abs}`, options.signed);
}

/**
 * formatBytes without Intl, for the landing page's pricing (the first use of Intl costs a long task there). The
 * same text as formatBytes in zh_CN, zh_TW and en: all three group with "," and mark decimals with ".".
 */
export function formatBytesPlain(bytes: string | number | bigint | null | undefined): string {
  const { value, unit, digits } = byteParts(bytes);
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(digits).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const text = `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals ? `.${decimals}` : ''}`;
  return `${formatSigned(value, text)} ${unit}`;
}
