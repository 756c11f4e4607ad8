import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TicketAttachment, TicketDetail } from '@portal/contract';
import type { AdminTicketDetail } from '@portal/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, call, enrolTwoFactor } from '../../test/accounts.js';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/helpers.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { MAX_UNCLAIMED_UPLOADS } from './ticket-service.js';
import {
  compoundFile,
  docx,
  elf,
  gif,
  jpeg,
  multipartFile,
  pdf,
  png,
  streamingMultipartFile,
  windowsExe,
} from './test-files.js';
import {
  API,
  getTicket,
  openTicket,
  person,
  reply,
  staff,
  staffReply,
  upload,
  type Person,
} from './test-kit.js';

const MB = 1024 * 1024;

describe(`ticket attachments (${TEST_DIALECT})`, () => {
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
  const storeDir = () => path.join(t.app.ctx.config.dataDir, 'attachments');
  const storedFiles = () => (existsSync(storeDir()) ? readdirSync(storeDir()) : []);
  const rowsOf = (userId: number) =>
    db().selectFrom('ticket_attachments').selectAll().where('uploader_id', '=', userId).execute();
  const fetchFile = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const byToken = (id: number) => `${API}/tickets/attachments/${id}`;

  async function uploaded(p: Person, name: string, bytes: Buffer): Promise<TicketAttachment> {
    const r = await upload(t.app, p.token, name, bytes);
    expect(r.code, r.message).toBe(20000);
    return r.data;
  }

  it('takes a real PNG and serves it inline to its owner, by token or by the signed URL', async () => {
    const u = await customer();
    const bytes = png(3, 2);
    const a = await uploaded(u, '屏幕截图 (1).png', bytes);
    expect(a).toMatchObject({
      file_name: '屏幕截图 (1).png',
      content_type: 'image/png',
      kind: 'image',
      size: bytes.length,
    });
    expect(a.url).toMatch(new RegExp(`^/api/v1/portal/tickets/attachments/${a.id}\\?expires=\\d+&sig=`));

    const signed = await fetchFile(a.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(bytes)).toBe(true);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(signed.headers['x-content-type-options']).toBe('nosniff');
    expect(signed.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(signed.headers['content-disposition']).toBe(
      `inline; filename="____ (1).png"; filename*=UTF-8''${encodeURIComponent('屏幕截图')}%20%281%29.png`,
    );
    const owned = await fetchFile(byToken(a.id), u.token);
    expect(owned.statusCode).toBe(200);
    expect(owned.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves everything but images as a download, with the type found in the content', async () => {
    const u = await customer();
    const cases: [string, Buffer, string, string][] = [
      ['manual.pdf', pdf(), 'application/pdf', 'pdf'],
      [
        'letter.docx',
        docx(),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'word',
      ],
      ['old letter.doc', compoundFile(['WordDocument']), 'application/msword', 'word'],
      [
        'client.log',
        Buffer.from('2026-11-22 10:00 dial tcp: i/o timeout\n'),
        'text/plain; charset=utf-8',
        'text',
      ],
      // an HTML page is only ever text here: named .txt and never rendered
      ['page.html', Buffer.from('<script>alert(1)</script>'), 'text/plain; charset=utf-8', 'text'],
    ];
    for (const [name, bytes, type, kind] of cases) {
      const a = await uploaded(u, name, bytes);
      expect([name, a.content_type, a.kind]).toEqual([name, type, kind]);
      const r = await fetchFile(a.url);
      expect([name, r.statusCode, r.headers['content-type']]).toEqual([name, 200, type]);
      expect(r.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toContain('sandbox');
      expect(r.rawPayload.equals(bytes)).toBe(true);
    }
    const html = (await rowsOf(u.id)).find((row) => row.file_name.startsWith('page.html'));
    expect(html?.file_name).toBe('page.html.txt');
    // JPG and GIF are images too
    expect((await uploaded(u, 'a.jpg', jpeg())).kind).toBe('image');
    expect((await uploaded(u, 'b.gif', gif())).kind).toBe('image');
  });

  it('refuses renamed executables and other binaries by their content, keeping nothing', async () => {
    const u = await customer();
    const before = storedFiles().length;
    for (const [name, bytes] of [
      ['x.png', elf()],
      ['x.txt', windowsExe()],
      ['setup.doc', compoundFile(['SummaryInformation', 'Workbook'])],
      ['notes.txt', Buffer.concat([Buffer.from('hello'), Buffer.from([0, 0, 0])])],
      ['latin1.txt', Buffer.from('Gr\u00fc\u00dfe', 'latin1')],
    ] as const) {
      const r = await upload(t.app, u.token, name, bytes, { 'accept-language': 'en' });
      expect([name, r.status, r.code]).toEqual([name, 415, 40605]);
      expect(r.message).toBe(
        'This file type is not accepted: only JPG/PNG/GIF images, PDF, Word documents and plain text',
      );
    }
    const zh = await upload(t.app, u.token, 'x.png', elf());
    expect(zh.message).toMatch(/^不支持的附件类型/);
    expect(await rowsOf(u.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('cuts a 50 MB upload off at 10 MB without keeping any of it; exactly 10 MB is fine', async () => {
    const u = await customer();
    const before = storedFiles().length;
    const big = streamingMultipartFile('huge.txt', 50 * MB);
    const r = await t.app.inject({
      method: 'POST',
      url: `${API}/tickets/upload`,
      headers: { ...big.headers, authorization: `Bearer ${u.token}`, 'accept-language': 'en' },
      payload: big.payload,
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({ code: 40604, message: 'An attachment can be at most 10 MB' });
    expect(r.headers.connection).toBe('close');
    expect(await rowsOf(u.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);

    const limit = await upload(t.app, u.token, 'limit.txt', Buffer.alloc(10 * MB, 0x62));
    expect(limit).toMatchObject({ code: 20000, data: { size: 10 * MB, kind: 'text' } });
    const over = await upload(t.app, u.token, 'over.txt', Buffer.alloc(10 * MB + 1, 0x62));
    expect(over).toMatchObject({ status: 413, code: 40604 });
    expect((await rowsOf(u.id)).map((row) => row.size_bytes)).toEqual([10 * MB]);
  });

  it('over a real connection answers 413 once 10 MB have passed and closes it, so the client stops sending', async () => {
    const u = await customer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'portal-boundary';
    const total = 50 * MB;
    const answer = await new Promise<{
      status: number;
      code: number;
      connection: string;
      sentAtAnswer: number;
    }>((resolve, reject) => {
      let sent = 0;
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `${API}/tickets/upload`,
          headers: {
            authorization: `Bearer ${u.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
        },
        (res) => {
          const sentAtAnswer = sent;
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              code: (JSON.parse(body) as { code: number }).code,
              connection: String(res.headers.connection),
              sentAtAnswer,
            }),
          );
        },
      );
      req.on('error', reject);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(answer).toMatchObject({ status: 413, code: 40604, connection: 'close' });
    // the client was told (and its connection closed) long before it had pushed the whole 50 MB through
    expect(answer.sentAtAnswer).toBeLessThan(total / 2);
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('refuses an empty file, a request without a file, and one that is not multipart', async () => {
    const u = await customer();
    expect(await upload(t.app, u.token, 'empty.txt', Buffer.alloc(0))).toMatchObject({
      status: 422,
      code: 40608,
    });
    const noFile = await call(t.app, {
      method: 'POST',
      url: `${API}/tickets/upload`,
      token: u.token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--xyz--\r\n',
    });
    expect(noFile).toMatchObject({ status: 422, code: 40004, data: { field: 'body.file' } });
    const json = await call(t.app, {
      method: 'POST',
      url: `${API}/tickets/upload`,
      token: u.token,
      payload: { file: 'aGVsbG8=' },
    });
    expect(json).toMatchObject({ status: 400, code: 40000 });
    const anonymous = multipartFile('a.png', png());
    expect(await call(t.app, { method: 'POST', url: `${API}/tickets/upload`, ...anonymous })).toMatchObject({
      status: 401,
      code: 40001,
    });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it("keeps attachments to their owners: others get 404, signatures can't be forged or reused late", async () => {
    const owner = await customer();
    const other = await customer();
    const admin = await staff(t.app, sink, db());
    const a = await uploaded(owner, 'proof.png', png());
    const ticket = (await openTicket(t.app, owner.token, { attachment_ids: [a.id] })).data;
    expect(ticket.attachments.map((x) => x.id)).toEqual([a.id]);

    expect((await fetchFile(byToken(a.id), other.token)).json()).toMatchObject({ code: 40607 });
    expect((await fetchFile(byToken(a.id), other.token)).statusCode).toBe(404);
    expect((await fetchFile(byToken(a.id), admin.token)).statusCode).toBe(200);
    expect((await fetchFile(byToken(a.id))).statusCode).toBe(401);

    const url = new URL(a.url, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = [
      `${byToken(a.id)}?expires=${expires}&sig=${tampered}`,
      `${byToken(a.id)}?expires=${expires + 3600}&sig=${sig}`,
      `${byToken(a.id + 1)}?expires=${expires}&sig=${sig}`,
      `${byToken(a.id)}?expires=${expires}`,
      `${byToken(a.id)}?sig=${sig}`,
    ];
    for (const f of forged) {
      const r = await fetchFile(f, owner.token);
      expect([f, r.statusCode, r.json<{ code: number }>().code]).toEqual([f, 403, 40002]);
    }
    // a signature made for a time already past (as an old page would hold) no longer opens the file
    const links = t.app.ctx.services.tickets.links;
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await fetchFile(`${byToken(a.id)}?expires=${past}&sig=${links.signature(a.id, past)}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 40002, data: { reason: 'expired' } });
    expect(expired.headers['content-type']).toMatch(/^application\/json/);
  });

  it("lets staff open a customer's files only as the staff API does: tickets.read and a two-factor session", async () => {
    const owner = await customer();
    const a = await uploaded(owner, 'proof.png', png());
    const ticket = (await openTicket(t.app, owner.token, { attachment_ids: [a.id] })).data;
    // A support member signed in with the password only: the staff API answers 40120, the file is not theirs.
    const desk = await accountWithRole(t.app, db(), 'support', { twoFactor: false });
    const detailUrl = `/api/v1/admin/tickets/${ticket.id}`;
    expect((await call(t.app, { url: detailUrl, token: desk.token })).code).toBe(40120);
    const before = await fetchFile(byToken(a.id), desk.token);
    expect([before.statusCode, before.json<{ code: number }>().code]).toEqual([404, 40607]);
    // With two-factor on in this session: by token, and through the signed URL the staff ticket answer gives.
    await enrolTwoFactor(t.app, desk.token);
    expect((await fetchFile(byToken(a.id), desk.token)).statusCode).toBe(200);
    const detail = await call<AdminTicketDetail>(t.app, { url: detailUrl, token: desk.token });
    const signed = await fetchFile(detail.data.attachments[0]!.url);
    expect([signed.statusCode, signed.headers['content-type']]).toEqual([200, 'image/png']);
    // A role without tickets.read (finance) never opens a customer's file, two-factor or not.
    const finance = await accountWithRole(t.app, db(), 'finance');
    expect((await fetchFile(byToken(a.id), finance.token)).statusCode).toBe(404);
  });

  it("claims an upload once, only its uploader's, and writes nothing when one is not available", async () => {
    const owner = await customer();
    const other = await customer();
    const a = await uploaded(owner, 'a.png', png());
    // someone else's upload cannot be referenced; nothing of the ticket is written
    const stolen = await openTicket(
      t.app,
      other.token,
      { attachment_ids: [a.id] },
      { 'accept-language': 'en' },
    );
    expect(stolen).toMatchObject({
      status: 404,
      code: 40607,
      message: 'The attachment does not exist or has expired, please upload it again',
    });
    expect(await db().selectFrom('tickets').select('id').where('user_id', '=', other.id).execute()).toEqual(
      [],
    );
    const b = await uploaded(owner, 'b.pdf', pdf());
    const first = await openTicket(t.app, owner.token, { attachment_ids: [a.id, b.id, a.id] });
    expect(first.data.attachments.map((x) => x.id)).toEqual([a.id, b.id]);
    // used already: refused, and the second ticket does not exist
    const again = await openTicket(t.app, owner.token, { title: 'Second try', attachment_ids: [b.id] });
    expect(again).toMatchObject({ status: 404, code: 40607 });
    const owned = await db().selectFrom('tickets').select('title').where('user_id', '=', owner.id).execute();
    expect(owned.map((x) => x.title)).toEqual(['Cannot connect to Tokyo 01']);
    // a reply that fails on its attachment is not written either
    const c = await uploaded(owner, 'c.png', png());
    const badReply = await reply(t.app, owner.token, first.data.id, 'see attached', [c.id, 999_999]);
    expect(badReply.code).toBe(40607);
    expect((await getTicket(t.app, owner.token, first.data.id)).data).toMatchObject({
      reply_count: 0,
      status: 'pending',
    });
  });

  it('allows at most 5 attachments per message', async () => {
    const u = await customer();
    const six = [];
    for (let i = 0; i < 6; i += 1) six.push((await uploaded(u, `shot-${i}.png`, png(1 + i, 1))).id);
    const tooMany = await openTicket(t.app, u.token, { attachment_ids: six }, { 'accept-language': 'en' });
    expect(tooMany).toMatchObject({
      status: 422,
      code: 40606,
      message: 'Too many attachments: at most 5 per message',
    });
    const opened = await openTicket(t.app, u.token, { attachment_ids: six.slice(0, 5) });
    expect(opened.data.attachments).toHaveLength(5);
    const more = [];
    for (let i = 0; i < 6; i += 1) more.push((await uploaded(u, `more-${i}.gif`, gif())).id);
    expect((await reply(t.app, u.token, opened.data.id, 'more', more)).code).toBe(40606);
    const replied = await reply(t.app, u.token, opened.data.id, 'five more', more.slice(0, 5));
    expect(replied.data.replies[0]!.attachments).toHaveLength(5);
    expect(replied.data.attachments).toHaveLength(5);
  });

  it('shows each message with its own files, staff files included, and lets the customer open them', async () => {
    const u = await customer();
    const s = await staff(t.app, sink, db());
    const opening = await uploaded(u, 'opening.png', png());
    const ticket = (await openTicket(t.app, u.token, { attachment_ids: [opening.id] })).data;
    const fromStaff = await uploaded(s, 'how-to.pdf', pdf());
    await staffReply(t.app, s.token, ticket.id, { content: 'See the guide', attachment_ids: [fromStaff.id] });
    const userFile = await uploaded(u, 'log.txt', Buffer.from('still failing\n'));
    await reply(t.app, u.token, ticket.id, 'Log attached', [userFile.id]);

    const detail = (await getTicket(t.app, u.token, ticket.id)).data as TicketDetail;
    expect(detail.attachments.map((x) => x.file_name)).toEqual(['opening.png']);
    expect(detail.replies.map((r) => [r.content, r.attachments.map((x) => x.file_name)])).toEqual([
      ['See the guide', ['how-to.pdf']],
      ['Log attached', ['log.txt']],
    ]);
    const staffFile = detail.replies[0]!.attachments[0]!;
    expect((await fetchFile(staffFile.url)).statusCode).toBe(200);
    expect((await fetchFile(byToken(staffFile.id), u.token)).statusCode).toBe(200);
  });

  it('limits how many unused uploads one person may hold', async () => {
    const u = await customer();
    for (let i = 0; i < MAX_UNCLAIMED_UPLOADS; i += 1) await uploaded(u, `n${i}.gif`, gif());
    expect(await upload(t.app, u.token, 'one-more.gif', gif())).toMatchObject({ status: 429, code: 40005 });
  });

  it('the job removes uploads nobody used within a day, and finished tickets after a year', async () => {
    const u = await customer();
    const fresh = await uploaded(u, 'fresh.png', png());
    const stale = await uploaded(u, 'stale.png', png());
    const used = await uploaded(u, 'used.png', png());
    const ticket = (await openTicket(t.app, u.token, { attachment_ids: [used.id] })).data;
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await db()
      .updateTable('ticket_attachments')
      .set({ created_at: dayAgo })
      .where('id', 'in', [stale.id, used.id])
      .execute();
    const keyOf = async (id: number) =>
      (
        await db()
          .selectFrom('ticket_attachments')
          .select('storage_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).storage_key;
    const staleKey = await keyOf(stale.id);
    const usedKey = await keyOf(used.id);
    expect(storedFiles()).toContain(staleKey);

    const swept = await t.app.ctx.services.tickets.cleanup();
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(u.id)).map((r) => r.id).sort()).toEqual([fresh.id, used.id].sort());
    expect(storedFiles()).not.toContain(staleKey);
    expect((await fetchFile(stale.url)).statusCode).toBe(404);
    expect((await fetchFile(fresh.url)).statusCode).toBe(200);

    // A closed ticket untouched for more than a year goes, with its files; an open one stays.
    await t.app.inject({
      method: 'POST',
      url: `${API}/tickets/${ticket.id}/close`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    const open = (await openTicket(t.app, u.token)).data;
    const yearsAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await db()
      .updateTable('tickets')
      .set({ updated_at: yearsAgo })
      .where('id', 'in', [ticket.id, open.id])
      .execute();
    const expired = await t.app.ctx.services.tickets.cleanup();
    expect(expired.tickets).toBe(1);
    expect((await getTicket(t.app, u.token, ticket.id)).code).toBe(40601);
    expect((await getTicket(t.app, u.token, open.id)).code).toBe(20000);
    expect(storedFiles()).not.toContain(usedKey);
  });

  it('the sweep lets the event loop take turns between batches (SQLite answers synchronously)', async () => {
    const u = await customer();
    const yearsAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await db()
      .insertInto('tickets')
      .values(
        Array.from({ length: 250 }, (_, i) => ({
          ticket_no: `SWEEP${i}`,
          user_id: u.id,
          title: 't',
          category: 'other',
          priority: 'low',
          status: 'closed',
          description: 'd',
          created_at: yearsAgo,
          updated_at: yearsAgo,
        })),
      )
      .execute();
    let turns = 0;
    let running = true;
    const count = () => {
      turns += 1;
      if (running) setImmediate(count);
    };
    setImmediate(count);
    const swept = await t.app.ctx.services.tickets.cleanup();
    running = false;
    expect(swept.tickets).toBe(250);
    // Three batches of expired tickets (and the empty upload sweep): the loop ran at least between them.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
