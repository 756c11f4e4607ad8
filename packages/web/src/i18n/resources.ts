/**
 * The translation resources: the app's messages plus the contract's validation messages (`v.<name>`) and error
 * catalogue (`errors.<code>`), so a zod issue message like `v.email_invalid` translates with `t`.
 */
import { ERRORS, LOCALES, VALIDATION_MESSAGES } from '@portal/contract';
import type { Locale, ValidationMessageKey } from '@portal/contract';
import { en } from './locales/en';
import { zhCN } from './locales/zh_CN';
import type { Messages } from './locales/zh_CN';
import { zhTW } from './locales/zh_TW';

export const MESSAGES: Record<Locale, Messages> = { zh_CN: zhCN, zh_TW: zhTW, en };

export type TranslationResource = Messages & {
  v: Record<ValidationMessageKey, string>;
  errors: Record<string, string>;
};

function validationFor(locale: Locale): Record<ValidationMessageKey, string> {
  const entries = Object.entries(VALIDATION_MESSAGES).map(([name, text]) => [name, text[locale]] as const);
  return Object.fromEntries(entries) as Record<ValidationMessageKey, string>;
}

function errorsFor(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.values(ERRORS).map((e) => [String(e.code), e.message[locale]]));
}

export function buildResource(locale: Locale): TranslationResource {
  return { ...MESSAGES[locale], v: validationFor(locale), errors: errorsFor(locale) };
}

export const RESOURCES = Object.fromEntries(
  LOCALES.map((locale) => [locale, { translation: buildResource(locale) }]),
) as Record<Locale, { translation: TranslationResource }>;
