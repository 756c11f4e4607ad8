import { localeToHeader } from '@portal/contract';
import type { Locale } from '@portal/contract';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and options, made once (making one costs far more than using it). */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeToHeader(locale), options);
    dateFormats.set(key, format);
  }
  return format;
}

const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

/** An ISO timestamp as date and time in the UI language ("2026/1/5 14:03"); the raw text if it is not a date. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Date and time in fewer characters, for a value in half a phone card that must stay on one line: the same words
 * as `formatDateTime` without the year when it is this year ("11月24日 16:33", "Nov 24, 4:33 PM"); with it
 * otherwise. Tables and cards so read alike.
 */
export function formatDateTimeCompact(
  iso: string | null | undefined,
  locale: Locale,
  now: number = Date.now(),
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.getFullYear() !== new Date(now).getFullYear()) return formatDateTime(iso, locale);
  return dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** Only the date ("2026年1月5日", "Jan 5, 2026"). */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** How long ago (or ahead) `iso` is from `now`, in the UI language ("3 分钟前", "3 minutes ago", "now"). */
export function formatRelativeTime(iso: string | null | undefined, locale: Locale, now: number): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeToHeader(locale), { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  let value = (time - now) / 1000;
  if (Math.abs(value) < 10) return format.format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    const rounded = Math.round(value);
    if (Math.abs(rounded) < size) return format.format(rounded, unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
