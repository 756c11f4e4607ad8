import { describe, expect, it } from 'vitest';
import { plural } from '@portal/contract';
import { interpolate, Translator } from './translator';

const messages = {
  en: {
    common: { close: 'Close', pageOf: 'Page {{page}} of {{pages}}' },
    only: 'English only',
    daysLeft: plural('{{count}} days left', '{{count}} day left'),
  },
  zh_CN: {
    common: { close: '关闭', pageOf: '第 {{page}} / {{pages}} 页' },
    daysLeft: plural('剩余 {{count}} 天'),
  },
};
const admin = {
  en: { users: { title: 'Users' }, permissions: { 'users.read': 'View users', users: { other: 'Nested' } } },
  zh_CN: { users: { title: '用户' }, permissions: { 'users.read': '查看用户', users: { other: '嵌套' } } },
};

function translator() {
  const loads: string[] = [];
  const i18n = new Translator();
  i18n.addLoader('translation', (language) => {
    loads.push(`translation:${language}`);
    const tree = messages[language as keyof typeof messages];
    return tree ? Promise.resolve(tree) : Promise.reject(new Error(`no ${language}`));
  });
  return { i18n, loads };
}

// The keys below are not the app's: the calls go through `translate`, which takes any key.
describe('Translator', () => {
  it('fills placeholders and leaves one without a value as written', () => {
    expect(interpolate('Page {{page}} of {{ pages }}', { page: 2, pages: 0 })).toBe('Page 2 of 0');
    expect(interpolate('Page {{page}} of {{pages}}', { page: 2 })).toBe('Page 2 of {{pages}}');
    expect(interpolate('{{a}}{{a}}', { a: 'x' })).toBe('xx');
    expect(interpolate('no placeholders', { a: 1 })).toBe('no placeholders');
  });

  it("picks a plural text's form by `count` with the language's rules", async () => {
    const { i18n } = translator();
    await i18n.loadLanguages(['en', 'zh_CN']);
    const t = (language: string, options?: Record<string, unknown>) =>
      i18n.translate(language, 'translation', 'daysLeft', options);
    expect(t('en', { count: 1 })).toBe('1 day left');
    expect(t('en', { count: 0 })).toBe('0 days left');
    expect(t('en', { count: 2 })).toBe('2 days left');
    expect(t('en', { count: 1.5 })).toBe('1.5 days left');
    expect(t('zh_CN', { count: 1 })).toBe('剩余 1 天');
    // Without a number the general form, its placeholder as written.
    expect(t('en')).toBe('{{count}} days left');
    expect(t('en', { count: '1' })).toBe('1 days left');
  });

  it('loads a language before switching to it, tells its listeners once, and loads it once', async () => {
    const { i18n, loads } = translator();
    const heard: string[] = [];
    const stop = i18n.onLanguageChanged((language) => heard.push(language));
    await i18n.changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.translate('en', 'translation', 'common.pageOf', { page: 1, pages: 3 })).toBe('Page 1 of 3');
    await i18n.changeLanguage('zh_CN');
    await i18n.changeLanguage('zh_CN');
    await i18n.changeLanguage('en');
    expect(heard).toEqual(['en', 'zh_CN', 'en']);
    expect(loads).toEqual(['translation:en', 'translation:zh_CN']);
    stop();
    await i18n.changeLanguage('zh_CN');
    expect(heard).toHaveLength(3);
  });

  it('a switch whose messages arrive late does not undo a later switch', async () => {
    const i18n = new Translator();
    let releaseEnglish = () => {};
    const english = new Promise<void>((resolve) => (releaseEnglish = resolve));
    i18n.addLoader('translation', async (language) => {
      if (language === 'en') await english;
      return messages[language as keyof typeof messages];
    });
    await i18n.changeLanguage('zh_CN');
    const slow = i18n.changeLanguage('en');
    await i18n.changeLanguage('zh_CN');
    releaseEnglish();
    await slow;
    expect(i18n.language).toBe('zh_CN');
  });

  it('keeps the language in use when another cannot load', async () => {
    const { i18n } = translator();
    await i18n.changeLanguage('en');
    await expect(i18n.changeLanguage('fr')).rejects.toThrow('no fr');
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.close')).toBe('Close');
  });

  it('answers with the key for a text it does not have, or a key that names a group', async () => {
    const { i18n } = translator();
    await i18n.changeLanguage('zh_CN');
    expect(i18n.translate('zh_CN', 'translation', 'only')).toBe('only');
    expect(i18n.translate('zh_CN', 'translation', 'common')).toBe('common');
    expect(i18n.translate('zh_CN', 'translation', 'common.close.more')).toBe('common.close.more');
  });

  it('a fixed translation keeps its language and namespace; a namespace added later loads in the language in use', async () => {
    const { i18n } = translator();
    await i18n.changeLanguage('zh_CN');
    const english = i18n.getFixedT('en');
    await i18n.loadLanguages('en');
    expect(english('common.close')).toBe('Close');
    expect(i18n.t('common.close')).toBe('关闭');

    i18n.addLoader('admin', (language) => Promise.resolve(admin[language as keyof typeof admin]));
    await i18n.loadNamespaces('admin');
    expect(i18n.getResource('zh_CN', 'admin', 'users.title')).toBe('用户');
    expect(i18n.getResourceBundle('en', 'admin')).toBeUndefined();
    // A switch loads every namespace of the new language.
    await i18n.changeLanguage('en');
    expect(i18n.translate('en', 'admin', 'users.title')).toBe('Users');
  });

  it('finds a name that holds dots itself, beside a group of the same first part', async () => {
    const { i18n } = translator();
    i18n.addLoader('admin', (language) => Promise.resolve(admin[language as keyof typeof admin]));
    await i18n.changeLanguage('en');
    expect(i18n.translate('en', 'admin', 'permissions.users.read')).toBe('View users');
    expect(i18n.translate('en', 'admin', 'permissions.users.other')).toBe('Nested');
    expect(i18n.translate('en', 'admin', 'permissions.users.none')).toBe('permissions.users.none');
  });
});
