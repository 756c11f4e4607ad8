import type {
  HelpCategory,
  HelpDocument,
  HelpDocumentItem,
  HelpRatingResult,
  Locale,
} from '@portal/contract';
import type { AdminHelpDocument } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Reply } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import {
  API,
  createCategory,
  createDocument,
  createTranslated,
  lang,
  member,
  ratingTotals,
  staff,
} from './help-test-kit.js';

type Page = { items: HelpDocumentItem[]; total: number; page: number; size: number; pages: number };
type Docs = Partial<Record<Locale, AdminHelpDocument>>;

const MARKDOWN = [
  '# 标题',
  '',
  '<script>alert("x")</script>',
  '',
  '**粗体** 和 [危险链接](javascript:alert(1)) 以及 <img src=x onerror=alert(1)>',
  '',
  '```',
  'const a = 1;',
  '```',
].join('\n');

describe(`help centre (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: string;
  const docs: Record<string, Docs> = {};
  const cats = { guides: 0, faq: 0, misc: 0, empty: 0 };

  const db = () => t.database.handle.db;
  const get = <T>(url: string, locale: Locale = 'zh_CN', token = user) =>
    call<T>(t.app, { method: 'GET', url: `${API}${url}`, token, headers: lang(locale) });
  const list = (query: string, locale: Locale = 'zh_CN') => get<Page>(`/help/documents?${query}`, locale);
  const search = async (text: string, locale: Locale = 'zh_CN', extra = '') => {
    const r = await list(`search=${encodeURIComponent(text)}&size=50${extra}`, locale);
    expect(r.code, r.message).toBe(20000);
    return r.data.items.map((d) => d.slug);
  };
  const rate = (id: number, payload: unknown, token = user, locale: Locale = 'zh_CN') =>
    call<HelpRatingResult>(t.app, {
      method: 'POST',
      url: `${API}/help/documents/${id}/rating`,
      token,
      headers: lang(locale),
      payload: payload as Record<string, unknown>,
    });
  const id = (slug: string, locale: Locale = 'zh_CN') => docs[slug]![locale]!.id;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    const admin = await staff(t.app, db());
    user = await member(t.app);
    const names = (zh: string, tw: string, en: string) => ({ zh_CN: zh, zh_TW: tw, en });
    cats.guides = (await createCategory(t.app, admin, 'guides', names('指南', '指南', 'Guides'), 1)).id;
    cats.faq = (await createCategory(t.app, admin, 'faq', names('常见问题', '常見問題', 'FAQ'), 2)).id;
    cats.misc = (await createCategory(t.app, admin, 'misc', names('其他', '其他', 'Misc'), 3)).id;
    cats.empty = (await createCategory(t.app, admin, 'empty', names('空分类', '空分類', 'Empty'), 4)).id;

    docs['win-setup'] = await createTranslated(
      t.app,
      admin,
      { category_id: cats.guides, slug: 'win-setup', platform: 'windows', sort_order: 1 },
      {
        zh_CN: ['Windows 客户端设置', '在电脑上导入订阅', '打开客户端，粘贴订阅链接后更新。'],
        zh_TW: ['Windows 用戶端設定', '在電腦上匯入訂閱', '開啟用戶端，貼上訂閱連結後更新。'],
        en: [
          'Setting up the Windows client',
          'Import your subscription on a PC',
          'Open the client, paste the subscription link and update it.',
        ],
      },
    );
    docs['mac-setup'] = await createTranslated(
      t.app,
      admin,
      { category_id: cats.guides, slug: 'mac-setup', platform: 'macos', sort_order: 2 },
      {
        zh_CN: ['macOS 客户端设置', '菜单栏客户端', '请在设备上开启自动对时功能，然后连接。'],
        zh_TW: ['macOS 用戶端設定', '選單列用戶端', '請在裝置上開啟自動校時功能，然後連線。'],
        en: [
          'Setting up macOS',
          'Menu bar client',
          'Turn on automatic time sync on the device before you connect.',
        ],
      },
    );
    docs['win-clash'] = await createTranslated(
      t.app,
      admin,
      { category_id: cats.guides, slug: 'win-clash', platform: 'windows', sort_order: 3 },
      {
        zh_CN: ['Clash 使用说明', 'Windows 上的 Clash', '购买套餐后，打开订阅设置，选择规则模式。'],
        zh_TW: ['Clash 使用說明', 'Windows 上的 Clash', '購買方案後，開啟訂閱設定，選擇規則模式。'],
        en: [
          'Using Clash',
          'Clash on Windows',
          'Buy a package, open the subscription settings, choose rule mode.',
        ],
      },
    );
    docs.refund = await createTranslated(
      t.app,
      admin,
      { category_id: cats.faq, slug: 'refund', platform: null, sort_order: 1 },
      {
        zh_CN: ['退款规则', '七天内可退款', '未使用流量可全额退款。'],
        zh_TW: ['退款規則', '七天內可退款', '未使用流量可全額退款。'],
        en: ['Refund rules', 'Refunds within seven days', 'A full refund when no traffic was used.'],
      },
    );
    docs['zh-only'] = await createTranslated(
      t.app,
      admin,
      { category_id: cats.faq, slug: 'zh-only', platform: null, sort_order: 2 },
      { zh_CN: ['仅中文文档', '只有简体中文版本', '这篇文档只有简体中文。'] },
    );
    docs.markdown = await createTranslated(
      t.app,
      admin,
      { category_id: cats.faq, slug: 'markdown', platform: 'linux', sort_order: 3 },
      { zh_CN: ['Markdown 示例', '原样保存的 Markdown', MARKDOWN] },
    );
    docs.draft = await createTranslated(
      t.app,
      admin,
      { category_id: cats.faq, slug: 'draft', platform: 'windows', is_published: false, sort_order: 4 },
      {
        zh_CN: ['草稿：订阅说明', '尚未发布', '订阅链接的草稿。'],
        en: ['Draft: subscription notes', 'Not published yet', 'A draft about the subscription link.'],
      },
    );
    docs['same-a'] = await createTranslated(
      t.app,
      admin,
      { category_id: cats.misc, slug: 'same-a', platform: null, sort_order: 1 },
      { zh_CN: ['相同的标题', '相同摘要', '两篇文档内容完全相同。'] },
    );
    docs['same-b'] = await createTranslated(
      t.app,
      admin,
      { category_id: cats.misc, slug: 'same-b', platform: null, sort_order: 2 },
      { zh_CN: ['相同的标题', '相同摘要', '两篇文档内容完全相同。'] },
    );
  });
  afterAll(() => t.close());

  describe('categories', () => {
    it('counts the published documents of each category in the caller language', async () => {
      const count = async (locale: Locale) => {
        const r = await get<HelpCategory[]>('/help/categories', locale);
        expect(r.code).toBe(20000);
        return r.data.map((c) => [c.slug, c.name, c.document_count]);
      };
      expect(await count('zh_CN')).toEqual([
        ['guides', '指南', 3],
        ['faq', '常见问题', 3],
        ['misc', '其他', 2],
        ['empty', '空分类', 0],
      ]);
      expect(await count('zh_TW')).toEqual([
        ['guides', '指南', 3],
        ['faq', '常見問題', 1],
        ['misc', '其他', 0],
        ['empty', '空分類', 0],
      ]);
      expect(await count('en')).toEqual([
        ['guides', 'Guides', 3],
        ['faq', 'FAQ', 1],
        ['misc', 'Misc', 0],
        ['empty', 'Empty', 0],
      ]);
    });

    it('answers the trailing-slash forms of the paths too', async () => {
      expect((await get<HelpCategory[]>('/help/categories/')).data).toHaveLength(4);
      const r = await get<Page>('/help/documents/?size=2');
      expect(r.code).toBe(20000);
      expect(r.data.items).toHaveLength(2);
    });

    it('needs a signed-in user', async () => {
      const r = await call(t.app, { method: 'GET', url: `${API}/help/documents` });
      expect([r.status, r.code]).toEqual([401, 40001]);
    });
  });

  describe('list', () => {
    it('lists published documents of the caller language in the curated order, paginated', async () => {
      const first = await list('size=3');
      expect(first.data).toMatchObject({ total: 8, page: 1, size: 3, pages: 3 });
      expect(first.data.items.map((d) => d.slug)).toEqual(['win-setup', 'mac-setup', 'win-clash']);
      const last = await list('size=3&page=3');
      expect(last.data.items.map((d) => d.slug)).toEqual(['same-a', 'same-b']);
      expect((await list('size=3&page=4')).data.items).toEqual([]);

      const en = await list('', 'en');
      expect(en.data.items.map((d) => d.slug)).toEqual(['win-setup', 'mac-setup', 'win-clash', 'refund']);
      expect(en.data.items[0]).toMatchObject({
        title: 'Setting up the Windows client',
        summary: 'Import your subscription on a PC',
        category_id: cats.guides,
        category_name: 'Guides',
        platform: 'windows',
        views: 0,
        rating: null,
        rating_count: 0,
      });
      expect(en.data.items[0]).not.toHaveProperty('content');
    });

    it('filters by category and by platform', async () => {
      expect((await list(`category_id=${cats.faq}`)).data.items.map((d) => d.slug)).toEqual([
        'refund',
        'zh-only',
        'markdown',
      ]);
      expect((await list('platform=windows')).data.items.map((d) => d.slug)).toEqual([
        'win-setup',
        'win-clash',
      ]);
      expect((await list(`platform=windows&category_id=${cats.faq}`)).data.items).toEqual([]);
      expect((await list('platform=linux', 'en')).data.total).toBe(0);
      expect((await list(`category_id=${cats.empty}`)).data).toMatchObject({ total: 0, pages: 0 });
    });

    it('refuses unknown filters with a validation error in the caller language', async () => {
      const bad = await list('platform=beos', 'en');
      expect([bad.status, bad.code]).toEqual([422, 40004]);
      expect((bad.data as unknown as { field: string }).field).toBe('query.platform');
      const long = await list(`search=${'长'.repeat(101)}`);
      expect(long.code).toBe(40004);
      expect((long.data as unknown as { errors: { message: string }[] }).errors[0]!.message).toBe(
        '搜索内容最多 100 个字符',
      );
    });
  });

  describe('full-text search', () => {
    it('finds a 2-character simplified Chinese word, a word inside a sentence, and single characters', async () => {
      expect((await search('订阅')).sort()).toEqual(['win-clash', 'win-setup']);
      // 对时 sits in the middle of "请在设备上开启自动对时功能，然后连接。"
      expect(await search('对时')).toEqual(['mac-setup']);
      expect(await search('自动对时功能')).toEqual(['mac-setup']);
      expect((await search('阅')).sort()).toEqual(['win-clash', 'win-setup']);
      expect(await search('购买')).toEqual(['win-clash']);
    });

    it('needs the characters together: 订 and 购 apart do not match 订购', async () => {
      expect(await search('订购')).toEqual([]);
      expect(await search('时对')).toEqual([]);
    });

    it('searches traditional Chinese documents for traditional Chinese callers', async () => {
      expect((await search('訂閱', 'zh_TW')).sort()).toEqual(['win-clash', 'win-setup']);
      expect(await search('校時', 'zh_TW')).toEqual(['mac-setup']);
      expect(await search('全額退款', 'zh_TW')).toEqual(['refund']);
      // Each language searches its own documents.
      expect(await search('訂閱', 'zh_CN')).toEqual([]);
      expect(await search('订阅', 'zh_TW')).toEqual([]);
    });

    it('searches English words anywhere, case-insensitively, as prefixes, all words required', async () => {
      expect((await search('subscription', 'en')).sort()).toEqual(['win-clash', 'win-setup']);
      expect((await search('SUBSCR', 'en')).sort()).toEqual(['win-clash', 'win-setup']);
      expect(await search('paste', 'en')).toEqual(['win-setup']);
      expect(await search('windows clash', 'en')).toEqual(['win-clash']);
      expect(await search('refund traffic', 'en')).toEqual(['refund']);
      expect(await search('refund windows', 'en')).toEqual([]);
      // Full-width letters are folded: ｃｌａｓｈ is clash.
      expect(await search('ｃｌａｓｈ', 'en')).toEqual(['win-clash']);
    });

    it('mixes Latin words and Chinese, and combines with the filters', async () => {
      expect((await search('Windows 订阅')).sort()).toEqual(['win-clash', 'win-setup']);
      expect(await search('clash 规则')).toEqual(['win-clash']);
      expect(await search('订阅', 'zh_CN', `&category_id=${cats.faq}`)).toEqual([]);
      expect(await search('设置', 'zh_CN', '&platform=macos')).toEqual(['mac-setup']);
    });

    it('never finds unpublished documents, and nothing for punctuation only', async () => {
      expect(await search('草稿')).toEqual([]);
      expect(await search('draft', 'en')).toEqual([]);
      expect(await search('？！…')).toEqual([]);
      expect((await list('search=%20%20')).data.total).toBe(8);
    });

    it('ranks title hits above body hits, then by views', async () => {
      // 设置 is in two titles and in one body (订阅设置).
      const ranked = await search('设置');
      expect(ranked.slice(0, 2).sort()).toEqual(['mac-setup', 'win-setup']);
      expect(ranked.at(-1)).toBe('win-clash');
      // Two identical documents rank the same; the more viewed one comes first.
      for (let i = 0; i < 3; i += 1) await get(`/help/documents/${id('same-b')}`);
      expect(await search('相同')).toEqual(['same-b', 'same-a']);
      const paged = await list(`search=${encodeURIComponent('相同')}&size=1&page=2`);
      expect(paged.data).toMatchObject({ total: 2, pages: 2 });
      expect(paged.data.items.map((d) => d.slug)).toEqual(['same-a']);
    });
  });

  describe('document', () => {
    it('returns the Markdown source untouched: the server never turns it into HTML', async () => {
      const r = await get<HelpDocument>(`/help/documents/${id('markdown')}`);
      expect(r.code).toBe(20000);
      expect(r.data.content).toBe(MARKDOWN);
      expect(r.data).toMatchObject({ slug: 'markdown', locale: 'zh_CN', platform: 'linux', my_rating: null });
    });

    it('counts every view', async () => {
      const doc = id('refund');
      const first = await get<HelpDocument>(`/help/documents/${doc}`);
      const second = await get<HelpDocument>(`/help/documents/${doc}`);
      expect(second.data.views).toBe(first.data.views + 1);
      const other = await member(t.app);
      const third = await get<HelpDocument>(`/help/documents/${doc}`, 'zh_CN', other);
      expect(third.data.views).toBe(first.data.views + 2);
      const listed = (await list(`category_id=${cats.faq}`)).data.items.find((d) => d.slug === 'refund');
      expect(listed?.views).toBe(third.data.views);
    });

    it('answers in the caller language when the document has that translation', async () => {
      const r = await get<HelpDocument>(`/help/documents/${id('win-setup', 'zh_CN')}`, 'en');
      expect(r.data).toMatchObject({
        id: id('win-setup', 'en'),
        locale: 'en',
        title: 'Setting up the Windows client',
        category_name: 'Guides',
      });
      // Without a translation the document is shown as it is.
      const only = await get<HelpDocument>(`/help/documents/${id('zh-only')}`, 'en');
      expect(only.data).toMatchObject({ id: id('zh-only'), locale: 'zh_CN', category_name: 'FAQ' });
    });

    it('answers 40702 for unknown and unpublished documents, in the caller language', async () => {
      const missing = await get(`/help/documents/999999`, 'en');
      expect([missing.status, missing.code, missing.message]).toEqual([
        404,
        40702,
        'Help document not found',
      ]);
      const draft = await get(`/help/documents/${id('draft')}`);
      expect([draft.status, draft.code, draft.message]).toEqual([404, 40702, '帮助文档不存在']);
      const bad = await get(`/help/documents/abc`);
      expect(bad.code).toBe(40004);
    });

    it('lists a few related documents: same category and platform first, never itself or another language', async () => {
      const win = await get<HelpDocument>(`/help/documents/${id('win-setup')}`);
      expect(win.data.related.map((d) => d.slug)).toEqual(['win-clash', 'mac-setup']);
      const refund = await get<HelpDocument>(`/help/documents/${id('refund')}`);
      expect(refund.data.related.map((d) => d.slug).sort()).toEqual(['markdown', 'zh-only']);
      const en = await get<HelpDocument>(`/help/documents/${id('refund', 'en')}`, 'en');
      expect(en.data.related).toEqual([]);
      expect(win.data.related.every((d) => d.id !== win.data.id)).toBe(true);
    });
  });

  describe('ratings', () => {
    it('counts one rating per user, replaces it when changed, and keeps sum and count right', async () => {
      const doc = id('win-clash');
      const other = await member(t.app);

      const first = await rate(doc, { rating: 4, feedback: '  步骤清楚  ' });
      expect(first.code, first.message).toBe(20000);
      expect(first.data).toMatchObject({
        document_id: doc,
        rating: 4,
        rating_count: 1,
        my_rating: { rating: 4, feedback: '步骤清楚' },
      });
      expect((await rate(doc, { rating: 1 }, other)).data).toMatchObject({ rating: 2.5, rating_count: 2 });

      // Changing one's rating replaces it: the count stays, the average moves.
      const changed = await rate(doc, { rating: 5, feedback: '' });
      expect(changed.data).toMatchObject({
        rating: 3,
        rating_count: 2,
        my_rating: { rating: 5, feedback: null },
      });
      expect(await ratingTotals(db(), doc)).toEqual({
        stored: { sum: 6, count: 2 },
        actual: { sum: 6, count: 2 },
      });

      const detail = await get<HelpDocument>(`/help/documents/${doc}`);
      expect(detail.data).toMatchObject({
        rating: 3,
        rating_count: 2,
        my_rating: { rating: 5, feedback: null },
      });
      const theirs = await get<HelpDocument>(`/help/documents/${doc}`, 'zh_CN', other);
      expect(theirs.data.my_rating).toMatchObject({ rating: 1 });
      const listed = (await list('platform=windows')).data.items.find((d) => d.slug === 'win-clash');
      expect(listed).toMatchObject({ rating: 3, rating_count: 2 });
    });

    it('adds up concurrent ratings exactly', async () => {
      const doc = id('mac-setup');
      const users = await Promise.all(Array.from({ length: 8 }, () => member(t.app)));
      const results = await Promise.all(users.map((u, i) => rate(doc, { rating: (i % 5) + 1 }, u)));
      expect(results.every((r) => r.code === 20000)).toBe(true);
      // Everyone changes their mind at once, some twice.
      await Promise.all([
        ...users.map((u) => rate(doc, { rating: 5 }, u)),
        ...users.slice(0, 3).map((u) => rate(doc, { rating: 2 }, u)),
      ]);
      const totals = await ratingTotals(db(), doc);
      expect(totals.stored).toEqual(totals.actual);
      expect(totals.actual.count).toBe(8);
    });

    it('refuses a rating outside 1-5 or too much feedback with a clear message, and writes nothing', async () => {
      const doc = id('refund');
      const before = await ratingTotals(db(), doc);
      const cases: [unknown, string, Locale, string][] = [
        [{ rating: 0 }, 'body.rating', 'zh_CN', '评分须为 1 到 5 之间的整数'],
        [{ rating: 6 }, 'body.rating', 'en', 'The rating must be a whole number from 1 to 5'],
        [{ rating: 3.5 }, 'body.rating', 'zh_TW', '評分須為 1 到 5 之間的整數'],
        [{ rating: '5' }, 'body.rating', 'en', 'The rating must be a whole number from 1 to 5'],
        [{}, 'body.rating', 'zh_CN', '评分须为 1 到 5 之间的整数'],
        [
          { rating: 4, feedback: 'x'.repeat(501) },
          'body.feedback',
          'en',
          'The feedback can have at most 500 characters',
        ],
      ];
      for (const [payload, field, locale, message] of cases) {
        const r = (await rate(doc, payload, user, locale)) as Reply<unknown>;
        expect([r.status, r.code], JSON.stringify(payload)).toEqual([422, 40004]);
        expect(r.data).toMatchObject({ field, errors: [{ field, message }] });
      }
      expect(await ratingTotals(db(), doc)).toEqual(before);
      expect((await rate(doc, { rating: 4, feedback: 'x'.repeat(500) })).code).toBe(20000);
    });

    it('cannot rate an unpublished or unknown document, nor without signing in', async () => {
      expect((await rate(id('draft'), { rating: 5 })).code).toBe(40702);
      expect((await rate(999999, { rating: 5 })).code).toBe(40702);
      const anonymous = await call(t.app, {
        method: 'POST',
        url: `${API}/help/documents/${id('refund')}/rating`,
        payload: { rating: 5 },
      });
      expect(anonymous.code).toBe(40001);
      const draft = await db()
        .selectFrom('help_documents')
        .select(['rating_count'])
        .where('id', '=', id('draft'))
        .executeTakeFirstOrThrow();
      expect(Number(draft.rating_count)).toBe(0);
    });
  });

  it('a document created with a new word is found by it at once', async () => {
    const admin = await staff(t.app, db());
    await createDocument(t.app, admin, {
      category_id: cats.empty,
      slug: 'fresh',
      locale: 'zh_CN',
      title: '新文档',
      content: '介绍量子纠缠加速器。',
    });
    expect(await search('量子纠缠')).toEqual(['fresh']);
  });
});
