import { describe, expect, it } from 'vitest';
import { detectLocale, localeFromAcceptLanguage, localeFromTag, localeToHeader } from './locales.js';

describe('language selection (product rules §4.8, §7)', () => {
  it('maps browser tags by the rules of product rules §4.8', () => {
    expect(localeFromTag('zh-CN')).toBe('zh_CN');
    expect(localeFromTag('zh-Hans')).toBe('zh_CN');
    expect(localeFromTag('zh-SG')).toBe('zh_CN');
    expect(localeFromTag('zh')).toBe('zh_CN');
    expect(localeFromTag('zh-TW')).toBe('zh_TW');
    expect(localeFromTag('zh-Hant-HK')).toBe('zh_TW');
    expect(localeFromTag('zh_TW')).toBe('zh_TW');
    expect(localeFromTag('en-GB')).toBe('en');
    expect(localeFromTag('en')).toBe('en');
    expect(localeFromTag('fr')).toBeNull();
  });

  it('takes the first supported browser language, default zh_CN', () => {
    expect(detectLocale(['fr-FR', 'en-US', 'zh-CN'])).toBe('en');
    expect(detectLocale(['de', 'ja'])).toBe('zh_CN');
    expect(detectLocale([])).toBe('zh_CN');
  });

  it('honours q-values in Accept-Language', () => {
    expect(localeFromAcceptLanguage('en;q=0.2, zh-TW;q=0.8')).toBe('zh_TW');
    expect(localeFromAcceptLanguage('zh-TW;q=0, en')).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('zh_CN');
    expect(localeFromAcceptLanguage(undefined)).toBe('zh_CN');
  });

  it('sends the locale with a hyphen', () => {
    expect(localeToHeader('zh_TW')).toBe('zh-TW');
    expect(localeToHeader('en')).toBe('en');
  });
});
