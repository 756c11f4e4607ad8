import {
  DEFAULT_LOCALE,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  STORAGE_KEYS,
  validationKeyName,
} from '@portal/contract';
import type { Locale } from '@portal/contract';
import { browserLanguages, htmlLang, resolveInitialLocale } from './language';
import { loadResource } from './resources';
import { Translator } from './translator';
import type { Namespace } from './translator';

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

export const i18n = new Translator();

const initialLocale = resolveInitialLocale(readStoredLanguage(), browserLanguages());

/**
 * Adds a namespace of messages, loaded like the app's (its own chunk per language, again on a language switch),
 * and loads it for the language in use. The operators' console's messages never reach the customer's bundles.
 */
export async function addNamespace(
  namespace: Namespace,
  load: (locale: Locale) => Promise<object>,
): Promise<void> {
  i18n.addLoader(namespace, (language) =>
    isLocale(language) ? load(language) : Promise.reject(new Error(`unknown language ${language}`)),
  );
  await i18n.loadNamespaces(namespace);
}

// A language's messages are its own chunk, so only the language in use is downloaded (app-boot.js preloads the one
// it expects alongside the entry); every language has every key (typed and tested), so none falls back to another.
i18n.addLoader('translation', (language) =>
  isLocale(language) ? loadResource(language) : Promise.reject(new Error(`unknown language ${language}`)),
);
i18n.onLanguageChanged((lng) => {
  if (isLocale(lng)) applyHtmlLang(lng);
});
// Top-level await: every module that imports this one finds the current language's messages in place.
await i18n.changeLanguage(initialLocale);

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
  const text = i18n.getResource(locale, 'translation', `errors.${code}`);
  return typeof text === 'string' && text !== '' ? text : undefined;
}
