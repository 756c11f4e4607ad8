import type { Locale } from '@portal/contract';
import { dateTimeFormat } from '../../../lib/format-date';

/** Today in the UI language, e.g. "2026年11月22日 星期日", "Sunday, November 22, 2026". */
export function formatToday(date: Date, locale: Locale): string {
  if (locale === 'en')
    return dateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
      date,
    );
  const day = dateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  const weekday = dateTimeFormat(locale, { weekday: 'long' }).format(date);
  return `${day} ${weekday}`;
}
