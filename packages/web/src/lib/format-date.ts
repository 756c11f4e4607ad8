import { localeToHeader } from '@portal/contract';
import type { Locale } from '@portal/contract';

/** An ISO timestamp as date and time in the UI language ("2026/1/5 14:03"); the raw text if it is not a date. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeToHeader(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** Only the date ("2026年1月5日", "Jan 5, 2026"). */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeToHeader(locale), { dateStyle: 'medium' }).format(date);
}
