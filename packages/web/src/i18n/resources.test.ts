import { describe, expect, it } from 'vitest';
import { ERRORS, LOCALES, VALIDATION_MESSAGES } from '@portal/contract';
import {
  chineseCopyFaults,
  chineseCopyReport,
  englishCopyFaults,
  englishCopyReport,
} from '@portal/contract/copy-style';
import { legalEn, legalZhCN, legalZhTW } from './locales/features/legal';
import { i18n, translateValidation } from './i18n';
import type { Locale } from '@portal/contract';
import type { Messages } from './locales/zh_CN';
import { loadResource, MESSAGE_LOADERS } from './resources';
import type { TranslationResource } from './resources';

const RESOURCES = Object.fromEntries(
  await Promise.all(
    LOCALES.map(async (locale) => [locale, { translation: await loadResource(locale) }] as const),
  ),
) as Record<Locale, { translation: TranslationResource }>;
const MESSAGES = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, await MESSAGE_LOADERS[locale]()] as const)),
) as Record<Locale, Messages>;

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

describe('translations', () => {
  const all = LOCALES.map(
    (locale) => [locale, leaves(RESOURCES[locale].translation as unknown as Tree)] as const,
  );
  const keys = new Set(all.flatMap(([, map]) => [...map.keys()]));

  it('have keys', () => {
    expect(keys.size).toBeGreaterThan(100);
  });

  it.each(LOCALES)('%s has every key, none empty', (locale) => {
    const map = all.find(([l]) => l === locale)?.[1] ?? new Map<string, string>();
    const missing = [...keys].filter((key) => !map.has(key));
    const empty = [...map].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(missing).toEqual([]);
    expect(empty).toEqual([]);
  });

  it('keep the interpolation variables of zh_CN', () => {
    const source = leaves(MESSAGES.zh_CN as unknown as Tree);
    const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const locale of LOCALES) {
      const map = leaves(MESSAGES[locale] as unknown as Tree);
      for (const [key, text] of source)
        expect([locale, key, vars(map.get(key) ?? '')]).toEqual([locale, key, vars(text)]);
    }
  });

  it('include the contract validation messages and error catalogue', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('v.email_invalid')).toBe(VALIDATION_MESSAGES.email_invalid.en);
    expect(translateValidation('v.password_mismatch')).toBe('The passwords do not match');
    expect(translateValidation('plain text')).toBe('plain text');
    expect(i18n.t(`errors.${ERRORS.WRONG_PASSWORD.code}`)).toBe(ERRORS.WRONG_PASSWORD.message.en);
    await i18n.changeLanguage('zh_TW');
    expect(translateValidation('v.password_mismatch')).toBe('兩次輸入的密碼不一致');
    expect(document.documentElement.lang).toBe('zh-TW');
    await i18n.changeLanguage('zh_CN');
    expect(i18n.t('console.loggedOut')).toBe('已安全退出');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});

describe('Chinese copy style (您, full-width punctuation)', () => {
  it('finds what it looks for', () => {
    expect(chineseCopyFaults('选择适合你的方案')).toHaveLength(1);
    expect(chineseCopyFaults('联系你们')).toEqual([]);
    expect(chineseCopyFaults('遇到问题?')).toHaveLength(1);
    expect(chineseCopyFaults('充值,付款')).toHaveLength(1);
    expect(chineseCopyFaults('套餐(季付)')).toHaveLength(1);
    expect(chineseCopyFaults('点击"订阅链接"按钮')).toHaveLength(1);
    expect(chineseCopyFaults('点击“订阅链接”按钮，运行 "curl -L"')).toEqual([]);
    expect(chineseCopyFaults('链接：https://example.com/sub?format=clash')).toEqual([]);
    expect(chineseCopyFaults('命令：\n\n~~~\ncurl "您的订阅链接?format=clash"\n~~~\n')).toEqual([]);
    expect(chineseCopyFaults('加上 `您的链接?format=clash`')).toEqual([]);
  });

  // The operators' console's messages are walked by admin/i18n/messages.test.ts.
  it.each(['zh_CN', 'zh_TW'] as const)('%s: portal, contract and legal texts keep it', (locale) => {
    const legal = locale === 'zh_CN' ? legalZhCN : legalZhTW;
    expect(chineseCopyReport({ portal: RESOURCES[locale].translation, legal })).toEqual([]);
  });

  it('English copy writes "email" (a line may break at the hyphen of "e-mail")', () => {
    expect(englishCopyFaults('Verify your e-mail')).toHaveLength(1);
    expect(englishCopyFaults('Resend the E-mail')).toHaveLength(1);
    expect(englishCopyFaults('Verify your email; `e-mail` in code')).toEqual([]);
    expect(englishCopyReport({ portal: RESOURCES.en.translation, legal: legalEn })).toEqual([]);
  });
});
