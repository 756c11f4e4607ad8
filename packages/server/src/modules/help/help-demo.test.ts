import {
  HELP_PLATFORMS,
  LOCALES,
  type HelpDocument,
  type HelpDocumentItem,
  type Locale,
} from '@portal/contract';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.js';
import { migrateToLatest } from '../../db/migrate.js';
import { nowIso } from '../../db/time.js';
import { seedDemoCatalogue } from '../../seed/demo-seed.js';
import { DEMO_HELP_CATEGORIES, DEMO_HELP_DOCUMENTS } from '../../seed/demo-help.js';
import { call } from '../../test/accounts.js';
import { createTestApp, createTestDatabase, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { HelpService } from './help-service.js';
import { API, lang, member } from './help-test-kit.js';

/** Console routes the demo documents may link to (packages/web/src/app/console-pages.ts). */
const CONSOLE_ROUTES = [
  '/',
  '/finance',
  '/subscription',
  '/subscription/history',
  '/subscription/link',
  '/nodes',
  '/support',
  '/announcements',
  '/help',
  '/contact',
  '/dealer',
  '/profile',
  '/security',
  '/sessions',
  '/recharge',
  '/recharge/history',
  '/recharge/codes',
];

/** Characters that exist only in simplified Chinese, and their traditional forms. */
const SIMPLIFIED_ONLY =
  '订阅设连这们个说让户网络时间线节点务开关选择应级续费码额单号东车门问题为头实视认证书买卖从传动过还进远运钟铁银错长队陆难页项须风验载装库协议则规复贴';
const TRADITIONAL_ONLY =
  '訂閱設連這們個說讓戶網絡時間線節點務開關選擇應級續費碼額單號東車門問題為頭實視認證書買賣從傳動過還進遠運鐘鐵銀錯長隊陸難頁項須風驗載裝庫協議則規複貼';

function texts(locale: Locale): string[] {
  return DEMO_HELP_DOCUMENTS.flatMap((d) => [d.title[locale], d.summary[locale], d.content[locale]]);
}

describe('demo help content', () => {
  it('has every document in all three languages, written out', () => {
    expect(DEMO_HELP_DOCUMENTS.length).toBeGreaterThanOrEqual(15);
    for (const d of DEMO_HELP_DOCUMENTS) {
      for (const locale of LOCALES) {
        expect(d.title[locale].trim(), `${d.slug} ${locale}`).not.toBe('');
        expect(d.summary[locale].trim(), `${d.slug} ${locale}`).not.toBe('');
        expect(d.content[locale].length, `${d.slug} ${locale}`).toBeGreaterThan(250);
      }
    }
    expect(new Set(DEMO_HELP_DOCUMENTS.map((d) => d.slug)).size).toBe(DEMO_HELP_DOCUMENTS.length);
    for (const c of DEMO_HELP_CATEGORIES) {
      expect(
        DEMO_HELP_DOCUMENTS.some((d) => d.category === c.slug),
        c.slug,
      ).toBe(true);
    }
    // Two client guides for every platform.
    for (const p of HELP_PLATFORMS) {
      expect(DEMO_HELP_DOCUMENTS.filter((d) => d.platform === p).length, p).toBeGreaterThanOrEqual(2);
    }
  });

  it('links only to pages of the portal or to http(s) addresses', () => {
    for (const d of DEMO_HELP_DOCUMENTS) {
      for (const locale of LOCALES) {
        for (const [, target] of d.content[locale].matchAll(/\]\(([^)]*)\)/g)) {
          const ok = /^https?:\/\//.test(target!) || CONSOLE_ROUTES.includes(target!.split('?')[0]!);
          expect(ok, `${d.slug} ${locale}: ${target}`).toBe(true);
        }
      }
    }
  });

  it('writes each language in its own script', () => {
    for (const text of texts('en')) expect(text).not.toMatch(/\p{Script=Han}/u);
    for (const text of texts('zh_TW')) {
      const found = [...text].filter((c) => SIMPLIFIED_ONLY.includes(c));
      expect(found, text.slice(0, 40)).toEqual([]);
    }
    for (const text of texts('zh_CN')) {
      const found = [...text].filter((c) => TRADITIONAL_ONLY.includes(c));
      expect(found, text.slice(0, 40)).toEqual([]);
    }
  });
});

describe(`demo help centre through the API (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    await seedDemoCatalogue(t.database.handle.db);
    user = await member(t.app);
  });
  afterAll(() => t.close());

  const search = async (text: string, locale: Locale) => {
    const r = await call<{ items: HelpDocumentItem[] }>(t.app, {
      url: `${API}/help/documents?size=100&search=${encodeURIComponent(text)}`,
      token: user,
      headers: lang(locale),
    });
    expect(r.code, r.message).toBe(20000);
    return r.data.items.map((d) => d.slug);
  };

  it('finds the guides a customer looks for, in each language', async () => {
    expect(await search('订阅链接', 'zh_CN')).toContain('import-subscription-link');
    expect((await search('退款', 'zh_CN'))[0]).toBe('refund-policy');
    expect(await search('时间', 'zh_CN')).toContain('vmess-clock-sync');
    expect(await search('訂閱連結', 'zh_TW')).toContain('import-subscription-link');
    expect((await search('退款', 'zh_TW'))[0]).toBe('refund-policy');
    expect((await search('v2rayNG', 'en'))[0]).toBe('android-v2rayng');
    expect(await search('usdt', 'en')).toContain('top-up-with-usdt');
    expect(await search('shadowrocket', 'zh_CN')).toContain('ios-shadowrocket');
  });

  it('serves the seeded Markdown with related guides for the same platform', async () => {
    const list = await call<{ items: HelpDocumentItem[] }>(t.app, {
      url: `${API}/help/documents?platform=windows`,
      token: user,
      headers: lang('en'),
    });
    expect(list.data.items.map((d) => d.slug).sort()).toEqual(['windows-clash-verge-rev', 'windows-v2rayn']);
    const doc = await call<HelpDocument>(t.app, {
      url: `${API}/help/documents/${list.data.items.find((d) => d.slug === 'windows-v2rayn')!.id}`,
      token: user,
      headers: lang('en'),
    });
    expect(doc.data.content).toContain('## Import the subscription');
    expect(doc.data.related[0]!.slug).toBe('windows-clash-verge-rev');
  });
});

describe(`migration 0008 (${TEST_DIALECT})`, () => {
  it('indexes the documents written before it', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const { error } = await migrator.migrateTo('0007-announcements');
      expect(error).toBeUndefined();
      const now = nowIso();
      const category = await sql<{ id: number }>`insert into help_categories (slug, name, sort_order)
        values ('old', '旧分类', 0) returning id`.execute(db);
      await sql`insert into help_documents (category_id, slug, locale, title, summary, content, created_at, updated_at)
        values (${category.rows[0]!.id}, 'old-doc', 'zh_CN', '旧文档', '', '升级前写入的订阅说明。', ${now}, ${now})`.execute(
        db,
      );
      expect(await migrateToLatest(db)).toContain('0008-help');

      const found = await new HelpService(db, database.handle.dialect).list(
        { page: 1, size: 10, search: '写入' },
        'zh_CN',
      );
      expect(found.items.map((d) => d.slug)).toEqual(['old-doc']);
      // And the migration goes back down cleanly.
      const down = await migrator.migrateTo('0007-announcements');
      expect(down.error).toBeUndefined();
    } finally {
      await database.drop();
    }
  });
});
