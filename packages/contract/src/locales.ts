/** The three interface languages (product rules §1), and how a browser or an HTTP header picks one (§4.8, §7). */
export const LOCALES = ['zh_CN', 'zh_TW', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh_CN';

export interface LanguageOption {
  code: Locale;
  name: string;
  nativeName: string;
  flag: string;
}

export const LANGUAGE_OPTIONS: readonly LanguageOption[] = [
  { code: 'zh_CN', name: 'Simplified Chinese', nativeName: '简体中文', flag: '🇨🇳' },
  { code: 'zh_TW', name: 'Traditional Chinese', nativeName: '繁體中文', flag: '🇹🇼' },
  { code: 'en', name: 'English', nativeName: 'English', flag: '🇺🇸' },
];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps one language tag (`zh-CN`, `zh_Hant_TW`, `en-GB`…) to a locale, or null when none fits.
 * zh-tw / zh-hant (and the Hong Kong and Macau tags, which use traditional characters) give zh_TW,
 * zh-cn / zh-hans and any other zh give zh_CN, en* gives en.
 */
export function localeFromTag(tag: string): Locale | null {
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (t === '') return null;
  if (t === 'zh-tw' || t.startsWith('zh-tw-') || t.startsWith('zh-hant') || t === 'zh-hk' || t === 'zh-mo') {
    return 'zh_TW';
  }
  if (t === 'zh' || t.startsWith('zh-')) return 'zh_CN';
  if (t === 'en' || t.startsWith('en-')) return 'en';
  return null;
}

/** The first supported language among the browser's preferences, else the default. */
export function detectLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** Picks the locale of an `Accept-Language` header, honouring q-values; default zh_CN. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return detectLocale(ranked.map((entry) => entry.tag));
}

/** `zh_CN` -> `zh-CN`, the form sent in `Accept-Language` (product rules §7). */
export function localeToHeader(locale: Locale): string {
  return locale.replace('_', '-');
}

export type Localized = Record<Locale, string>;
