/** Which interface language to use (product rules §4.8): stored choice if valid, else the browser's, else zh_CN. */
import { detectLocale, isLocale, localeToHeader } from '@portal/contract';
import type { Locale } from '@portal/contract';

export function resolveInitialLocale(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): Locale {
  if (isLocale(stored)) return stored;
  return detectLocale(browserLanguages);
}

/** The value of `<html lang>` and `Accept-Language`: zh_CN -> zh-CN. */
export function htmlLang(locale: Locale): string {
  return localeToHeader(locale);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
