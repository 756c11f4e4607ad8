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
import { loadResource } from './resources';

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

/**
 * Loads a language's messages when i18next asks for them (at start, and on a switch): its own chunk, so only the
 * language in use is downloaded (app-boot.js preloads the one it expects alongside the entry).
 */
/** Loaders of the namespaces besides the app's messages (the operators' console adds its own: `admin`). */
const namespaceLoaders = new Map<string, (locale: Locale) => Promise<object>>([
  ['translation', loadResource],
]);

/**
 * Adds a namespace of messages, loaded like the app's (its own chunk per language, again on a language switch),
 * and loads it for the language in use. The operators' console's messages never reach the customer's bundles.
 */
export async function addNamespace(
  namespace: string,
  load: (locale: Locale) => Promise<object>,
): Promise<void> {
  namespaceLoaders.set(namespace, load);
  await i18n.loadNamespaces(namespace);
}

const lazyMessages = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (error: Error | null, data?: object) => void) {
    const load = namespaceLoaders.get(namespace);
    if (!isLocale(language) || !load) {
      done(new Error(`unknown language ${language} or namespace ${namespace}`));
      return;
    }
    load(language).then(
      (resource) => done(null, resource),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  },
};

// Top-level await: every module that imports this one finds the current language's messages in place.
await i18n
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    lng: initialLocale,
    // Every language has every key (typed and tested): no second language to download as a fallback.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
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

/**
 * The error catalogue's text for `code` in `locale` (`errors.<code>`, loaded with that language's messages: the
 * contract's modules in the browser hold the codes, not the texts); undefined when unknown or not loaded.
 */
export function catalogueText(code: number, locale: Locale): string | undefined {
  const text: unknown = i18n.getResource(locale, 'translation', `errors.${code}`);
  return typeof text === 'string' && text !== '' ? text : undefined;
}
