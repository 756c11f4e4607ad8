import { describe, expect, it } from 'vitest';
import { htmlLang, resolveInitialLocale } from './language';

describe('initial language', () => {
  it('a valid stored choice wins', () => {
    expect(resolveInitialLocale('en', ['zh-TW'])).toBe('en');
    expect(resolveInitialLocale('zh_TW', ['en-US'])).toBe('zh_TW');
  });

  it('an invalid stored value falls back to the browser', () => {
    expect(resolveInitialLocale('fr', ['en-GB'])).toBe('en');
    expect(resolveInitialLocale('zh-CN', ['zh-TW'])).toBe('zh_TW');
  });

  it.each([
    [['zh-CN'], 'zh_CN'],
    [['zh-Hans-CN'], 'zh_CN'],
    [['zh-TW'], 'zh_TW'],
    [['zh-Hant'], 'zh_TW'],
    [['zh-SG'], 'zh_CN'],
    [['en-US'], 'en'],
    [['fr-FR', 'en'], 'en'],
    [['fr-FR', 'de'], 'zh_CN'],
    [[], 'zh_CN'],
  ] as const)('browser %j gives %s', (languages, expected) => {
    expect(resolveInitialLocale(null, languages)).toBe(expected);
  });

  it('the html lang uses a hyphen', () => {
    expect(htmlLang('zh_CN')).toBe('zh-CN');
    expect(htmlLang('zh_TW')).toBe('zh-TW');
    expect(htmlLang('en')).toBe('en');
  });
});
