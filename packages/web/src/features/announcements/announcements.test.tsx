import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import type { Announcement } from '@portal/contract';
import AnnouncementsPage from '../../pages/console/announcements-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { marker, renderRoutes } from '../../test/render';
import { AnnouncementBell } from './announcement-bell';
import { AnnouncementPopups, popupQueue, readDismissedPopups } from './announcement-popups';
import { excerptOf } from './excerpt';

const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = (call: FakeCall) => url(call).pathname.replace('/api/v1/portal', '');

function ann(id: number, over: Partial<Announcement> = {}): Announcement {
  return {
    id,
    title: `公告 ${id}`,
    content: `内容 ${id}`,
    category: 1,
    priority: 2,
    is_popup: false,
    is_read: false,
    is_email_notify: false,
    read_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    publish_at: `2026-01-${String((id % 28) + 1).padStart(2, '0')}T08:00:00Z`,
    expire_at: null,
    ...over,
  };
}

interface ServerOptions {
  /** Overrides the unread count answer. */
  count?: () => Reply;
  /** Overrides the mark-read answer (may wait). */
  markRead?: (id: number) => Reply | undefined | Promise<Reply | undefined>;
  list?: () => Reply | undefined;
}

/** The announcements API as the server behaves: filters, pages, per-user reads, 40701 for unknown ids. */
function server(initial: Announcement[], options: ServerOptions = {}) {
  const items = initial.map((a) => ({ ...a }));
  const fake = installFakeFetch(async (call) => {
    const p = path(call);
    const q = url(call).searchParams;
    if (p === '/announcements/unread/count')
      return options.count?.() ?? ok({ count: items.filter((a) => !a.is_read).length });
    if (p === '/announcements') {
      const answer = options.list?.();
      if (answer) return answer;
      const page = Number(q.get('page') ?? 1);
      const size = Number(q.get('size') ?? 20);
      const found = items.filter(
        (a) =>
          (!q.get('category') || a.category === Number(q.get('category'))) &&
          (!q.get('priority') || a.priority === Number(q.get('priority'))) &&
          (q.get('unread_only') !== 'true' || !a.is_read),
      );
      return ok({
        items: found.slice((page - 1) * size, page * size),
        total: found.length,
        page,
        size,
        pages: Math.ceil(found.length / size),
      });
    }
    const m = /^\/announcements\/(\d+)(\/read)?$/.exec(p);
    const found = m ? items.find((a) => a.id === Number(m[1])) : undefined;
    if (m && call.method === 'POST') {
      const override = await options.markRead?.(Number(m[1]));
      if (override) return override;
      if (!found) return fail(404, 40701);
      found.is_read = true;
      found.read_at ??= '2026-02-01T10:00:00Z';
      return ok({
        id: found.id,
        is_read: true,
        read_at: found.read_at,
        unread_count: items.filter((a) => !a.is_read).length,
      });
    }
    if (m) return found ? ok(found) : fail(404, 40701, '公告不存在');
    return fail(404, 40003);
  });
  return { ...fake, items };
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => path(c) === '/announcements');
const lastListQuery = (calls: FakeCall[]) => Object.fromEntries(url(listCalls(calls).at(-1)!).searchParams);
const countCalls = (calls: FakeCall[]) => calls.filter((c) => path(c) === '/announcements/unread/count');

function renderConsole(at = '/') {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <AnnouncementBell />
            <AnnouncementPopups />
          </>
        ),
      },
      {
        path: '/announcements',
        element: (
          <>
            <AnnouncementBell />
            <AnnouncementPopups />
            <AnnouncementsPage />
          </>
        ),
      },
    ],
    at,
  );
}

const bellCount = () => screen.getByTestId('announcements-bell').getAttribute('data-count');
/** Waits until the open modal shows `title`. */
const expectModal = (title: string) =>
  vi.waitFor(() => expect(screen.getByTestId('announcement-title').textContent).toBe(title));

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the bell', () => {
  it('shows 99+ above 99, the number up to 99, and goes to /announcements', async () => {
    let count = 150;
    server([], { count: () => ok({ count }) });
    const { router, queryClient } = renderRoutes(
      [{ path: '/', element: <AnnouncementBell /> }, marker('/announcements')],
      '/',
    );
    await vi.waitFor(() => expect(bellCount()).toBe('99+'));
    expect(within(screen.getByTestId('bell-indicator')).getByText('99+')).toBeTruthy();
    expect(screen.getByTestId('announcements-bell').getAttribute('aria-label')).toBe(
      '公告通知 (150 条未读公告)',
    );
    count = 99;
    await queryClient.invalidateQueries();
    await vi.waitFor(() => expect(bellCount()).toBe('99'));
    expect(screen.getByText('99')).toBeTruthy();
    fireEvent.click(screen.getByTestId('announcements-bell'));
    expect((await screen.findByTestId('at')).textContent).toBe('/announcements');
    expect(router.state.location.pathname).toBe('/announcements');
  });

  it('is hidden at 0 and when the count cannot be loaded', async () => {
    let reply: Reply = ok({ count: 0 });
    const { calls } = server([], { count: () => reply });
    const { queryClient } = renderRoutes([{ path: '/', element: <AnnouncementBell /> }], '/');
    // The first answer (0) has arrived: no badge, not even while loading.
    await vi.waitFor(() => expect(countCalls(calls)).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(bellCount()).toBe('0');
    expect(screen.getByTestId('bell-indicator').textContent).toBe('');
    expect(screen.getByTestId('announcements-bell').getAttribute('aria-label')).toBe('公告通知');

    reply = ok({ count: 3 });
    await queryClient.invalidateQueries();
    await vi.waitFor(() => expect(bellCount()).toBe('3'));
    reply = fail(500, 50000);
    await queryClient.invalidateQueries();
    await vi.waitFor(() => expect(bellCount()).toBe('0'));
    expect(screen.getByTestId('bell-indicator').textContent).toBe('');
  });
});

describe('popups', () => {
  const popups = () => [
    ann(1, { title: '紧急维护', is_popup: true, priority: 4 }),
    ann(2, { title: '安全提醒', is_popup: true, priority: 3 }),
    ann(3, { title: '普通公告' }),
  ];

  it('checks the first unread page (size 10) and opens the popups one at a time', async () => {
    const { calls } = server(popups());
    renderConsole();
    await expectModal('紧急维护');
    expect(lastListQuery(calls)).toEqual({ page: '1', size: '10', unread_only: 'true' });
    expect(screen.getByTestId('announcement-popup-more').textContent).toBe('还有 1 条重要公告');
    expect(screen.getAllByTestId('announcement-modal')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('announcement-close'));
    await expectModal('安全提醒');
    expect(screen.queryByTestId('announcement-popup-more')).toBeNull();
    fireEvent.click(screen.getByTestId('announcement-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('announcement-modal')).toBeNull());
    // Not a popup: never opened by itself.
    expect(screen.queryByText('普通公告')).toBeNull();
    expect(readDismissedPopups()).toEqual([1, 2]);
  });

  it('remembers dismissed popups for the browser session only', async () => {
    server(popups());
    const first = renderConsole();
    await expectModal('紧急维护');
    fireEvent.click(screen.getByTestId('announcement-close'));
    await expectModal('安全提醒');
    first.view.unmount();

    // Same session (a reload, another page): the dismissed one stays closed, the other one still shows.
    const second = renderConsole();
    await expectModal('安全提醒');
    fireEvent.click(screen.getByTestId('announcement-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('announcement-modal')).toBeNull());
    second.view.unmount();

    const third = renderConsole();
    await vi.waitFor(() => expect(bellCount()).toBe('3'));
    expect(screen.queryByTestId('announcement-modal')).toBeNull();
    third.view.unmount();

    // A new browser session: both open again (they are still unread).
    sessionStorage.clear();
    renderConsole();
    await expectModal('紧急维护');
    expect(popupQueue(popups(), [1])).toEqual([popups()[1]]);
  });

  it('marks a popup read: the button waits for the answer, the bell drops, the next popup opens', async () => {
    let release: () => void = () => undefined;
    const { calls } = server(popups(), {
      markRead: (id) =>
        id === 1 ? new Promise<undefined>((resolve) => (release = () => resolve(undefined))) : undefined,
    });
    renderConsole();
    await expectModal('紧急维护');
    await vi.waitFor(() => expect(bellCount()).toBe('3'));
    const button = screen.getByTestId('announcement-mark-read');
    expect(button.textContent).toBe('标记为已读');
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    fireEvent.click(button);
    release();
    await expectModal('安全提醒');
    expect(calls.filter((c) => c.method === 'POST').map((c) => path(c))).toEqual(['/announcements/1/read']);
    // The answer's count is shown at once, without asking again.
    await vi.waitFor(() => expect(bellCount()).toBe('2'));
    expect(countCalls(calls)).toHaveLength(1);
  });

  it('waits while an announcement is open by link, and shows a failed mark-read', async () => {
    server(popups(), { markRead: () => fail(500, 50000) });
    const { router } = renderConsole('/announcements?id=3');
    await expectModal('普通公告');
    expect(screen.getAllByTestId('announcement-modal')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('announcement-mark-read'));
    expect(await screen.findByText('服务器内部错误，请稍后再试')).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByTestId('announcement-mark-read').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('announcement-close'));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await expectModal('紧急维护');
  });
});

describe('the announcements page', () => {
  const many = () =>
    Array.from({ length: 45 }, (_, i) =>
      ann(i + 1, {
        category: [1, 2, 3, 0][i % 4]!,
        priority: (i % 4) + 1,
        is_read: i % 3 === 0,
        read_at: i % 3 === 0 ? '2026-01-20T00:00:00Z' : null,
      }),
    );

  it('lists 20 a page, highlights unread ones, filters and pages through the URL', async () => {
    const { calls } = server(many());
    const { router } = renderConsole('/announcements');
    const rows = await screen.findAllByTestId('announcement-row');
    expect(rows).toHaveLength(20);
    expect(lastListQuery(calls)).toEqual({ page: '1', size: '20' });
    expect(rows[0]!.getAttribute('data-read')).toBe('true');
    expect(rows[1]!.getAttribute('data-read')).toBe('false');
    expect(rows[1]!.hasAttribute('data-unread')).toBe(true);
    expect(rows[0]!.hasAttribute('data-unread')).toBe(false);
    expect(within(rows[1]!).getByTestId('unread-dot')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('unread-dot')).toBeNull();
    expect(within(rows[1]!).getByTestId('announcement-category').textContent).toBe('新功能');
    expect(within(rows[1]!).getByTestId('announcement-priority').textContent).toBe('中');
    expect((await screen.findByTestId('announcements-unread-total')).textContent).toBe('未读 30 条');

    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await vi.waitFor(() => expect(lastListQuery(calls)).toMatchObject({ page: '2' }));
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.change(screen.getByTestId('announcements-filter-category'), { target: { value: '3' } });
    await vi.waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', size: '20', category: '3' }));
    fireEvent.change(screen.getByTestId('announcements-filter-priority'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('announcements-filter-unread'));
    await vi.waitFor(() =>
      expect(lastListQuery(calls)).toEqual({
        page: '1',
        size: '20',
        category: '3',
        priority: '3',
        unread_only: 'true',
      }),
    );
    expect(router.state.location.search).toBe('?category=3&priority=3&unread=1');
    await vi.waitFor(() =>
      expect(
        screen.getAllByTestId('announcement-row').every((r) => r.getAttribute('data-read') === 'false'),
      ).toBe(true),
    );

    // "Other" is category 0.
    fireEvent.change(screen.getByTestId('announcements-filter-category'), { target: { value: '0' } });
    await vi.waitFor(() => expect(lastListQuery(calls)).toMatchObject({ category: '0' }));
    fireEvent.click(screen.getByTestId('announcements-filter-reset'));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens a deep link in the modal; mark-read is disabled once read; Markdown renders without HTML', async () => {
    const items = [
      ann(7, {
        title: '新功能上线',
        content:
          '**全新**节点已上线\n第二行\n\n<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">\n\n[安全链接](https://example.com) [坏链接](javascript:alert(1))',
      }),
      ann(8, { title: '已读公告', is_read: true, read_at: '2026-01-20T00:00:00Z' }),
    ];
    const { calls } = server(items);
    const { router } = renderConsole('/announcements?id=7');
    await expectModal('新功能上线');
    const content = await screen.findByTestId('announcement-content');
    expect(content.querySelector('strong')?.textContent).toBe('全新');
    expect(content.querySelector('br')).toBeTruthy();
    expect(content.textContent).toContain('第二行');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')).toBeNull();
    expect(content.textContent).not.toContain('hacked');
    const links = [...content.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['安全链接', '坏链接']);
    expect(links[0]!.getAttribute('href')).toBe('https://example.com');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[1]!.getAttribute('href') ?? '').not.toContain('javascript');

    const button = screen.getByTestId('announcement-mark-read');
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.getByTestId('announcement-mark-read').textContent).toBe('已读'));
    expect(screen.getByTestId('announcement-mark-read').hasAttribute('disabled')).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(
        screen
          .getAllByTestId('announcement-row')
          .find((r) => r.getAttribute('data-id') === '7')
          ?.getAttribute('data-read'),
      ).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('announcement-close'));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));

    // A read one: the button is disabled from the start.
    const readRow = screen.getAllByTestId('announcement-row').find((r) => r.getAttribute('data-id') === '8')!;
    fireEvent.click(readRow);
    await expectModal('已读公告');
    expect(router.state.location.search).toBe('?id=8');
    expect(screen.getByTestId('announcement-mark-read').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('announcement-read-at')).toBeTruthy();
  });

  it('says so when a linked announcement is gone, or when the list fails to load', async () => {
    let failing = true;
    server([ann(1)], { list: () => (failing ? fail(500, 50000) : undefined) });
    renderConsole('/announcements?id=99');
    expect((await screen.findByTestId('announcement-detail-error')).textContent).toBe(
      '该公告不存在或已过期。',
    );
    const error = await screen.findByTestId('announcements-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('公告加载失败');
    failing = false;
    fireEvent.click(screen.getByTestId('announcements-retry'));
    expect(await screen.findAllByTestId('announcement-row')).toHaveLength(1);
  });

  it('shows the empty states in the UI language', async () => {
    await i18n.changeLanguage('en');
    server([]);
    renderConsole('/announcements');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No announcements yet');
    fireEvent.click(screen.getByTestId('announcements-filter-unread'));
    await vi.waitFor(() => expect(screen.getByTestId('empty-state').textContent).toContain('All caught up'));
  });
});

describe('excerpts', () => {
  it('drop the markup of a list line', () => {
    expect(excerptOf('## Title\n\n- **one**\n- [two](https://x.test)')).toBe('Title one two');
    expect(excerptOf('x'.repeat(300)).length).toBe(201);
  });

  it('read the dismissed popups defensively', () => {
    sessionStorage.setItem(STORAGE_KEYS.popupsDismissed, 'not json');
    expect(readDismissedPopups()).toEqual([]);
    sessionStorage.setItem(STORAGE_KEYS.popupsDismissed, JSON.stringify([3, 'x', 4.5, 5]));
    expect(readDismissedPopups()).toEqual([3, 5]);
  });
});
