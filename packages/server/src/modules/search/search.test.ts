import { randomBytes } from 'node:crypto';
import { ERRORS, SEARCH, type Locale, type SearchResults } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/time.js';
import { call, login, registerUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { API, createCategory, createTranslated, lang, staff } from '../help/help-test-kit.js';

type FieldError = { field: string; errors: { field: string; message: string }[] };

const hex = (n: number) => randomBytes(n).toString('hex');

describe(`top-bar search (${TEST_DIALECT})`, () => {
  let t: TestApp;
  const db = () => t.database.handle.db;
  const users = { ann: { id: 0, token: '' }, bob: { id: 0, token: '' } };
  const packages = { pro: 0, basic: 0 };
  const orderNos: string[] = [];
  let annSubscription = 0;

  const search = (query: string, locale: Locale = 'zh_CN', token = users.ann.token) =>
    call<SearchResults>(t.app, {
      method: 'GET',
      url: `${API}/search?${query}`,
      token,
      headers: lang(locale),
    });
  const found = async (q: string, locale: Locale = 'zh_CN', token = users.ann.token, extra = '') => {
    const r = await search(`q=${encodeURIComponent(q)}${extra}`, locale, token);
    expect(r.code, r.message).toBe(20000);
    return r.data;
  };

  async function account() {
    const email = await registerUser(t.app);
    const token = (await login(t.app, email)).access_token;
    const row = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { id: row.id, token };
  }

  async function addPackage(name: string, translations: Record<Locale, string>) {
    const now = nowIso();
    const row = await db()
      .insertInto('packages')
      .values({
        name,
        type: 'monthly',
        traffic_bytes: null,
        validity_days: 30,
        price_fen: 3500,
        translations: JSON.stringify(
          Object.fromEntries(Object.entries(translations).map(([l, n]) => [l, { name: n, description: '' }])),
        ),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A subscription with its purchase order (and `renewals` more orders), as a purchase writes them. */
  async function subscribe(userId: number, packageId: number, status: 'active' | 'expired', renewals = 0) {
    const now = nowIso();
    const sub = await db()
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        package_id: packageId,
        status,
        uuid: `${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`,
        link_token: hex(16),
        start_at: now,
        end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        traffic_limit: null,
        device_limit: 3,
        speed_limit_mbps: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i <= renewals; i += 1) {
      const orderNo = `S${Date.now()}${hex(3).toUpperCase()}`;
      await db()
        .insertInto('subscription_orders')
        .values({
          order_no: orderNo,
          user_id: userId,
          subscription_id: sub.id,
          package_id: packageId,
          kind: i === 0 ? 'purchase' : 'renew',
          amount_fen: 3500,
          idempotency_key: hex(8),
          created_at: now,
        })
        .execute();
      if (userId === users.ann.id) orderNos.push(orderNo);
    }
    return sub.id;
  }

  async function ticket(userId: number, title: string) {
    const now = nowIso();
    await db()
      .insertInto('tickets')
      .values({
        ticket_no: `T${hex(7)}`,
        user_id: userId,
        title,
        category: 'technical',
        priority: 'medium',
        status: 'pending',
        description: title,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
    users.ann = await account();
    users.bob = await account();
    packages.pro = await addPackage('专业版', { zh_CN: '专业版', zh_TW: '專業版', en: 'Professional' });
    packages.basic = await addPackage('基础版', { zh_CN: '基础版', zh_TW: '基礎版', en: 'Basic' });
    annSubscription = await subscribe(users.ann.id, packages.pro, 'active', 1);
    await subscribe(users.ann.id, packages.basic, 'expired');
    await subscribe(users.bob.id, packages.pro, 'active');

    await ticket(users.ann.id, '东京节点连接超时');
    await ticket(users.ann.id, 'Clash cannot import the link');
    await ticket(users.ann.id, '进度 100% 后卡住');
    await ticket(users.ann.id, '进度 1000 次');
    await ticket(users.ann.id, 'file a_b');
    await ticket(users.ann.id, 'file axb');
    await ticket(users.ann.id, 'path C:\\proxy');
    await ticket(users.ann.id, 'path C:proxy');
    await ticket(users.bob.id, '东京节点连接超时 (Bob)');
    for (let i = 0; i < SEARCH.limitMax + 2; i += 1) await ticket(users.ann.id, `批量工单 ${i}`);

    const admin = await staff(t.app, db());
    const names = { zh_CN: '客户端', zh_TW: '用戶端', en: 'Clients' };
    const category = (await createCategory(t.app, admin, 'clients', names)).id;
    await createTranslated(
      t.app,
      admin,
      { category_id: category, slug: 'import-link', platform: null },
      {
        zh_CN: ['如何导入订阅链接', '在客户端中导入', '复制订阅链接，在客户端中粘贴并更新。'],
        zh_TW: ['如何匯入訂閱連結', '在用戶端中匯入', '複製訂閱連結，在用戶端中貼上並更新。'],
        en: ['How to import the subscription link', 'Import in a client', 'Copy the link and paste it.'],
      },
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds subscriptions and orders by package name in the caller language', async () => {
    const zh = await found('专业');
    expect(zh.subscriptions).toEqual([
      { id: annSubscription, package_name: '专业版', status: 'active', end_at: expect.any(String) },
    ]);
    expect(zh.orders.map((o) => o.order_no)).toEqual([orderNos[1], orderNos[0]]);
    expect(zh.orders[0]).toMatchObject({ package_name: '专业版', kind: 'renew', amount: '35.00' });

    const tw = await found('專業', 'zh_TW');
    expect(tw.subscriptions.map((s) => s.package_name)).toEqual(['專業版']);

    const en = await found('PROFESS', 'en');
    expect(en.subscriptions.map((s) => s.id)).toEqual([annSubscription]);
    expect(en.orders).toHaveLength(2);
    expect(en.orders[0]!.package_name).toBe('Professional');
    // Names are matched in the caller's language only.
    expect((await found('专业', 'en')).subscriptions).toEqual([]);

    const basic = await found('basic', 'en');
    expect(basic.subscriptions.map((s) => s.status)).toEqual(['expired']);
  });

  it('finds a subscription by its id', async () => {
    expect((await found(`#${annSubscription}`)).subscriptions.map((s) => s.id)).toEqual([annSubscription]);
    expect((await found(String(annSubscription))).subscriptions.map((s) => s.id)).toEqual([annSubscription]);
  });

  it('finds an order by (part of) its number, in any case', async () => {
    const no = orderNos[0]!;
    expect((await found(no)).orders.map((o) => o.order_no)).toEqual([no]);
    expect((await found(no.slice(-8).toLowerCase())).orders.map((o) => o.order_no)).toEqual([no]);
  });

  it('finds tickets by subject in Chinese and English, and by number', async () => {
    expect((await found('连接超时')).tickets.map((x) => x.title)).toEqual(['东京节点连接超时']);
    expect((await found('CLASH', 'en')).tickets.map((x) => x.title)).toEqual([
      'Clash cannot import the link',
    ]);
    expect((await found('cannot import', 'en')).tickets.map((x) => x.title)).toEqual([
      'Clash cannot import the link',
    ]);
    const one = (await found('连接超时')).tickets[0]!;
    expect((await found(one.ticket_no)).tickets.map((x) => x.id)).toEqual([one.id]);
  });

  it('only ever shows the caller their own records', async () => {
    const bob = await found('连接超时', 'zh_CN', users.bob.token);
    expect(bob.tickets.map((x) => x.title)).toEqual(['东京节点连接超时 (Bob)']);
    const bobPro = await found('专业', 'zh_CN', users.bob.token);
    expect(bobPro.subscriptions).toHaveLength(1);
    expect(bobPro.subscriptions[0]!.id).not.toBe(annSubscription);
    expect(bobPro.orders).toHaveLength(1);
    expect(orderNos).not.toContain(bobPro.orders[0]!.order_no);
    expect((await found(orderNos[0]!, 'zh_CN', users.bob.token)).orders).toEqual([]);
    expect((await found(`#${annSubscription}`, 'zh_CN', users.bob.token)).subscriptions).toEqual([]);
    const ann = await found('Bob');
    expect(ann.tickets).toEqual([]);
  });

  it('finds help documents of the caller language with the help centre search', async () => {
    const zh = await found('导入订阅');
    expect(zh.help.map((d) => d.title)).toEqual(['如何导入订阅链接']);
    expect(zh.help[0]!.category_name).toBe('客户端');
    expect((await found('匯入', 'zh_TW')).help.map((d) => d.title)).toEqual(['如何匯入訂閱連結']);
    const en = await found('import subscr', 'en');
    expect(en.help.map((d) => d.title)).toEqual(['How to import the subscription link']);
    expect(en.help[0]!.category_name).toBe('Clients');
    expect((await found('导入订阅', 'en')).help).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect((await found('100%')).tickets.map((x) => x.title)).toEqual(['进度 100% 后卡住']);
    expect((await found('a_b')).tickets.map((x) => x.title)).toEqual(['file a_b']);
    expect((await found('C:\\')).tickets.map((x) => x.title)).toEqual(['path C:\\proxy']);
    const all = await found('%');
    expect(all.tickets.map((x) => x.title)).toEqual(['进度 100% 后卡住']);
    expect(all.orders).toEqual([]);
    expect(all.help).toEqual([]);
    expect((await found('_')).tickets.map((x) => x.title)).toEqual(['file a_b']);
  });

  it('trims the query and limits every group', async () => {
    const r = await found('  批量工单  ');
    expect(r.q).toBe('批量工单');
    expect(r.tickets).toHaveLength(SEARCH.limitDefault);
    expect((await found('批量工单', 'zh_CN', users.ann.token, '&limit=2')).tickets).toHaveLength(2);
    expect(
      (await found('批量工单', 'zh_CN', users.ann.token, `&limit=${SEARCH.limitMax}`)).tickets,
    ).toHaveLength(SEARCH.limitMax);
    expect((await found('版', 'zh_CN', users.ann.token, '&limit=1')).orders).toHaveLength(1);
  });

  it('refuses an empty, blank or too long query and a bad limit, naming the field', async () => {
    const cases: [string, string][] = [
      ['', 'query.q'],
      ['q=', 'query.q'],
      ['q=%20%20%20', 'query.q'],
      [`q=${'a'.repeat(SEARCH.queryMax + 1)}`, 'query.q'],
      ['q=ok&limit=0', 'query.limit'],
      [`q=ok&limit=${SEARCH.limitMax + 1}`, 'query.limit'],
      ['q=ok&limit=x', 'query.limit'],
    ];
    for (const [query, field] of cases) {
      const r = await search(query, 'en');
      expect(r.status, query).toBe(422);
      expect(r.code, query).toBe(ERRORS.VALIDATION.code);
      expect((r.data as unknown as FieldError).field, query).toBe(field);
    }
    const blank = await search('q=%20', 'zh_CN');
    expect((blank.data as unknown as FieldError).errors[0]!.message).toBe('此项为必填项');
    const long = await search(`q=${'a'.repeat(SEARCH.queryMax + 1)}`, 'en');
    expect((long.data as unknown as FieldError).errors[0]!.message).toBe('The value is too long');
    expect((await search(`q=${'a'.repeat(SEARCH.queryMax)}`)).code).toBe(20000);
  });

  it('needs a signed-in user', async () => {
    const r = await call(t.app, { method: 'GET', url: `${API}/search?q=x` });
    expect(r.status).toBe(401);
  });
});
