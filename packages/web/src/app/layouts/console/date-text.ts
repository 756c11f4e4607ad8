import { localeToHeader } from '@portal/contract';
import type { Locale } from '@portal/contract';

/** Today in the UI language, e.g. "2026年11月22日 星期日", "Sunday, November 22, 2026". */
export function formatToday(date: Date, locale: Locale): string {
  const tag = localeToHeader(locale);
  if (locale === 'en') {
    return new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(date);
  }
  const day = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long' }).format(date);
  return `${day} ${weekday}`;
}
