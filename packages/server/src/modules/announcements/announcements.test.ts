import type { Announcement, MarkReadResult } from '@portal/contract';
import type { AdminAnnouncement, AnnouncementInput } from '@portal/contract/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, enrolTwoFactor, verifiedUser } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';

const API = '/api/v1/portal';
const ADMIN = '/api/v1/admin';
const MIN = 60_000;
const HOUR = 60 * MIN;

type Page<T> = { items: T[]; total: number; page: number; size: number; pages: number };

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

describe(`announcements (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let reader: string;
  let other: string;
  let staff: string;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error' } });
    reader = (await verifiedUser(t.app, sink)).tokens.access_token;
    other = (await verifiedUser(t.app, sink)).tokens.access_token;
    const s = await verifiedUser(t.app, sink);
    await db().updateTable('users').set({ role: 'admin' }).where('email', '=', s.email).execute();
    staff = s.tokens.access_token;
    await enrolTwoFactor(t.app, staff);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  // Every test starts without announcements (reads and mailings go with them).
  beforeEach(async () => {
    await db().deleteFrom('announcements').execute();
  });

  async function create(input: Partial<AnnouncementInput> = {}): Promise<AdminAnnouncement> {
    const r = await call<AdminAnnouncement>(t.app, {
      method: 'POST',
      url: `${ADMIN}/announcements`,
      token: staff,
      payload: { title: 'Notice', content: 'Body', publish_at: ago(MIN), ...input },
    });
    expect(r.code, r.message).toBe(20000);
    return r.data;
  }
  const staffCall = <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    call<T>(t.app, {
      method,
      url: `${ADMIN}${path}`,
      token: staff,
      ...(payload ? { payload } : {}),
    });
  const list = (query = '', token = reader, lang = 'zh-CN') =>
    call<Page<Announcement>>(t.app, {
      url: `${API}/announcements${query}`,
      token,
      headers: { 'accept-language': lang },
    });
  const detail = (id: number, token = reader, lang = 'zh-CN') =>
    call<Announcement>(t.app, {
      url: `${API}/announcements/${id}`,
      token,
      headers: { 'accept-language': lang },
    });
  const unread = async (token = reader) =>
    (await call<{ count: number }>(t.app, { url: `${API}/announcements/unread/count`, token })).data.count;
  const markRead = (id: number, token = reader) =>
    call<MarkReadResult>(t.app, { method: 'POST', url: `${API}/announcements/${id}/read`, token });

  it('shows only published, unexpired announcements: in the list, the detail and the unread count', async () => {
    const published = await create({ title: 'published', publish_at: ago(MIN) });
    const endingLater = await create({
      title: 'ending later',
      publish_at: ago(HOUR),
      expire_at: ahead(HOUR),
    });
    const draft = await create({ title: 'draft', publish_at: null });
    const scheduled = await create({ title: 'scheduled', publish_at: ahead(HOUR) });
    const expired = await create({ title: 'expired', publish_at: ago(2 * HOUR), expire_at: ago(HOUR) });
    expect([published, endingLater, draft, scheduled, expired].map((a) => a.state)).toEqual([
      'published',
      'published',
      'draft',
      'scheduled',
      'expired',
    ]);

    const r = await list();
    expect(r.code).toBe(20000);
    expect(r.data).toMatchObject({ total: 2, page: 1, size: 20, pages: 1 });
    expect(r.data.items.map((a) => a.title)).toEqual(['published', 'ending later']);
    expect(r.data.items[0]).toMatchObject({
      id: published.id,
      content: 'Body',
      category: 0,
      priority: 1,
      is_popup: false,
      is_read: false,
      is_email_notify: false,
      read_at: null,
      expire_at: null,
    });
    expect(r.data.items[1]!.expire_at).toBe(endingLater.expire_at);
    expect(await unread()).toBe(2);

    expect((await detail(published.id)).data.title).toBe('published');
    for (const hidden of [draft, scheduled, expired]) {
      const zh = await detail(hidden.id);
      expect(zh).toMatchObject({ status: 404, code: 40701, message: '公告不存在' });
      expect(await detail(hidden.id, reader, 'en')).toMatchObject({
        code: 40701,
        message: 'Announcement not found',
      });
      expect(await markRead(hidden.id)).toMatchObject({ status: 404, code: 40701 });
    }
    expect(await detail(999_999)).toMatchObject({ status: 404, code: 40701 });
    const reads = await db().selectFrom('announcement_reads').selectAll().execute();
    expect(reads).toEqual([]);

    // Staff see every one, and can filter by state.
    const all = await staffCall<Page<AdminAnnouncement>>('GET', '/announcements');
    expect(all.data.items.map((a) => a.title)).toEqual([
      'expired',
      'scheduled',
      'draft',
      'ending later',
      'published',
    ]);
    for (const [state, titles] of [
      ['draft', ['draft']],
      ['scheduled', ['scheduled']],
      ['expired', ['expired']],
      ['published', ['ending later', 'published']],
    ] as const) {
      const filtered = await staffCall<Page<AdminAnnouncement>>('GET', `/announcements?state=${state}`);
      expect(filtered.data.items.map((a) => a.title)).toEqual(titles);
      expect(filtered.data.total).toBe(titles.length);
    }

    // Publishing the draft and the expired one shows them; expiring one hides it, everywhere at once.
    expect(
      (await staffCall<AdminAnnouncement>('POST', `/announcements/${draft.id}/publish`)).data,
    ).toMatchObject({
      state: 'published',
      expire_at: null,
    });
    const republished = await staffCall<AdminAnnouncement>('POST', `/announcements/${expired.id}/publish`);
    expect(republished.data).toMatchObject({
      state: 'published',
      expire_at: null,
      publish_at: expired.publish_at,
    });
    const gone = await staffCall<AdminAnnouncement>('POST', `/announcements/${published.id}/expire`);
    expect(gone.data.state).toBe('expired');
    expect((await list()).data.items.map((a) => a.title).sort()).toEqual([
      'draft',
      'ending later',
      'expired',
    ]);
    expect(await unread()).toBe(3);
    expect(await detail(published.id)).toMatchObject({ code: 40701 });

    // Publishing something already published changes nothing; expiring twice keeps the first time.
    const again = await staffCall<AdminAnnouncement>('POST', `/announcements/${endingLater.id}/publish`);
    expect(again.data).toMatchObject({
      publish_at: endingLater.publish_at,
      expire_at: endingLater.expire_at,
    });
    const twice = await staffCall<AdminAnnouncement>('POST', `/announcements/${published.id}/expire`);
    expect(twice.data.expire_at).toBe(gone.data.expire_at);
  });

  it('counts unread per user; mark-read is idempotent and keeps the first read time', async () => {
    const a = await create({ title: 'a' });
    const b = await create({ title: 'b' });
    await create({ title: 'c' });
    expect(await unread()).toBe(3);

    const first = await markRead(a.id);
    expect(first.code).toBe(20000);
    expect(first.data).toMatchObject({ id: a.id, is_read: true, unread_count: 2 });
    const second = await markRead(a.id);
    expect(second.data).toEqual(first.data);
    expect(await unread()).toBe(2);
    expect(await unread(other)).toBe(3);

    const shown = (await list()).data.items.find((x) => x.id === a.id)!;
    expect(shown).toMatchObject({ is_read: true, read_at: first.data.read_at });
    expect((await detail(a.id)).data.is_read).toBe(true);
    expect((await detail(a.id, other)).data).toMatchObject({ is_read: false, read_at: null });

    // Two tabs marking the same one at once: both succeed, one read row.
    const both = await Promise.all([markRead(b.id), markRead(b.id)]);
    expect(both.map((r) => r.code)).toEqual([20000, 20000]);
    expect(both[0]!.data.read_at).toBe(both[1]!.data.read_at);
    const rows = await db()
      .selectFrom('announcement_reads')
      .select('user_id')
      .where('announcement_id', '=', b.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await unread()).toBe(1);

    // Staff see how many read it.
    expect((await staffCall<AdminAnnouncement>('GET', `/announcements/${b.id}`)).data.read_count).toBe(1);
    expect(await call(t.app, { url: `${API}/announcements/unread/count` })).toMatchObject({
      status: 401,
      code: 40001,
    });
  });

  it('filters by category (0 = other), priority and unread only, and pages by 20', async () => {
    const made: AdminAnnouncement[] = [];
    for (let i = 0; i < 24; i++) {
      made.push(
        await create({
          title: `n${i}`,
          category: [1, 2, 3, 0][i % 4],
          priority: (i % 4) + 1,
          publish_at: ago((i + 1) * MIN),
        }),
      );
    }
    // A category written by some other tool counts as "other".
    await db()
      .insertInto('announcements')
      .values({
        title: 'odd category',
        content: 'x',
        category: 7,
        priority: 1,
        translations: null,
        publish_at: ago(HOUR),
        expire_at: null,
        created_at: ago(HOUR),
        updated_at: ago(HOUR),
      })
      .execute();

    const first = await list();
    expect(first.data).toMatchObject({ total: 25, page: 1, size: 20, pages: 2 });
    expect(first.data.items).toHaveLength(20);
    const second = await list('?page=2');
    expect(second.data.items).toHaveLength(5);
    const ids = [...first.data.items, ...second.data.items].map((a) => a.id);
    expect(new Set(ids).size).toBe(25);
    // Urgent to low, newest first within a priority.
    const priorities = [...first.data.items, ...second.data.items].map((a) => a.priority);
    expect(priorities).toEqual([...priorities].sort((x, y) => y - x));
    expect(first.data.items.slice(0, 6).map((a) => a.title)).toEqual([
      'n3',
      'n7',
      'n11',
      'n15',
      'n19',
      'n23',
    ]);

    const maintenance = await list('?category=1');
    expect(maintenance.data.total).toBe(6);
    expect(maintenance.data.items.every((a) => a.category === 1)).toBe(true);
    const others = await list('?category=0&size=50');
    expect(others.data.items.map((a) => a.category).sort()).toEqual([0, 0, 0, 0, 0, 0, 7]);
    const urgentSecurity = await list('?category=3&priority=3');
    expect(urgentSecurity.data.items.map((a) => a.title)).toEqual(['n2', 'n6', 'n10', 'n14', 'n18', 'n22']);
    expect((await list('?priority=4')).data.items.every((a) => a.priority === 4)).toBe(true);

    for (const a of made.slice(0, 10)) expect((await markRead(a.id)).code).toBe(20000);
    const unreadOnly = await list('?unread_only=true&size=50');
    expect(unreadOnly.data.total).toBe(15);
    expect(unreadOnly.data.items.some((a) => a.is_read)).toBe(false);
    expect((await list('?unread_only=1&category=1')).data.total).toBe(3);
    expect((await list('?unread_only=false')).data.total).toBe(25);
    expect((await list('?unread_only=true', other)).data.total).toBe(25);

    for (const bad of ['?category=9', '?priority=0', '?unread_only=maybe', '?size=101', '?page=0']) {
      const r = await list(bad, reader, 'en');
      expect(r, bad).toMatchObject({ status: 422, code: 40004 });
    }
    expect((await list('?category=9', reader, 'en')).data).toMatchObject({ field: 'query.category' });
  });

  it('puts unread popups on the first unread page, so the popup check (unread only, size 10) finds them', async () => {
    for (let i = 0; i < 12; i++) await create({ title: `urgent ${i}`, priority: 4, publish_at: ago(MIN) });
    const oldPopup = await create({ title: 'old popup', is_popup: true, priority: 1, publish_at: ago(HOUR) });
    const newPopup = await create({
      title: 'new popup',
      is_popup: true,
      priority: 1,
      publish_at: ago(2 * MIN),
    });
    const highPopup = await create({
      title: 'high popup',
      is_popup: true,
      priority: 3,
      publish_at: ago(3 * HOUR),
    });
    const readPopup = await create({ title: 'read popup', is_popup: true, priority: 4 });
    await markRead(readPopup.id);

    const check = await list('?unread_only=true&size=10');
    expect(check.data.items.slice(0, 3).map((a) => a.id)).toEqual([highPopup.id, newPopup.id, oldPopup.id]);
    expect(check.data.items.filter((a) => a.is_popup)).toHaveLength(3);
    expect(check.data.total).toBe(15);
    // The full list keeps popups on top too (a read one included), like pinned posts.
    const all = await list('?size=50');
    expect(all.data.items.slice(0, 4).map((a) => a.title)).toEqual([
      'read popup',
      'high popup',
      'new popup',
      'old popup',
    ]);
    expect(all.data.items[4]!.title).toMatch(/^urgent/);
  });

  it('answers in the caller language from the translations, else the base text', async () => {
    const a = await create({
      title: '服务升级',
      content: '**全部**节点将升级。',
      translations: {
        zh_TW: { title: '服務升級', content: '**全部**節點將升級。' },
        en: { title: 'Service upgrade', content: 'Every node will be upgraded.' },
      },
    });
    const untranslated = await create({ title: '仅中文', content: '只有中文内容', publish_at: ago(HOUR) });

    expect((await detail(a.id, reader, 'en')).data).toMatchObject({
      title: 'Service upgrade',
      content: 'Every node will be upgraded.',
    });
    expect((await detail(a.id, reader, 'zh-TW')).data.title).toBe('服務升級');
    expect((await detail(a.id, reader, 'zh-HK')).data.title).toBe('服務升級');
    expect((await detail(a.id, reader, 'zh-CN')).data.title).toBe('服务升级');
    expect((await list('', reader, 'en')).data.items.map((x) => x.title)).toEqual([
      'Service upgrade',
      '仅中文',
    ]);
    expect((await detail(untranslated.id, reader, 'en')).data).toMatchObject({
      title: '仅中文',
      content: '只有中文内容',
    });
    const staffView = await staffCall<AdminAnnouncement>('GET', `/announcements/${a.id}`);
    expect(staffView.data.translations).toEqual({
      zh_TW: { title: '服務升級', content: '**全部**節點將升級。' },
      en: { title: 'Service upgrade', content: 'Every node will be upgraded.' },
    });

    // Editing replaces the texts.
    const edited = await staffCall<AdminAnnouncement>('PUT', `/announcements/${a.id}`, {
      title: '服务升级（已更新）',
      content: '新内容',
      category: 2,
      priority: 3,
      is_popup: true,
      publish_at: a.publish_at,
      translations: { en: { title: 'Service upgrade (updated)', content: 'New text' } },
    });
    expect(edited.data).toMatchObject({
      title: '服务升级（已更新）',
      category: 2,
      priority: 3,
      is_popup: true,
      translations: { en: { title: 'Service upgrade (updated)', content: 'New text' } },
    });
    expect(edited.data.updated_at >= a.updated_at).toBe(true);
    expect((await detail(a.id, reader, 'zh-TW')).data.title).toBe('服务升级（已更新）');
    expect((await detail(a.id, reader, 'en')).data).toMatchObject({
      title: 'Service upgrade (updated)',
      is_popup: true,
    });
  });

  it('keeps the staff API to admins (40002 for others, 40001 without a token) and refuses bad input whole', async () => {
    const a = await create({ title: 'existing' });
    const attempts: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', '/announcements'],
      ['GET', `/announcements/${a.id}`],
      ['POST', '/announcements', { title: 'x', content: 'y' }],
      ['PUT', `/announcements/${a.id}`, { title: 'x', content: 'y' }],
      ['POST', `/announcements/${a.id}/publish`],
      ['POST', `/announcements/${a.id}/expire`],
    ];
    for (const [method, path, payload] of attempts) {
      const asUser = await call(t.app, {
        method,
        url: `${ADMIN}${path}`,
        token: reader,
        headers: { 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
      expect(asUser, `${method} ${path}`).toMatchObject({ status: 403, code: 40002 });
      const anonymous = await call(t.app, {
        method,
        url: `${ADMIN}${path}`,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous, `${method} ${path}`).toMatchObject({ status: 401, code: 40001 });
    }
    // Nothing changed.
    expect(await db().selectFrom('announcements').select(['id', 'title', 'expire_at']).execute()).toEqual([
      { id: a.id, title: 'existing', expire_at: null },
    ]);

    const backwards = await call(t.app, {
      method: 'POST',
      url: `${ADMIN}/announcements`,
      token: staff,
      headers: { 'accept-language': 'en' },
      payload: { title: 'x', content: 'y', publish_at: ahead(HOUR), expire_at: ahead(MIN) },
    });
    expect(backwards).toMatchObject({
      status: 422,
      code: 40004,
      data: {
        field: 'body.expire_at',
        errors: [
          { field: 'body.expire_at', message: 'The expiry time must come after the publication time' },
        ],
      },
    });
    const zh = await call(t.app, {
      method: 'PUT',
      url: `${ADMIN}/announcements/${a.id}`,
      token: staff,
      payload: { title: 'changed', content: 'y', publish_at: ago(MIN), expire_at: ago(2 * MIN) },
    });
    expect(zh).toMatchObject({ code: 40004, message: '数据验证失败，请检查输入' });
    expect((zh.data as { errors: { message: string }[] }).errors[0]!.message).toBe(
      '过期时间必须晚于发布时间',
    );
    for (const payload of [
      { title: '', content: 'y' },
      { title: 'x', content: 'y', category: 5 },
      { title: 'x', content: 'y', priority: 9 },
      { title: 'x', content: 'y', publish_at: 'tomorrow' },
      { title: 'x', content: 'y', translations: { fr: { title: 'x', content: 'y' } } },
    ]) {
      const r = await call(t.app, { method: 'POST', url: `${ADMIN}/announcements`, token: staff, payload });
      expect(r, JSON.stringify(payload)).toMatchObject({ status: 422, code: 40004 });
    }
    expect(await db().selectFrom('announcements').select(['id', 'title']).execute()).toEqual([
      { id: a.id, title: 'existing' },
    ]);
    const missing = await staffCall('PUT', '/announcements/999999', { title: 'x', content: 'y' });
    expect(missing).toMatchObject({ status: 404, code: 40701 });
    expect(await staffCall('POST', '/announcements/999999/publish')).toMatchObject({ code: 40701 });
  });

  it('documents the endpoints in the API reference', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${API}/announcements`,
        `${API}/announcements/{id}`,
        `${API}/announcements/{id}/read`,
        `${API}/announcements/unread/count`,
        `${ADMIN}/announcements/{id}/publish`,
      ]),
    );
  });
});
