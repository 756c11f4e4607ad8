/**
 * The translation resources: the app's messages plus the contract's validation messages (`v.<name>`) and error
 * catalogue (`errors.<code>`), so a zod issue message like `v.email_invalid` translates with `t`. Each language's
 * messages, with its texts from the contract, are a chunk of their own: a visitor downloads only the language in use
 * (another one when they switch).
 */
import type { Locale, ValidationMessageKey } from '@portal/contract';
import type { Messages } from './locales/zh_CN';

/** A language's messages and its texts from the contract (locales/<locale>.ts): one chunk. */
const LANGUAGES: Record<Locale, () => Promise<{ messages: Messages; texts: ContractTexts }>> = {
  zh_CN: () => import('./locales/zh_CN').then((m) => ({ messages: m.zhCN, texts: m.contractTexts })),
  zh_TW: () => import('./locales/zh_TW').then((m) => ({ messages: m.zhTW, texts: m.contractTexts })),
  en: () => import('./locales/en').then((m) => ({ messages: m.en, texts: m.contractTexts })),
};

export const MESSAGE_LOADERS: Record<Locale, () => Promise<Messages>> = {
  zh_CN: () => LANGUAGES.zh_CN().then((l) => l.messages),
  zh_TW: () => LANGUAGES.zh_TW().then((l) => l.messages),
  en: () => LANGUAGES.en().then((l) => l.messages),
};

interface ContractTexts {
  v: Record<ValidationMessageKey, string>;
  errors: Record<string, string>;
}

export type TranslationResource = Messages & ContractTexts;

/** One language's resource, loaded on demand. */
export async function loadResource(locale: Locale): Promise<TranslationResource> {
  const { messages, texts } = await LANGUAGES[locale]();
  return { ...messages, ...texts };
}
