/**
 * The translation resources: the app's messages plus the contract's validation messages (`v.<name>`) and error
 * catalogue (`errors.<code>`), so a zod issue message like `v.email_invalid` translates with `t`. Each language's
 * messages are a chunk of their own: a visitor downloads only the language in use (another one when they switch).
 */
import { ERRORS, VALIDATION_MESSAGES } from '@portal/contract';
import type { Locale, ValidationMessageKey } from '@portal/contract';
import type { Messages } from './locales/zh_CN';

export const MESSAGE_LOADERS: Record<Locale, () => Promise<Messages>> = {
  zh_CN: () => import('./locales/zh_CN').then((m) => m.zhCN),
  zh_TW: () => import('./locales/zh_TW').then((m) => m.zhTW),
  en: () => import('./locales/en').then((m) => m.en),
};

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

export function buildResource(locale: Locale, messages: Messages): TranslationResource {
  return { ...messages, v: validationFor(locale), errors: errorsFor(locale) };
}

/** One language's resource, its messages loaded on demand. */
export async function loadResource(locale: Locale): Promise<TranslationResource> {
  return buildResource(locale, await MESSAGE_LOADERS[locale]());
}
