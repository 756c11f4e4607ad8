import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketDetail, TicketSummary } from '@portal/contract';
import { consolePageForPath } from '../../app/console-pages';
import { isActivePath } from '../../app/layouts/console/nav-items';
import SupportPage from '../../pages/console/support-page';
import TicketPage from '../../pages/console/ticket-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { flushUntil, marker, renderRoutes } from '../../test/render';
import { ticketIdOf } from './format';
import { attachment, detail, pageOf, replyOf, summary } from './test-fixtures';
import { asPhone } from '../../test/as-phone';

const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = (call: FakeCall) => url(call).pathname.replace('/api/v1/portal', '');
const MB = 1024 * 1024;

type Handler = (call: FakeCall, index: number) => Reply | undefined;

function server(handler: Handler) {
  return installFakeFetch((call, index) => handler(call, index) ?? fail(404, 40003));
}

function renderSupport(at = '/support') {
  return renderRoutes(
    [
      { path: '/support', element: <SupportPage /> },
      { path: '/support/:ticketId', element: <TicketPage /> },
    ],
    at,
  );
}

const file = (name: string, size: number, type = 'application/octet-stream') =>
  new File([new Uint8Array(size)], name, { type });

function pick(files: File[]) {
  const input = screen.getAllByTestId('attachment-input').at(-1)!;
  fireEvent.change(input, { target: { files } });
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it for re-measuring after fonts load.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('helpers', () => {
  it('reads ticket ids from the route', () => {
    expect(ticketIdOf('42')).toBe(42);
    expect(ticketIdOf('0')).toBe(0);
    expect(ticketIdOf('abc')).toBe(0);
    expect(ticketIdOf(undefined)).toBe(0);
  });

  it('a ticket page belongs to the support page: its title and sidebar entry', () => {
    expect(consolePageForPath('/support/12')?.key).toBe('support');
    expect(consolePageForPath('/support/12/')?.key).toBe('support');
    expect(consolePageForPath('/support/12/more')).toBeNull();
    expect(consolePageForPath('/nodes/12')).toBeNull();
    expect(isActivePath('/support/12', '/support')).toBe(true);
    expect(isActivePath('/support/12', '/announcements')).toBe(false);
  });
});

describe('/support list', () => {
  const tickets: TicketSummary[] = [
    summary({
      id: 1,
      title: '无法连接东京节点',
      status: 'processing',
      last_reply_by: 'staff',
      reply_count: 2,
    }),
    summary({
      id: 2,
      ticket_no: 'T20261121000001',
      title: '发票问题',
      category: 'billing',
      status: 'closed',
    }),
  ];

  it('shows the tickets with status badges, filters by status and pages through', async () => {
    const { calls } = server((call) => {
      if (path(call) !== '/tickets') return undefined;
      const status = url(call).searchParams.get('status');
      const items = tickets.filter((x) => !status || x.status === status);
      const page = Number(url(call).searchParams.get('page') ?? 1);
      return ok(pageOf(items, 45, page));
    });
    const { router } = renderSupport();
    const rows = await screen.findAllByTestId('ticket-row');
    expect(rows.map((r) => r.dataset.id)).toEqual(['1', '2']);
    expect(within(rows[0]!).getByTestId('ticket-status').textContent).toBe('处理中');
    expect(within(rows[0]!).getByTestId('ticket-priority').textContent).toBe('高');
    expect(within(rows[0]!).getByTestId('ticket-staff-replied').textContent).toBe('客服已回复');
    expect(within(rows[1]!).queryByTestId('ticket-staff-replied')).toBeNull();
    expect(rows[1]!.textContent).toContain('账单与支付');
    expect(rows[1]!.textContent).toContain('T20261121000001');

    fireEvent.click(screen.getByTestId('ticket-filter-closed'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('ticket-row').map((r) => r.dataset.id)).toEqual(['2']),
    );
    expect(url(calls.at(-1)!).searchParams.get('status')).toBe('closed');

    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=closed&page=3'));
    expect(url(calls.at(-1)!).searchParams.get('page')).toBe('3');

    fireEvent.click(screen.getByTestId('ticket-filter-all'));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));

    fireEvent.click(screen.getAllByTestId('ticket-row')[0]!);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/support/1'));
  });

  it('says when loading failed, with the server reason, and retries', async () => {
    let attempts = 0;
    server((call) => {
      if (path(call) !== '/tickets') return undefined;
      attempts += 1;
      return attempts <= 2 ? fail(500, 50001, 'db down') : ok(pageOf([summary()]));
    });
    renderSupport();
    // the page query is retried once (after a second) before the failure shows
    const error = await screen.findByTestId('tickets-error', {}, { timeout: 4000 });
    expect(error.textContent).toContain('工单加载失败，请稍后重试');
    expect(error.textContent).toContain('数据服务异常，请稍后再试');
    fireEvent.click(screen.getByTestId('tickets-retry'));
    expect(await screen.findAllByTestId('ticket-row')).toHaveLength(1);
  });

  it('invites to open a first ticket, and offers all tickets when a status has none', async () => {
    server((call) => (path(call) === '/tickets' ? ok(pageOf([])) : undefined));
    renderSupport();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('还没有工单');
    renderSupport('/support?status=resolved');
    expect(await screen.findByTestId('tickets-show-all')).toBeTruthy();
  });

  it('on a phone shows cards and a status select, in English when chosen', async () => {
    await i18n.changeLanguage('en');
    asPhone();
    server((call) => (path(call) === '/tickets' ? ok(pageOf(tickets)) : undefined));
    const { router } = renderSupport();
    const cards = await screen.findAllByTestId('ticket-card');
    expect(screen.queryByTestId('ticket-row')).toBeNull();
    expect(within(cards[0]!).getByTestId('ticket-status').textContent).toBe('Processing');
    expect(cards[1]!.textContent).toContain('Billing & payment');
    fireEvent.change(screen.getByTestId('ticket-filter-select'), { target: { value: 'pending' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
  });
});

describe('the new ticket form', () => {
  it('checks the fields like the server, uploads the files, sends their ids and opens the ticket', async () => {
    let uploads = 0;
    const { calls, fn } = server((call) => {
      const p = path(call);
      if (p === '/tickets' && call.method === 'GET') return ok(pageOf([]));
      if (p === '/tickets/upload') {
        uploads += 1;
        // the third picked file is an executable called x.png: the server refuses it by content
        if (uploads === 2) return fail(415, 40605, 'server text');
        return ok(attachment({ id: 20 + uploads, file_name: `f${uploads}.png` }));
      }
      if (p === '/tickets' && call.method === 'POST') return ok(detail({ id: 77 }));
      return undefined;
    });
    const { router } = renderRoutes(
      [{ path: '/support', element: <SupportPage /> }, marker('/support/:ticketId')],
      '/support',
    );
    fireEvent.click(await screen.findByTestId('ticket-new'));
    const dialog = await screen.findByRole('dialog', { name: '新建工单' });

    // nothing is sent while the fields are not right
    type('ticket-title', 'abc');
    fireEvent.click(within(dialog).getByTestId('ticket-submit'));
    expect(await within(dialog).findByText('标题长度须为 5 到 200 个字符')).toBeTruthy();
    expect(within(dialog).getByText('请选择分类')).toBeTruthy();
    expect(within(dialog).getByText('请填写问题描述')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('ticket-title', '无法连接东京节点');
    type('ticket-category', 'technical');
    type('ticket-priority-select', 'urgent');
    type('ticket-description', '从今天早上开始超时');

    // an 11 MB file is stopped here; the others go up one by one as multipart
    pick([
      file('ok.png', 1000, 'image/png'),
      file('huge.pdf', 11 * MB, 'application/pdf'),
      file('x.png', 300, 'image/png'),
    ]);
    await flushUntil(() =>
      screen.queryAllByTestId('attachment-item').every((i) => i.dataset.status !== 'uploading'),
    );
    const items = screen.getAllByTestId('attachment-item');
    expect(items.map((i) => i.dataset.status)).toEqual(['done', 'error', 'error']);
    expect(within(items[0]!).getByTestId('attachment-item-info').textContent).toBe('1,000 B');
    expect(items[1]!.textContent).toContain('文件超过 10 MB，无法上传');
    expect(items[2]!.textContent).toContain('不支持的附件类型');
    expect(uploads).toBe(2);
    const uploadCall = fn.mock.calls.find(([u]) => String(u).endsWith('/tickets/upload'))!;
    const init = uploadCall[1] as RequestInit;
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer acc');

    // at most 5: of four more files only two are taken
    pick([file('a.png', 10), file('b.png', 10), file('c.png', 10), file('d.png', 10)]);
    expect(screen.getByTestId('attachment-notice').textContent).toBe(
      '最多只能添加 5 个附件，多出的文件未添加',
    );
    await flushUntil(() =>
      screen.queryAllByTestId('attachment-item').every((i) => i.dataset.status !== 'uploading'),
    );
    expect(screen.getAllByTestId('attachment-item')).toHaveLength(5);
    expect(screen.getByTestId('attachment-add')).toHaveProperty('disabled', true);

    // failed files must go before the ticket is sent
    fireEvent.click(within(dialog).getByTestId('ticket-submit'));
    expect((await within(dialog).findByTestId('ticket-form-error')).textContent).toBe(
      '请先移除上传失败的附件',
    );
    fireEvent.click(screen.getByRole('button', { name: '移除 huge.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: '移除 x.png' }));
    fireEvent.click(within(dialog).getByTestId('ticket-submit'));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/support/77'));
    const created = calls.find((c) => c.method === 'POST' && path(c) === '/tickets')!;
    expect(created.body).toEqual({
      title: '无法连接东京节点',
      category: 'technical',
      priority: 'urgent',
      description: '从今天早上开始超时',
      attachment_ids: [21, 23, 24],
    });
  });

  it('shows the server field errors under their fields, other failures above the form', async () => {
    let posts = 0;
    server((call) => {
      if (path(call) === '/tickets' && call.method === 'GET') return ok(pageOf([]));
      if (path(call) === '/tickets' && call.method === 'POST') {
        posts += 1;
        return posts === 1
          ? fail(422, 40004, 'x', {
              field: 'body.title',
              errors: [{ field: 'body.title', message: '标题长度须为 5 到 200 个字符' }],
            })
          : fail(404, 40607, 'x');
      }
      return undefined;
    });
    renderSupport('/support?new=1');
    const dialog = await screen.findByRole('dialog', { name: '新建工单' });
    type('ticket-title', 'Fine title');
    type('ticket-category', 'account');
    type('ticket-description', 'text');
    fireEvent.click(within(dialog).getByTestId('ticket-submit'));
    expect(await within(dialog).findByText('标题长度须为 5 到 200 个字符')).toBeTruthy();
    type('ticket-title', 'Fine title again');
    fireEvent.click(within(dialog).getByTestId('ticket-submit'));
    expect((await within(dialog).findByTestId('ticket-form-error')).textContent).toBe(
      '附件不存在或已失效，请重新上传',
    );
  });
});

describe('/support/:ticketId', () => {
  const conversation = detail({
    id: 5,
    status: 'processing',
    attachments: [attachment()],
    replies: [
      replyOf({
        id: 1,
        content: '请提供客户端日志',
        attachments: [
          attachment({
            id: 12,
            kind: 'pdf',
            file_name: 'guide.pdf',
            content_type: 'application/pdf',
            size: 3 * MB,
            url: '/api/v1/portal/tickets/attachments/12?expires=1&sig=x',
          }),
        ],
      }),
      replyOf({
        id: 2,
        is_staff: false,
        author_name: null,
        content: '日志见附件',
        created_at: '2026-11-22T04:00:00Z',
      }),
      replyOf({ id: 3, author_name: null, content: '已修复' }),
    ],
  });

  it('shows the conversation: my messages and staff answers, images as thumbnails, documents as links', async () => {
    server((call) => (path(call) === '/tickets/5' ? ok(conversation) : undefined));
    renderSupport('/support/5');
    expect((await screen.findByTestId('ticket-title')).textContent).toBe('无法连接东京节点');
    expect(screen.getByTestId('ticket-no').textContent).toBe('工单号 T20261122048213');
    const list = screen.getByTestId('conversation');
    const mine = within(list).getAllByTestId('message-user');
    const staff = within(list).getAllByTestId('message-staff');
    expect(mine.map((m) => within(m).getByTestId('message-text').textContent)).toEqual([
      '从今天早上开始，所有节点都连接超时。',
      '日志见附件',
    ]);
    expect(staff.map((m) => within(m).getByTestId('message-text').textContent)).toEqual([
      '请提供客户端日志',
      '已修复',
    ]);
    expect(staff[0]!.textContent).toContain('客服 · Alice');
    expect(staff[1]!.textContent).toContain('客服');
    expect(mine[0]!.textContent).toContain('我');

    const image = within(mine[0]!).getByRole('img', { name: 'screenshot.png' });
    expect(image.getAttribute('src')).toBe(conversation.attachments[0]!.url);
    expect(within(mine[0]!).getByTestId('attachment-image').getAttribute('href')).toBe(
      conversation.attachments[0]!.url,
    );
    const doc = within(staff[0]!).getByRole('link', { name: '下载 guide.pdf' });
    expect(doc.getAttribute('href')).toBe('/api/v1/portal/tickets/attachments/12?expires=1&sig=x');
    expect(staff[0]!.textContent).toContain('3 MB');
  });

  it('sends a reply with its files and shows the answer', async () => {
    let current: TicketDetail = detail({ id: 5 });
    const { calls } = server((call) => {
      const p = path(call);
      if (p === '/tickets/5') return ok(current);
      if (p === '/tickets/upload') return ok(attachment({ id: 31, kind: 'text', file_name: 'log.txt' }));
      if (p === '/tickets/5/reply') {
        current = detail({
          id: 5,
          reply_count: 1,
          replies: [
            replyOf({
              id: 9,
              is_staff: false,
              author_name: null,
              content: '补充日志',
              attachments: [attachment({ id: 31, kind: 'text', file_name: 'log.txt' })],
            }),
          ],
        });
        return ok(current);
      }
      return undefined;
    });
    renderSupport('/support/5');
    await screen.findByTestId('reply-box');
    fireEvent.click(screen.getByTestId('reply-send'));
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    type('reply-input', '补充日志');
    pick([file('log.txt', 50, 'text/plain')]);
    await flushUntil(() => screen.queryAllByTestId('attachment-item')[0]?.dataset.status === 'done');
    fireEvent.click(screen.getByTestId('reply-send'));
    await vi.waitFor(() => expect(screen.getAllByTestId('message-user')).toHaveLength(2));
    const sent = calls.find((c) => path(c) === '/tickets/5/reply')!;
    expect(sent.body).toEqual({ content: '补充日志', attachment_ids: [31] });
    expect((screen.getByTestId('reply-input') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryAllByTestId('attachment-item')).toHaveLength(0);
  });

  it('closes after confirmation; then the reply box is disabled and says why', async () => {
    let current = detail({ id: 5 });
    const { calls } = server((call) => {
      const p = path(call);
      if (p === '/tickets/5') return ok(current);
      if (p === '/tickets/5/close') {
        current = detail({ id: 5, status: 'closed', closed_at: '2026-11-22T05:00:00Z' });
        return ok(current);
      }
      return undefined;
    });
    renderSupport('/support/5');
    fireEvent.click(await screen.findByTestId('ticket-close'));
    expect(await screen.findByText('关闭后将无法再回复此工单。如有新的问题，请新建工单。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(calls.filter((c) => path(c) === '/tickets/5/close')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ticket-close'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('reply-closed')).textContent).toBe(
      '此工单已关闭，无法继续回复。如有新的问题，请新建工单。',
    );
    expect(screen.getByTestId('reply-input')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('reply-send')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('attachment-add')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('ticket-close')).toBeNull();
    expect(screen.getByTestId('ticket-status').textContent).toBe('已关闭');
  });

  it('shows a staff reply that arrives while the page is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let current = detail({ id: 5 });
    let asked = 0;
    server((call) => {
      if (path(call) !== '/tickets/5') return undefined;
      asked += 1;
      return ok(current);
    });
    renderSupport('/support/5');
    await screen.findByTestId('conversation');
    expect(screen.queryAllByTestId('message-staff')).toHaveLength(0);
    current = detail({ id: 5, status: 'processing', replies: [replyOf({ content: '已为您切换线路' })] });
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    await flushUntil(() => screen.queryAllByTestId('message-staff').length === 1);
    expect(asked).toBe(2);
    expect(screen.getByTestId('message-staff').textContent).toContain('已为您切换线路');
    expect(screen.getByTestId('ticket-status').textContent).toBe('处理中');
  });

  it("says so when the ticket does not exist or is someone else's", async () => {
    server((call) => (path(call) === '/tickets/9' ? fail(404, 40601) : undefined));
    renderSupport('/support/9');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('工单不存在');
    // The empty state is all the page holds: its title is the page's h1.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('工单不存在');
    expect(screen.getByTestId('ticket-back').getAttribute('href')).toBe('/support');
  });
});
