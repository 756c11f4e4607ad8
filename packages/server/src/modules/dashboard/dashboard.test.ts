import type { Activity } from '@portal/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { credit } from '../../test/wallet.js';
import { openTicket, person, type Person } from '../tickets/test-kit.js';
import { DashboardService } from './service.js';

const API = '/api/v1/portal';
const MIN = 60_000;
const HOUR = 60 * MIN;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

type Items = { items: Activity[] };

/** Counts the statements a Kysely instance sends. */
function statementCounter() {
  const counter = { count: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { counter, plugin };
}

describe(`dashboard activities (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let packageId: number;
  let n = 0;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error' } });
    const now = new Date().toISOString();
    const row = await db()
      .insertInto('packages')
      .values({
        name: '基础套餐',
        description: '每月 100 GB',
        type: 'monthly',
        traffic_bytes: 100 * 1024 ** 3,
        validity_days: 30,
        price_fen: 1500,
        translations: JSON.stringify({
          zh_TW: { name: '基礎方案', description: '每月 100 GB' },
          en: { name: 'Basic', description: '100 GB a month' },
        }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    packageId = row.id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  // Announcements are shared by every user: each test starts without any.
  beforeEach(async () => {
    await db().deleteFrom('announcements').execute();
  });

  const customer = () => person(t.app, sink, db());
  const activities = (token: string | undefined, query = '', lang = 'zh-CN') =>
    call<Items>(t.app, {
      url: `${API}/dashboard/activities${query}`,
      ...(token ? { token } : {}),
      headers: { 'accept-language': lang },
    });
  const buy = (p: Person) =>
    call(t.app, {
      method: 'POST',
      url: `${API}/subscriptions/purchase`,
      token: p.token,
      payload: { package_id: packageId, idempotency_key: `dash-${Date.now()}-${n++}` },
    });
  async function announce(values: {
    title: string;
    publish_at: string | null;
    expire_at?: string | null;
    translations?: object;
  }): Promise<number> {
    const now = new Date().toISOString();
    const row = await db()
      .insertInto('announcements')
      .values({
        title: values.title,
        content: `${values.title} body`,
        translations: values.translations ? JSON.stringify(values.translations) : null,
        publish_at: values.publish_at,
        expire_at: values.expire_at ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('needs a signed-in user', async () => {
    const r = await activities(undefined);
    expect(r).toMatchObject({ status: 401, code: 40001 });
  });

  it('answers an empty list for a new user with nothing to show', async () => {
    const p = await customer();
    const r = await activities(p.token);
    expect(r.code).toBe(20000);
    expect(r.data.items).toEqual([]);
  });

  it('merges ledger entries, orders, tickets and announcements, newest first, each with its fields', async () => {
    const p = await customer();
    await credit(db(), p.email, 10_000);
    expect((await buy(p)).code).toBe(20000);
    const ticket = await openTicket(t.app, p.token, { title: 'Tokyo 01 is slow' });
    expect(ticket.code).toBe(20000);
    // Spread the activities over the last hours so their order is known.
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['id', 'kind'])
      .where('user_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => l.kind)).toEqual(['admin_adjust', 'purchase']);
    // The purchase's ledger entry and its order at the same instant: ledger first, by the fixed type order.
    const paidAt = ago(4 * HOUR);
    await db()
      .updateTable('ledger_entries')
      .set({ created_at: ago(5 * HOUR) })
      .where('id', '=', ledger[0]!.id)
      .execute();
    await db()
      .updateTable('ledger_entries')
      .set({ created_at: paidAt })
      .where('id', '=', ledger[1]!.id)
      .execute();
    await db()
      .updateTable('subscription_orders')
      .set({ created_at: paidAt })
      .where('user_id', '=', p.id)
      .execute();
    await db()
      .updateTable('tickets')
      .set({ updated_at: ago(3 * HOUR) })
      .where('id', '=', ticket.data.id)
      .execute();
    const announcement = await announce({ title: '维护通知', publish_at: ago(2 * HOUR) });

    const r = await activities(p.token);
    expect(r.code).toBe(20000);
    const items = r.data.items;
    // One line per purchase: the order, not also its payment in the ledger.
    expect(items.map((i) => i.type)).toEqual(['announcement', 'ticket', 'order', 'ledger']);
    const times = items.map((i) => Date.parse(i.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items[0]).toEqual({
      type: 'announcement',
      id: announcement,
      date: expect.any(String),
      title: '维护通知',
      is_read: false,
    });
    expect(items[1]).toMatchObject({
      type: 'ticket',
      id: ticket.data.id,
      ticket_no: ticket.data.ticket_no,
      title: 'Tokyo 01 is slow',
      status: 'pending',
    });
    expect(items.some((i) => i.type === 'ledger' && i.id === ledger[1]!.id)).toBe(false);
    expect(items[2]).toMatchObject({
      type: 'order',
      kind: 'purchase',
      package_name: '基础套餐',
      amount: '15.00',
      status: 'paid',
    });
    expect(items[2]).toHaveProperty('order_no', expect.stringMatching(/\S/));
    expect(items[3]).toMatchObject({
      type: 'ledger',
      kind: 'admin_adjust',
      delta: '+100.00',
      balance_after: '100.00',
    });

    // Reading the announcement shows in the list.
    const read = await call(t.app, {
      method: 'POST',
      url: `${API}/announcements/${announcement}/read`,
      token: p.token,
    });
    expect(read.code).toBe(20000);
    expect((await activities(p.token)).data.items[0]).toMatchObject({ id: announcement, is_read: true });
  });

  it("shows only the user's own ledger, orders and tickets", async () => {
    const mine = await customer();
    const other = await customer();
    await credit(db(), other.email, 5_000);
    expect((await buy(other)).code).toBe(20000);
    expect((await openTicket(t.app, other.token, { title: 'Not yours' })).code).toBe(20000);
    expect((await openTicket(t.app, mine.token, { title: 'My own ticket' })).code).toBe(20000);

    const r = await activities(mine.token);
    expect(r.data.items.map((i) => i.type)).toEqual(['ticket']);
    expect(r.data.items[0]).toMatchObject({ title: 'My own ticket' });
    const theirs = await activities(other.token);
    expect(theirs.data.items.map((i) => i.type).sort()).toEqual(['ledger', 'order', 'ticket']);
    expect(JSON.stringify(theirs.data.items)).not.toContain('My own ticket');
  });

  it('respects the announcement windows: no drafts, scheduled or expired ones', async () => {
    const p = await customer();
    const published = await announce({ title: 'published', publish_at: ago(MIN) });
    const ending = await announce({ title: 'ending later', publish_at: ago(HOUR), expire_at: ahead(HOUR) });
    await announce({ title: 'draft', publish_at: null });
    await announce({ title: 'scheduled', publish_at: ahead(HOUR) });
    await announce({ title: 'expired', publish_at: ago(2 * HOUR), expire_at: ago(HOUR) });

    const r = await activities(p.token);
    expect(r.data.items.map((i) => [i.type, i.id])).toEqual([
      ['announcement', published],
      ['announcement', ending],
    ]);
  });

  it("gives announcement titles and package names in the caller's language", async () => {
    const p = await customer();
    await credit(db(), p.email, 2_000);
    expect((await buy(p)).code).toBe(20000);
    await announce({
      title: '新节点上线',
      publish_at: ago(MIN),
      translations: {
        zh_TW: { title: '新節點上線', content: '內容' },
        en: { title: 'New nodes online', content: 'Body' },
      },
    });
    const pick = (items: Activity[]) => ({
      announcement: items.find((i) => i.type === 'announcement')?.title,
      order: items.find((i) => i.type === 'order')?.package_name,
    });
    expect(pick((await activities(p.token, '', 'zh-CN')).data.items)).toEqual({
      announcement: '新节点上线',
      order: '基础套餐',
    });
    expect(pick((await activities(p.token, '', 'zh-TW')).data.items)).toEqual({
      announcement: '新節點上線',
      order: '基礎方案',
    });
    expect(pick((await activities(p.token, '', 'en')).data.items)).toEqual({
      announcement: 'New nodes online',
      order: 'Basic',
    });
  });

  it('returns at most `limit` items (10 by default, 1 to 50) and refuses other limits', async () => {
    const p = await customer();
    for (let i = 0; i < 12; i++) await credit(db(), p.email, 100);
    for (let i = 0; i < 3; i++)
      expect((await openTicket(t.app, p.token, { title: `Ticket ${i}` })).code).toBe(20000);

    expect((await activities(p.token)).data.items).toHaveLength(10);
    const two = (await activities(p.token, '?limit=2')).data.items;
    expect(two.map((i) => i.type)).toEqual(['ticket', 'ticket']);
    expect(two.map((i) => (i.type === 'ticket' ? i.title : ''))).toEqual(['Ticket 2', 'Ticket 1']);
    expect((await activities(p.token, '?limit=50')).data.items).toHaveLength(15);
    expect((await activities(p.token, '?limit=1')).data.items).toHaveLength(1);

    for (const bad of ['0', '51', '-1', '2.5', 'ten']) {
      const r = await activities(p.token, `?limit=${bad}`, 'en');
      expect(r, bad).toMatchObject({ status: 422, code: 40004 });
      expect(JSON.stringify(r.data)).toContain('query.limit');
    }
  });

  it('reads with a fixed number of queries, however many rows there are', async () => {
    const p = await customer();
    const { counter, plugin } = statementCounter();
    const service = new DashboardService(db().withPlugin(plugin));

    await service.activities(p.id, 'en', 10);
    const empty = counter.count;
    expect(empty).toBe(4);

    for (let i = 0; i < 15; i++) await credit(db(), p.email, 100);
    await credit(db(), p.email, 10_000);
    for (let i = 0; i < 3; i++) expect((await buy(p)).code).toBe(20000);
    for (let i = 0; i < 4; i++)
      expect((await openTicket(t.app, p.token, { title: `Question ${i}` })).code).toBe(20000);
    for (let i = 0; i < 6; i++) await announce({ title: `A${i}`, publish_at: ago((i + 1) * MIN) });

    counter.count = 0;
    const items = await service.activities(p.id, 'en', 50);
    expect(counter.count).toBe(empty);
    // 16 credits, 3 orders (their payments are the orders' lines), 4 tickets, 6 announcements.
    expect(items).toHaveLength(16 + 3 + 4 + 6);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['ledger', 'order', 'ticket', 'announcement']));
  });
});
