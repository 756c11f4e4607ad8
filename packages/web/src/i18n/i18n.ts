import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LOCALES,
  STORAGE_KEYS,
  validationKeyName,
} from '@portal/contract';
import type { Locale } from '@portal/contract';
import { browserLanguages, htmlLang, resolveInitialLocale } from './language';
import { RESOURCES } from './resources';

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

/** `<html lang>`, and the cookie by which the server picks the prerendered landing page of this language. */
function applyHtmlLang(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = htmlLang(locale);
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

export const i18n = i18next.createInstance();

const initialLocale = resolveInitialLocale(readStoredLanguage(), browserLanguages());

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  nonExplicitSupportedLngs: false,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyHtmlLang(initialLocale);

i18n.on('languageChanged', (lng) => {
  if (isLocale(lng)) applyHtmlLang(lng);
});

/** The language in use now. */
export function currentLocale(): Locale {
  const lng = i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** The switcher's action: remember the choice and switch. */
export async function setLanguage(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, locale);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  await i18n.changeLanguage(locale);
}

/** A form error: a contract validation key (`v.email_invalid`) becomes text in the current language. */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const name = validationKeyName(message);
  return name ? i18n.t(`v.${name}`) : message;
}
