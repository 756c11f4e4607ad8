import type { HelpCategory, HelpDocument, HelpDocumentItem } from '@portal/contract';
import type { AdminHelpCategory, AdminHelpDocument } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { ADMIN, API, createCategory, createDocument, lang, member, staff } from './help-test-kit.js';

type Page<T> = { items: T[]; total: number };

const NAMES = { zh_CN: '客户端', zh_TW: '用戶端', en: 'Clients' };

describe(`help centre, staff side (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let categoryId: number;
  const db = () => t.database.handle.db;
  const staffCall = <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    token = admin,
  ) =>
    call<T>(t.app, {
      method,
      url: `${ADMIN}${url}`,
      token,
      headers: lang('en'),
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const search = async (text: string) => {
    const r = await call<Page<HelpDocumentItem>>(t.app, {
      url: `${API}/help/documents?search=${encodeURIComponent(text)}`,
      token: user,
      headers: lang('zh_CN'),
    });
    expect(r.code, r.message).toBe(20000);
    return r.data.items.map((d) => d.slug);
  };
  const documentCount = async () =>
    Number(
      (
        await db()
          .selectFrom('help_documents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    admin = await staff(t.app, db());
    user = await member(t.app);
    categoryId = (await createCategory(t.app, admin, 'clients', NAMES)).id;
  });
  afterAll(() => t.close());

  it('is for staff only: customers get 40002, anonymous callers 40001', async () => {
    const attempts: [Parameters<typeof staffCall>[0], string, object?][] = [
      ['GET', '/help/categories'],
      ['POST', '/help/categories', { slug: 'x', name: NAMES }],
      ['PUT', `/help/categories/${categoryId}`, { slug: 'x', name: NAMES }],
      ['GET', '/help/documents'],
      ['GET', '/help/documents/1'],
      [
        'POST',
        '/help/documents',
        { category_id: categoryId, slug: 'x', locale: 'en', title: 'x', content: 'x' },
      ],
      ['PATCH', '/help/documents/1', { title: 'x' }],
    ];
    for (const [method, url, payload] of attempts) {
      const r = await staffCall(method, url, payload, user);
      expect([r.status, r.code, r.message], `${method} ${url}`).toEqual([
        403,
        40002,
        'You do not have permission to do this',
      ]);
      const anonymous = await call(t.app, { method, url: `${ADMIN}${url}`, ...(payload ? { payload } : {}) });
      expect(anonymous.code, `${method} ${url}`).toBe(40001);
    }
    // Staff paths do not exist under the portal prefix.
    const portal = await call(t.app, {
      method: 'POST',
      url: `${API}/help/categories`,
      token: admin,
      payload: {},
    });
    expect(portal.code).toBe(40003);
    expect(await documentCount()).toBe(0);
  });

  it('creates and edits categories in every language; a taken slug is refused clearly', async () => {
    const faq = await staffCall<AdminHelpCategory>('POST', '/help/categories', {
      slug: 'faq',
      name: { zh_CN: '常见问题', zh_TW: '常見問題', en: 'FAQ' },
      sort_order: 5,
    });
    expect(faq.code).toBe(20000);
    expect(faq.data).toMatchObject({ slug: 'faq', sort_order: 5, document_count: 0 });

    const taken = await staffCall('POST', '/help/categories', { slug: 'faq', name: NAMES });
    expect([taken.status, taken.code]).toEqual([409, 40004]);
    expect(taken.data).toMatchObject({
      field: 'body.slug',
      errors: [{ field: 'body.slug', message: 'This slug is already used in this language' }],
    });
    const badSlug = await staffCall('POST', '/help/categories', { slug: 'Not A Slug', name: NAMES });
    expect(badSlug.code).toBe(40004);
    expect(badSlug.data).toMatchObject({ field: 'body.slug' });
    const missingName = await staffCall('POST', '/help/categories', {
      slug: 'half',
      name: { zh_CN: '只有中文' },
    });
    expect(missingName.code).toBe(40004);

    const renamed = await staffCall<AdminHelpCategory>('PUT', `/help/categories/${faq.data.id}`, {
      slug: 'questions',
      name: { zh_CN: '问答', zh_TW: '問答', en: 'Questions' },
      sort_order: -1,
    });
    expect(renamed.data).toMatchObject({ slug: 'questions', name: { en: 'Questions' }, sort_order: -1 });
    const clash = await staffCall('PUT', `/help/categories/${faq.data.id}`, { slug: 'clients', name: NAMES });
    expect([clash.status, clash.code]).toEqual([409, 40004]);
    expect((await staffCall('PUT', '/help/categories/999999', { slug: 'nope', name: NAMES })).code).toBe(
      40003,
    );

    const portal = await call<HelpCategory[]>(t.app, {
      url: `${API}/help/categories`,
      token: user,
      headers: lang('en'),
    });
    expect(portal.data.map((c) => c.name)).toEqual(['Questions', 'Clients']);
    const all = await staffCall<AdminHelpCategory[]>('GET', '/help/categories');
    expect(all.data.map((c) => c.slug)).toEqual(['questions', 'clients']);
  });

  it('creates a Markdown document, keeps it Markdown, and indexes it for search at once', async () => {
    const content = '## 安装\n\n下载 **Hiddify** 后导入。<b>不是 HTML</b>\n\n- 第一步\n- 第二步';
    const created = await staffCall<AdminHelpDocument>('POST', '/help/documents', {
      category_id: categoryId,
      slug: 'hiddify',
      locale: 'zh_CN',
      title: '使用 Hiddify',
      summary: '跨平台客户端',
      content,
      platform: 'android',
    });
    expect(created.code, created.message).toBe(20000);
    expect(created.data).toMatchObject({
      slug: 'hiddify',
      locale: 'zh_CN',
      content,
      platform: 'android',
      is_published: true,
      sort_order: 0,
      views: 0,
      rating: null,
    });
    expect(await search('跨平台')).toEqual(['hiddify']);
    expect(await search('hidd')).toEqual(['hiddify']);
    const detail = await call<HelpDocument>(t.app, {
      url: `${API}/help/documents/${created.data.id}`,
      token: user,
    });
    expect(detail.data.content).toBe(content);
    expect(
      (await staffCall<AdminHelpDocument>('GET', `/help/documents/${created.data.id}`)).data.content,
    ).toBe(content);
  });

  it('re-indexes an edited document: the old words stop matching, the new ones match', async () => {
    const doc = await createDocument(t.app, admin, {
      category_id: categoryId,
      slug: 'router',
      locale: 'zh_CN',
      title: '路由器设置',
      content: '在路由器上配置透明代理。',
    });
    expect(await search('透明代理')).toEqual(['router']);

    const edited = await staffCall<AdminHelpDocument>('PATCH', `/help/documents/${doc.id}`, {
      content: '在软路由上安装 OpenClash 插件。',
    });
    expect(edited.code, edited.message).toBe(20000);
    expect(edited.data).toMatchObject({ title: '路由器设置', content: '在软路由上安装 OpenClash 插件。' });
    expect(await search('透明代理')).toEqual([]);
    expect(await search('软路由')).toEqual(['router']);
    expect(await search('openclash')).toEqual(['router']);

    await staffCall('PATCH', `/help/documents/${doc.id}`, { title: '旁路网关' });
    expect(await search('路由器')).toEqual([]);
    expect(await search('旁路网关')).toEqual(['router']);

    // Unpublishing hides it from customers; publishing brings it back.
    await staffCall('PATCH', `/help/documents/${doc.id}`, { is_published: false });
    expect(await search('旁路网关')).toEqual([]);
    const hidden = await call(t.app, { url: `${API}/help/documents/${doc.id}`, token: user });
    expect(hidden.code).toBe(40702);
    await staffCall('PATCH', `/help/documents/${doc.id}`, { is_published: true, platform: 'linux' });
    expect(await search('旁路网关')).toEqual(['router']);
    expect((await staffCall<AdminHelpDocument>('GET', `/help/documents/${doc.id}`)).data.platform).toBe(
      'linux',
    );
  });

  it('refuses a missing category, a taken slug and bad fields, and writes nothing', async () => {
    const before = await documentCount();
    const base = { category_id: categoryId, slug: 'hiddify', locale: 'zh_CN', title: 'x', content: 'y' };

    const taken = await staffCall('POST', '/help/documents', base);
    expect([taken.status, taken.code]).toEqual([409, 40004]);
    expect(taken.data).toMatchObject({ field: 'body.slug' });

    const noCategory = await staffCall('POST', '/help/documents', {
      ...base,
      slug: 'new',
      category_id: 999999,
    });
    expect([noCategory.status, noCategory.code]).toEqual([422, 40004]);
    expect(noCategory.data).toMatchObject({
      field: 'body.category_id',
      errors: [{ message: 'The help category does not exist' }],
    });

    const cases: [object, string][] = [
      [{ ...base, slug: 'new', locale: 'fr' }, 'body.locale'],
      [{ ...base, slug: 'new', title: '   ' }, 'body.title'],
      [{ ...base, slug: 'new', content: '' }, 'body.content'],
      [{ ...base, slug: 'new', platform: 'symbian' }, 'body.platform'],
      [{ ...base, slug: 'new', title: 'x'.repeat(201) }, 'body.title'],
    ];
    for (const [payload, field] of cases) {
      const r = await staffCall('POST', '/help/documents', payload);
      expect(r.code, field).toBe(40004);
      expect(r.data, field).toMatchObject({ field });
    }

    // The same slug in another language is a translation, not a clash.
    const en = await staffCall<AdminHelpDocument>('POST', '/help/documents', { ...base, locale: 'en' });
    expect(en.code).toBe(20000);
    // An edit that would clash with it is refused and changes nothing.
    const other = await createDocument(t.app, admin, {
      ...base,
      slug: 'other',
      locale: 'en',
      content: 'Original',
    });
    const clash = await staffCall('PATCH', `/help/documents/${other.id}`, {
      slug: 'hiddify',
      content: 'Changed',
    });
    expect([clash.status, clash.code]).toEqual([409, 40004]);
    expect((await staffCall<AdminHelpDocument>('GET', `/help/documents/${other.id}`)).data).toMatchObject({
      slug: 'other',
      content: 'Original',
    });
    const badCategory = await staffCall('PATCH', `/help/documents/${other.id}`, { category_id: 999999 });
    expect(badCategory.code).toBe(40004);
    expect((await staffCall('PATCH', '/help/documents/999999', { title: 'x' })).code).toBe(40702);
    expect(await documentCount()).toBe(before + 2);
  });

  it('lists every document in every language, published or not', async () => {
    const all = await staffCall<Page<AdminHelpDocument>>('GET', '/help/documents?size=100');
    expect(all.data.total).toBe(await documentCount());
    expect(all.data.items[0]).not.toHaveProperty('content');
    const en = await staffCall<Page<AdminHelpDocument>>('GET', '/help/documents?locale=en');
    expect(en.data.items.map((d) => d.slug).sort()).toEqual(['hiddify', 'other']);
    const bySlug = await staffCall<Page<AdminHelpDocument>>('GET', '/help/documents?slug=hiddify');
    expect(bySlug.data.items.map((d) => d.locale).sort()).toEqual(['en', 'zh_CN']);
  });
});
