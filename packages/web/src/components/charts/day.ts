import { localeToHeader } from '@portal/contract';
import type { Locale } from '@portal/contract';

/**
 * A calendar day "2026-11-05" as month and day ("11月5日", "Nov 5") for a chart's tooltip and table, whatever the
 * browser's time zone; any other text as it is. (Here, not in lib/format-date.ts: only the charts' chunk needs it.)
 */
export function formatDay(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(localeToHeader(locale), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
