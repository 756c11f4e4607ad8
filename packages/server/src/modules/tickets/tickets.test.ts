import type { TicketDetail, TicketSummary } from '@portal/contract';
import type { AdminTicketDetail, AdminTicketSummary, TicketAssignee } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call, login, uniqueEmail, PASSWORD, type Reply } from '../../test/accounts.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import {
  ADMIN,
  API,
  getTicket,
  openTicket,
  person,
  reply,
  staff,
  staffReply,
  type Person,
} from './test-kit.js';

type Page<T> = { items: T[]; total: number; page: number; size: number; pages: number };

describe(`tickets (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  const db = () => t.database.handle.db;
  const customer = () => person(t.app, sink, db());
  const admin = () => staff(t.app, sink, db());
  const list = (p: Person, query = '') =>
    call<Page<TicketSummary>>(t.app, { url: `${API}/tickets${query}`, token: p.token });
  const close = (p: Person, id: number) =>
    call<TicketDetail>(t.app, { method: 'POST', url: `${API}/tickets/${id}/close`, token: p.token });
  const setStatus = (p: Person, id: number, status: string) =>
    call<AdminTicketDetail>(t.app, {
      method: 'POST',
      url: `${ADMIN}/tickets/${id}/status`,
      token: p.token,
      payload: { status },
    });
  const ticketsOf = async (userId: number) =>
    db().selectFrom('tickets').selectAll().where('user_id', '=', userId).execute();

  it('opens a ticket: pending, numbered T + UTC date + 6 digits, first in the list', async () => {
    const u = await customer();
    const r = await openTicket(t.app, u.token, { title: '  Slow speed on Tokyo 01  ' });
    expect(r).toMatchObject({ status: 200, code: 20000 });
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(r.data.ticket_no).toMatch(new RegExp(`^T${today}\\d{6}$`));
    expect(r.data).toMatchObject({
      title: 'Slow speed on Tokyo 01',
      category: 'technical',
      priority: 'high',
      status: 'pending',
      reply_count: 0,
      replies: [],
      attachments: [],
      last_reply_by: null,
      closed_at: null,
    });
    const listed = await list(u);
    expect(listed.data).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(listed.data.items[0]).toMatchObject({ id: r.data.id, ticket_no: r.data.ticket_no });
    // priority defaults to medium
    const plain = await call<TicketDetail>(t.app, {
      method: 'POST',
      url: `${API}/tickets`,
      token: u.token,
      payload: { title: 'Billing question', category: 'billing', description: 'Invoice please' },
    });
    expect(plain.data.priority).toBe('medium');
  });

  it('gives every ticket its own number, also when opened at the same moment', async () => {
    const u = await customer();
    const opened = await Promise.all(Array.from({ length: 8 }, () => openTicket(t.app, u.token)));
    expect(opened.map((r) => r.code)).toEqual(Array(8).fill(20000));
    expect(new Set(opened.map((r) => r.data.ticket_no)).size).toBe(8);
    // and the database refuses a duplicate outright
    const row = (await ticketsOf(u.id))[0]!;
    const { id: _id, ...copy } = row;
    const duplicate = await db()
      .insertInto('tickets')
      .values(copy)
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(duplicate)).toBe(true);
  });

  it('refuses bad input field by field in the caller language and writes nothing', async () => {
    const u = await customer();
    const en = await openTicket(t.app, u.token, { title: 'abc' }, { 'accept-language': 'en' });
    expect(en).toMatchObject({ status: 422, code: 40004, data: { field: 'body.title' } });
    expect(en.message).toBe('Validation failed, please check your input');
    const errors = (en.data as unknown as { errors: { field: string; message: string }[] }).errors;
    expect(errors).toContainEqual({ field: 'body.title', message: 'The title needs 5 to 200 characters' });

    const tw = await openTicket(
      t.app,
      u.token,
      { category: 'weather', description: '   ' },
      { 'accept-language': 'zh-TW' },
    );
    const twErrors = (tw.data as unknown as { errors: { field: string; message: string }[] }).errors;
    expect(twErrors).toEqual(
      expect.arrayContaining([
        { field: 'body.category', message: '請選擇分類' },
        { field: 'body.description', message: '請填寫問題描述' },
      ]),
    );
    expect((await openTicket(t.app, u.token, { title: 'x'.repeat(201) })).code).toBe(40004);
    expect((await openTicket(t.app, u.token, { priority: 'asap' })).code).toBe(40004);
    expect(await ticketsOf(u.id)).toHaveLength(0);
    expect((await openTicket(t.app, u.token, { title: 'x'.repeat(200) })).code).toBe(20000);
  });

  it('lists one status at a time, in pages, latest activity first', async () => {
    const u = await customer();
    const [a, b, c] = [
      (await openTicket(t.app, u.token, { title: 'First ticket' })).data,
      (await openTicket(t.app, u.token, { title: 'Second ticket' })).data,
      (await openTicket(t.app, u.token, { title: 'Third ticket' })).data,
    ];
    expect((await close(u, b!.id)).data.status).toBe('closed');
    expect((await reply(t.app, u.token, a!.id, 'Any news?')).code).toBe(20000);

    const all = await list(u);
    expect(all.data.items.map((x) => x.title)).toEqual(['First ticket', 'Second ticket', 'Third ticket']);
    expect(all.data.items[0]).toMatchObject({ reply_count: 1, last_reply_by: 'user' });
    const closed = await list(u, '?status=closed');
    expect(closed.data.items.map((x) => x.id)).toEqual([b!.id]);
    expect((await list(u, '?status=pending')).data.total).toBe(2);
    const page2 = await list(u, '?size=2&page=2');
    expect(page2.data).toMatchObject({ total: 3, page: 2, size: 2, pages: 2 });
    expect(page2.data.items.map((x) => x.id)).toEqual([c!.id]);
    expect((await list(u, '?status=done')).code).toBe(40004);
  });

  it("keeps each customer to their own tickets: another's answer 404 everywhere", async () => {
    const owner = await customer();
    const other = await customer();
    const ticket = (await openTicket(t.app, owner.token)).data;
    expect(await getTicket(t.app, other.token, ticket.id)).toMatchObject({ status: 404, code: 40601 });
    expect(await reply(t.app, other.token, ticket.id, 'me too')).toMatchObject({ status: 404, code: 40601 });
    expect(await close(other, ticket.id)).toMatchObject({ status: 404, code: 40601 });
    expect((await list(other)).data.total).toBe(0);
    expect(await getTicket(t.app, owner.token, 999_999)).toMatchObject({ status: 404, code: 40601 });
    // nothing changed
    const seen = await getTicket(t.app, owner.token, ticket.id);
    expect(seen.data).toMatchObject({ status: 'pending', reply_count: 0 });
    expect(await call(t.app, { url: `${API}/tickets/${ticket.id}` })).toMatchObject({
      status: 401,
      code: 40001,
    });
  });

  it('keeps the staff API to admins: a customer gets 40002 on every call', async () => {
    const u = await customer();
    const ticket = (await openTicket(t.app, u.token)).data;
    const calls: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: `${ADMIN}/tickets` },
      { method: 'GET', url: `${ADMIN}/tickets/${ticket.id}` },
      { method: 'POST', url: `${ADMIN}/tickets/${ticket.id}/reply`, payload: { content: 'fixed' } },
      { method: 'POST', url: `${ADMIN}/tickets/${ticket.id}/status`, payload: { status: 'resolved' } },
      { method: 'POST', url: `${ADMIN}/tickets/${ticket.id}/assign`, payload: { assignee_id: u.id } },
    ];
    for (const c of calls) {
      const r = await call(t.app, { ...c, token: u.token, headers: { 'accept-language': 'en' } });
      expect([c.url, r.status, r.code, r.message]).toEqual([
        c.url,
        403,
        40002,
        'You do not have permission to do this',
      ]);
    }
    expect((await call(t.app, { url: `${ADMIN}/tickets` })).code).toBe(40001);
    const after = (await getTicket(t.app, u.token, ticket.id)).data;
    expect(after).toMatchObject({ status: 'pending', reply_count: 0 });
  });

  it('moves through the statuses: staff take it up, a reply reopens a resolved ticket', async () => {
    const u = await customer();
    const s = await admin();
    const id = (await openTicket(t.app, u.token)).data.id;
    expect((await reply(t.app, u.token, id, 'More details: error 502')).data.status).toBe('pending');
    const taken = await staffReply(t.app, s.token, id, { content: 'We are looking into it.' });
    expect(taken.data).toMatchObject({ status: 'processing', reply_count: 2, last_reply_by: 'staff' });
    const solved = await staffReply(t.app, s.token, id, { content: 'Fixed.', status: 'resolved' });
    expect(solved.data.status).toBe('resolved');
    const back = await reply(t.app, u.token, id, 'Still broken on my phone');
    expect(back.data).toMatchObject({ status: 'pending', reply_count: 4, last_reply_by: 'user' });
    // a staff reply on a ticket already being processed leaves it so
    expect((await staffReply(t.app, s.token, id, { content: 'On it' })).data.status).toBe('processing');
    expect((await staffReply(t.app, s.token, id, { content: 'Still on it' })).data.status).toBe('processing');
    // staff may set any status
    for (const status of ['resolved', 'pending', 'processing'] as const) {
      expect((await setStatus(s, id, status)).data.status).toBe(status);
    }
    expect(await setStatus(s, 999_999, 'resolved')).toMatchObject({ status: 404, code: 40601 });
    const detail = (await getTicket(t.app, u.token, id)).data;
    expect(detail.replies.map((r) => [r.is_staff, r.content])).toEqual([
      [false, 'More details: error 502'],
      [true, 'We are looking into it.'],
      [true, 'Fixed.'],
      [false, 'Still broken on my phone'],
      [true, 'On it'],
      [true, 'Still on it'],
    ]);
  });

  it('a closed ticket takes no replies (40602), from the customer or staff, until staff reopen it', async () => {
    const u = await customer();
    const s = await admin();
    const id = (await openTicket(t.app, u.token)).data.id;
    const closed = await close(u, id);
    expect(closed.data.status).toBe('closed');
    expect(closed.data.closed_at).not.toBeNull();
    const refused = await reply(t.app, u.token, id, 'one more thing');
    expect(refused).toMatchObject({ status: 409, code: 40602, message: '工单已关闭' });
    expect(await close(u, id)).toMatchObject({ status: 409, code: 40602 });
    expect(await staffReply(t.app, s.token, id, { content: 'hello?' })).toMatchObject({
      status: 409,
      code: 40602,
    });
    expect((await getTicket(t.app, u.token, id)).data).toMatchObject({ reply_count: 0, replies: [] });
    expect(
      await db().selectFrom('ticket_replies').select('id').where('ticket_id', '=', id).execute(),
    ).toHaveLength(0);

    const reopened = await setStatus(s, id, 'processing');
    expect(reopened.data).toMatchObject({ status: 'processing', closed_at: null });
    expect((await reply(t.app, u.token, id, 'thanks for reopening')).code).toBe(20000);
    // staff can close with their answer
    const done = await staffReply(t.app, s.token, id, { content: 'Closing now.', status: 'closed' });
    expect(done.data).toMatchObject({ status: 'closed' });
    expect(done.data.closed_at).not.toBeNull();
  });

  it('a close racing with replies: every reply before it counts, none after', async () => {
    const u = await customer();
    const id = (await openTicket(t.app, u.token)).data.id;
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => reply(t.app, u.token, id, `reply ${i}`)),
      close(u, id),
      ...Array.from({ length: 5 }, (_, i) => reply(t.app, u.token, id, `late ${i}`)),
    ]);
    const accepted = results.filter((r) => r.code === 20000).length - 1;
    expect(results.every((r) => r.code === 20000 || r.code === 40602)).toBe(true);
    const detail = (await getTicket(t.app, u.token, id)).data;
    expect(detail.status).toBe('closed');
    expect(detail.reply_count).toBe(accepted);
    expect(detail.replies).toHaveLength(accepted);
  });

  it('mails the customer when staff answer, in their language, with a link to the ticket', async () => {
    // An English-speaking customer: the language of registration is the language of their mail.
    const email = uniqueEmail('en');
    await call(t.app, {
      method: 'POST',
      url: `${API}/auth/register`,
      headers: { 'accept-language': 'en' },
      payload: { email, password: PASSWORD, confirm_password: PASSWORD },
    });
    const verify = await sink.waitFor((m) => m.to.includes(email));
    await call(t.app, {
      method: 'POST',
      url: `${API}/auth/verify-email`,
      payload: { token: linkFrom(verify, '/verify-email').token },
    });
    const en = { token: (await login(t.app, email)).access_token };
    const zh = await customer();
    const s = await admin();
    await db().updateTable('users').set({ nickname: 'Alice' }).where('id', '=', s.id).execute();

    const enTicket = (await openTicket(t.app, en.token, { title: 'Refund <question>' })).data;
    const zhTicket = (await openTicket(t.app, zh.token, { title: '无法连接节点' })).data;
    await staffReply(t.app, s.token, enTicket.id, { content: 'Hello!\nYour refund is on its way.' });
    await staffReply(t.app, s.token, zhTicket.id, { content: '您好，节点已恢复。' });

    const enMail = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes(enTicket.ticket_no));
    expect(enMail.subject).toBe(`New reply from support on your ticket ${enTicket.ticket_no} - Proxy Portal`);
    expect(enMail.text).toContain('Your refund is on its way.');
    expect(enMail.text).toContain(`http://127.0.0.1:8080/support/${enTicket.id}`);
    expect(enMail.html).toContain('Refund &lt;question&gt;');
    expect(enMail.html).not.toContain('<question>');
    const zhMail = await sink.waitFor(
      (m) => m.to.includes(zh.email) && m.subject.includes(zhTicket.ticket_no),
    );
    expect(zhMail.subject).toBe(`您的工单 ${zhTicket.ticket_no} 有新的客服回复 - Proxy Portal`);
    expect(zhMail.text).toContain('客服已回复您的工单「无法连接节点」');
    expect(zhMail.text).toContain(`/support/${zhTicket.id}`);

    // the customer sees the staff member's name on the answer, and no mail goes out for their own replies
    const seen = (await getTicket(t.app, en.token, enTicket.id)).data;
    expect(seen.replies[0]).toMatchObject({ is_staff: true, author_name: 'Alice' });
    await reply(t.app, en.token, enTicket.id, 'Thank you');
    const outbox = await db()
      .selectFrom('mail_outbox')
      .select(['to_address'])
      .where('kind', '=', 'ticket_staff_reply')
      .execute();
    expect(outbox.filter((m) => m.to_address === email)).toHaveLength(1);
  });

  it('assigns tickets to admins only; staff list all tickets by status and assignee', async () => {
    const u1 = await customer();
    const u2 = await customer();
    const s1 = await admin();
    const s2 = await admin();
    const a = (await openTicket(t.app, u1.token, { title: 'Assigned ticket' })).data;
    const b = (await openTicket(t.app, u2.token, { title: 'Other customer ticket' })).data;
    const assign = (assignee_id: number | null) =>
      call<AdminTicketDetail>(t.app, {
        method: 'POST',
        url: `${ADMIN}/tickets/${a.id}/assign`,
        token: s1.token,
        payload: { assignee_id },
        headers: { 'accept-language': 'en' },
      });
    expect(await assign(u2.id)).toMatchObject({
      status: 422,
      code: 40609,
      message: 'A ticket can only be assigned to a staff member who handles tickets',
    });
    expect((await assign(999_999)).code).toBe(40609);
    const assigned = await assign(s2.id);
    expect(assigned.data).toMatchObject({ assignee_id: s2.id, assignee_name: s2.email });
    expect(assigned.data).toMatchObject({ user_id: u1.id, user_email: u1.email });

    const byAssignee = await call<{ items: AdminTicketSummary[]; next_before: number | null }>(t.app, {
      url: `${ADMIN}/tickets?assignee_id=${s2.id}`,
      token: s1.token,
    });
    expect(byAssignee.data.items.map((x) => x.id)).toEqual([a.id]);
    await setStatus(s1, b.id, 'resolved');
    const resolved = await call<{ items: AdminTicketSummary[]; next_before: number | null }>(t.app, {
      url: `${ADMIN}/tickets?status=resolved`,
      token: s1.token,
    });
    expect(resolved.data.items.map((x) => x.id)).toContain(b.id);
    expect(resolved.data.items.every((x) => x.status === 'resolved')).toBe(true);
    const all = await call<{ items: AdminTicketSummary[]; next_before: number | null }>(t.app, {
      url: `${ADMIN}/tickets?size=100`,
      token: s1.token,
    });
    expect(all.data.items.find((x) => x.id === b.id)).toMatchObject({
      user_email: u2.email,
      assignee_id: null,
    });
    // Pages after a cursor walk the same list, newest activity first, and end with next_before null.
    expect(all.data.items.length).toBeGreaterThan(2);
    expect(all.data.items.length).toBeLessThan(100);
    const walked: number[] = [];
    let before: number | null = null;
    do {
      const page: Reply<{ items: AdminTicketSummary[]; next_before: number | null }> = await call(t.app, {
        url: `${ADMIN}/tickets?size=2${before === null ? '' : `&before=${before}`}`,
        token: s1.token,
      });
      walked.push(...page.data.items.map((x) => x.id));
      before = page.data.next_before;
    } while (before !== null && walked.length < 200);
    expect(walked).toEqual(all.data.items.map((x) => x.id));
    const unknown = await call<{ items: unknown[]; next_before: number | null }>(t.app, {
      url: `${ADMIN}/tickets?before=999999`,
      token: s1.token,
    });
    expect(unknown.data).toEqual({ items: [], next_before: null });
    const detail = await call<AdminTicketDetail>(t.app, {
      url: `${ADMIN}/tickets/${b.id}`,
      token: s1.token,
    });
    expect(detail.data).toMatchObject({ user_id: u2.id, title: 'Other customer ticket' });
    expect((await assign(null)).data.assignee_id).toBeNull();
  });
  it('names who may be assigned (roles with tickets.write) and lists the tickets nobody is assigned to', async () => {
    const s1 = await admin();
    const desk = await accountWithRole(t.app, db(), 'support');
    const viewer = await accountWithRole(t.app, db(), 'viewer');
    const finance = await accountWithRole(t.app, db(), 'finance');
    const u = await customer();
    const assignees = await call<TicketAssignee[]>(t.app, {
      url: `${ADMIN}/tickets/assignees`,
      token: viewer.token,
    });
    expect(assignees.code).toBe(20000);
    const ids = assignees.data.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([s1.id, desk.id]));
    expect(ids).not.toContain(viewer.id);
    expect(ids).not.toContain(finance.id);
    expect(ids).not.toContain(u.id);
    expect(assignees.data.find((x) => x.id === desk.id)).toEqual({
      id: desk.id,
      email: desk.email,
      nickname: null,
      role: 'support',
    });
    // Every one of them is accepted by the assign call.
    const ticket = (await openTicket(t.app, u.token, { title: 'Nobody has it yet' })).data;
    const other = (await openTicket(t.app, u.token, { title: 'Taken by the desk' })).data;
    const assigned = await call<AdminTicketDetail>(t.app, {
      method: 'POST',
      url: `${ADMIN}/tickets/${other.id}/assign`,
      token: s1.token,
      payload: { assignee_id: desk.id },
    });
    expect(assigned.data.assignee_id).toBe(desk.id);
    const unassigned = await call<{ items: AdminTicketSummary[] }>(t.app, {
      url: `${ADMIN}/tickets?unassigned=true&size=100`,
      token: desk.token,
    });
    expect(unassigned.code).toBe(20000);
    expect(unassigned.data.items.map((x) => x.id)).toContain(ticket.id);
    expect(unassigned.data.items.map((x) => x.id)).not.toContain(other.id);
    expect(unassigned.data.items.every((x) => x.assignee_id === null)).toBe(true);
    const both = await call<{ items: AdminTicketSummary[] }>(t.app, {
      url: `${ADMIN}/tickets?unassigned=true&assignee_id=${desk.id}`,
      token: desk.token,
    });
    expect(both.data.items).toEqual([]);
    const bad = await call(t.app, { url: `${ADMIN}/tickets?unassigned=maybe`, token: desk.token });
    expect(bad.code).toBe(40004);
    // Customers and roles without tickets.read do not learn who the staff are.
    expect((await call(t.app, { url: `${ADMIN}/tickets/assignees`, token: u.token })).code).toBe(40002);
    expect((await call(t.app, { url: `${ADMIN}/tickets/assignees`, token: finance.token })).code).toBe(40002);
  });

  it('lists the tickets waiting longest first, a page at a time, the other way round from the latest activity', async () => {
    const desk = await accountWithRole(t.app, db(), 'support');
    const u = await customer();
    const opened = [];
    for (const title of ['First to wait', 'Second to wait', 'Third to wait'])
      opened.push((await openTicket(t.app, u.token, { title })).data.id);
    // Their last activity an hour, two and three hours ago, older than any other test's tickets.
    for (const [i, id] of opened.entries())
      await db()
        .updateTable('tickets')
        .set({ updated_at: new Date(Date.now() - (3 - i) * 3_600_000 - 86_400_000).toISOString() })
        .where('id', '=', id)
        .execute();
    type Page = { items: AdminTicketSummary[]; next_before: number | null };
    const page = (query: string) =>
      call<Page>(t.app, { url: `${ADMIN}/tickets?${query}`, token: desk.token });
    const first = await page('sort=waiting&size=2');
    expect(first.data.items.map((x) => x.id)).toEqual(opened.slice(0, 2));
    const next = await page(`sort=waiting&size=1&before=${first.data.next_before}`);
    expect(next.data.items.map((x) => x.id)).toEqual([opened[2]]);
    // Newest activity first (the default) has them last, in the opposite order.
    const all: number[] = [];
    let before: number | null = null;
    do {
      const p: { data: Page } = await page(`size=100${before ? `&before=${before}` : ''}`);
      all.push(...p.data.items.map((x) => x.id));
      before = p.data.next_before;
    } while (before);
    expect(all.slice(-3)).toEqual([...opened].reverse());
    expect((await page('sort=oldest')).code).toBe(40004);
  });
  it("records every staff write on a ticket in the audit log with the support member's role and what changed", async () => {
    const u = await customer();
    const desk = await accountWithRole(t.app, db(), 'support');
    const ticket = (await openTicket(t.app, u.token, { title: 'Audit me please' })).data;
    const post = (path: string, payload: object) =>
      call<AdminTicketDetail>(t.app, {
        method: 'POST',
        url: `${ADMIN}/tickets/${ticket.id}/${path}`,
        token: desk.token,
        payload,
      });
    expect((await post('assign', { assignee_id: desk.id })).code).toBe(20000);
    expect((await post('reply', { content: 'Looking into it', status: 'resolved' })).data.status).toBe(
      'resolved',
    );
    expect((await post('status', { status: 'closed' })).code).toBe(20000);
    const rows = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_role', 'target_type', 'target_id', 'changes'])
      .where('target_type', '=', 'ticket')
      .where('target_id', '=', String(ticket.id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.actor_id, r.actor_role])).toEqual([
      ['ticket.assign', desk.id, 'support'],
      ['ticket.reply', desk.id, 'support'],
      ['ticket.status', desk.id, 'support'],
    ]);
    const changes = rows.map((r) => JSON.parse(r.changes ?? 'null') as unknown);
    expect(changes[0]).toEqual({ before: { assignee_id: null }, after: { assignee_id: desk.id } });
    expect(changes[1]).toMatchObject({ after: { status: 'resolved', attachment_ids: [] } });
    expect(changes[2]).toEqual({ before: { status: 'resolved' }, after: { status: 'closed' } });
  });
});
