import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from '../../lib/router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH } from '@portal/contract';
import type { SearchResults } from '@portal/contract';
import { CONSOLE_PAGES } from '../../app/console-pages';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { marker, renderRoutes } from '../../test/render';
import { fold, matchTargets, scoreTarget, splitKeywords } from './page-matches';
import { moveIndex } from './search-dialog';
import { SearchLauncher } from './search-launcher';
import { actionTargets, pageTargets } from './search-options';

const EMPTY: Omit<SearchResults, 'q'> = { subscriptions: [], orders: [], tickets: [], help: [] };

const RESULTS: Omit<SearchResults, 'q'> = {
  subscriptions: [{ id: 7, package_name: '专业版', status: 'active', end_at: '2026-08-01T00:00:00Z' }],
  orders: [
    {
      id: 31,
      order_no: 'S20260101ABC',
      package_name: '专业版',
      kind: 'purchase',
      amount: '35.00',
      created_at: '2026-01-01T00:00:00Z',
    },
  ],
  tickets: [
    {
      id: 5,
      ticket_no: 'T20260101000001',
      title: '东京节点连接超时',
      status: 'pending',
      updated_at: '2026-01-02T00:00:00Z',
    },
  ],
  help: [{ id: 9, title: '如何导入订阅链接', summary: '在客户端中导入', category_name: '客户端' }],
};

const searchQ = (call: FakeCall) => new URL(call.url, 'http://x').searchParams.get('q');
const searchCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.includes('/api/v1/portal/search'));

function labels(locale: 'zh_CN' | 'zh_TW' | 'en', query: string) {
  const t = i18n.getFixedT(locale);
  return matchTargets(pageTargets(CONSOLE_PAGES, t), query, 6).map((p) => p.path);
}

beforeAll(async () => {
  // getFixedT reads a language's messages only once they are loaded.
  await i18n.loadLanguages(['zh_CN', 'zh_TW', 'en']);
});

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('matching console pages without the server', () => {
  it('folds width and case and splits keywords on any comma', () => {
    expect(fold('  ＴＯＰ   Up ')).toBe('top up');
    expect(splitKeywords('充值, 付款，余额、USDT;;')).toEqual(['充值', '付款', '余额', 'usdt']);
  });

  it('ranks an exact name over an exact keyword over a prefix over a substring', () => {
    const target = (label: string, keywords: string[]) => ({ id: label, path: '/x', label, keywords });
    expect(scoreTarget(target('充值记录', []), '充值记录')).toBeGreaterThan(
      scoreTarget(target('账户', ['充值记录']), '充值记录'),
    );
    expect(scoreTarget(target('账户', ['充值']), '充值')).toBeGreaterThan(
      scoreTarget(target('充值记录', []), '充值'),
    );
    expect(scoreTarget(target('充值记录', []), '充值')).toBeGreaterThan(
      scoreTarget(target('账户充值', []), '充值'),
    );
    expect(scoreTarget(target('Top up', ['usdt']), 'nothing')).toBe(0);
    expect(scoreTarget(target('Top up', ['usdt']), '')).toBe(0);
  });

  it('finds pages by localized name and keywords in the current language', () => {
    expect(labels('zh_CN', '充值')[0]).toBe('/recharge');
    expect(labels('zh_CN', '充值记录')[0]).toBe('/recharge/history');
    expect(labels('zh_CN', '工单')[0]).toBe('/support');
    expect(labels('zh_CN', '二维码')[0]).toBe('/subscription/link');
    expect(labels('zh_TW', '儲值')[0]).toBe('/recharge');
    expect(labels('zh_TW', '充值')[0]).toBe('/recharge');
    expect(labels('en', 'top up')[0]).toBe('/recharge');
    expect(labels('en', 'TOP UP')[0]).toBe('/recharge');
    expect(labels('en', 'password')[0]).toBe('/security');
    expect(labels('en', 'nodes')[0]).toBe('/nodes');
    // Words of another language are not keywords of this one; paths still match.
    expect(labels('en', '充值')).toEqual([]);
    expect(labels('zh_CN', 'recharge')[0]).toBe('/recharge');
    expect(labels('en', 'zzz')).toEqual([]);
  });

  it('every page and quick action has keywords in every language', () => {
    for (const locale of ['zh_CN', 'zh_TW', 'en'] as const) {
      const t = i18n.getFixedT(locale);
      for (const target of [...pageTargets(CONSOLE_PAGES, t), ...actionTargets(t)]) {
        expect(target.keywords.length, `${locale} ${target.id}`).toBeGreaterThan(0);
        expect(target.label, `${locale} ${target.id}`).not.toMatch(/^(nav|search)\./);
      }
    }
  });

  it('moves through the options with wrap-around', () => {
    expect(moveIndex(0, 1, 3)).toBe(1);
    expect(moveIndex(2, 1, 3)).toBe(0);
    expect(moveIndex(0, -1, 3)).toBe(2);
    expect(moveIndex(-1, -1, 3)).toBe(2);
    expect(moveIndex(0, 1, 0)).toBe(-1);
  });
});

describe('the search dialog', () => {
  function renderSearch(route: (call: FakeCall) => Reply | Promise<Reply>) {
    const fake = installFakeFetch(route);
    const view = renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <SearchLauncher pages={CONSOLE_PAGES} />
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <div data-testid="at">/</div> },
            marker('/recharge'),
            marker('/subscription/history'),
            marker('/subscription'),
            marker('/support/:id'),
            marker('/help/:id'),
          ],
        },
      ],
      '/',
    );
    return { ...fake, ...view };
  }

  const pressCtrlK = () =>
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true });

  async function openSearch() {
    pressCtrlK();
    const input = await screen.findByRole('combobox', { name: '搜索页面、订阅、订单、工单和帮助文档' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    return input;
  }

  const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
  const selected = () => within(screen.getByRole('listbox')).getByRole('option', { selected: true });

  it('opens with Ctrl+K on static suggestions and moves with the arrow keys', async () => {
    const { calls } = renderSearch(() => ok({ q: '', ...EMPTY }));
    const input = await openSearch();
    expect(screen.getByRole('dialog', { name: '搜索' })).not.toBeNull();
    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(
      groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['快捷操作', '常用页面']);
    const first = options()[0]!;
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe(options()[1]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe(options().at(-1));
    // Nothing typed: nothing asked of the server.
    expect(searchCalls(calls)).toHaveLength(0);
  });

  it('finds a page as soon as it is typed and opens it with Enter', async () => {
    const { router } = renderSearch((call) => ok({ q: searchQ(call), ...EMPTY }));
    const input = await openSearch();
    fireEvent.change(input, { target: { value: '充值' } });
    expect(selected().getAttribute('data-path')).toBe('/recharge');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/recharge'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not act on Enter while an input method is composing', async () => {
    const { router } = renderSearch((call) => ok({ q: searchQ(call), ...EMPTY }));
    const input = await openSearch();
    fireEvent.change(input, { target: { value: '充值' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('dialog')).not.toBeNull();
  });

  it('asks the server once typing pauses and opens a result of each kind', async () => {
    const { calls, router } = renderSearch((call) => ok({ q: searchQ(call), ...RESULTS }));
    const input = await openSearch();
    fireEvent.change(input, { target: { value: 'S2' } });
    fireEvent.change(input, { target: { value: 'S202' } });
    fireEvent.change(input, { target: { value: 'S2026' } });
    expect(screen.getByTestId('search-loading')).not.toBeNull();
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('group')).toHaveLength(4));
    expect(searchCalls(calls).map(searchQ)).toEqual(['S2026']);
    expect(new URL(searchCalls(calls)[0]!.url, 'http://x').searchParams.get('limit')).toBe(
      String(SEARCH.limitDefault),
    );
    expect(screen.queryByTestId('search-loading')).toBeNull();
    expect(options().map((o) => o.getAttribute('data-path'))).toEqual([
      '/subscription?tab=my',
      '/subscription/history',
      '/support/5',
      '/help/9',
    ]);
    expect(options()[1]!.textContent).toContain('S20260101ABC');
    expect(options()[1]!.textContent).toContain('¥35.00');
    expect(options()[2]!.textContent).toContain('待处理');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/5'));

    const again = await openSearch();
    expect((again as HTMLInputElement).value).toBe('');
    fireEvent.change(again, { target: { value: '导入' } });
    await waitFor(() => expect(options().some((o) => o.getAttribute('data-path') === '/help/9')).toBe(true));
    fireEvent.click(options().find((o) => o.getAttribute('data-path') === '/help/9')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/help/9'));
  });

  it('never shows an answer that arrives after the text changed', async () => {
    let releaseFirst: (reply: Reply) => void = () => undefined;
    const { calls } = renderSearch((call) => {
      if (searchQ(call) === '东京') return new Promise<Reply>((resolve) => (releaseFirst = resolve));
      return ok({ q: searchQ(call), ...EMPTY, help: RESULTS.help });
    });
    const input = await openSearch();
    fireEvent.change(input, { target: { value: '东京' } });
    await waitFor(() => expect(searchCalls(calls)).toHaveLength(1));
    fireEvent.change(input, { target: { value: '东京节点' } });
    await waitFor(() => expect(options().map((o) => o.getAttribute('data-path'))).toEqual(['/help/9']));
    await act(async () => releaseFirst(ok({ q: '东京', ...RESULTS })));
    expect(options().map((o) => o.getAttribute('data-path'))).toEqual(['/help/9']);
  });

  it('says what to try when nothing matches', async () => {
    renderSearch((call) => ok({ q: searchQ(call), ...EMPTY }));
    const input = await openSearch();
    fireEvent.change(input, { target: { value: 'qqqzzz' } });
    const empty = await screen.findByTestId('search-empty');
    expect(empty.textContent).toContain('没有找到与“qqqzzz”相关的结果');
    expect(empty.textContent).toContain('订单号');
    expect(options()).toHaveLength(0);
  });

  it('closes with Escape and opens again with Ctrl+K', async () => {
    renderSearch(() => ok({ q: '', ...EMPTY }));
    const input = await openSearch();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openSearch();
    expect(screen.getByRole('dialog')).not.toBeNull();
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('en');
    renderSearch((call) => ok({ q: searchQ(call), ...EMPTY }));
    pressCtrlK();
    const input = await screen.findByRole('combobox', {
      name: 'Search pages, subscriptions, orders, tickets and help documents',
    });
    fireEvent.change(input, { target: { value: 'top up' } });
    expect(selected().getAttribute('data-path')).toBe('/recharge');
    expect(screen.getAllByRole('button', { name: 'Search', hidden: true }).length).toBeGreaterThan(0);
  });
});
