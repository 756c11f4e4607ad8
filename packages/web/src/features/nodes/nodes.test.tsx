import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeInfo, NodeStatusEntry, NodeSummary } from '@portal/contract';
import NodesPage from '../../pages/console/nodes-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { formatRelativeTime } from '../../lib/format-date';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { flushUntil, renderRoutes } from '../../test/render';
import { capitalizeSlug, cityOf, countryName, formatRate, placeOf } from './format';
import { liveCounts, withStatus } from './live';
import { useProtocolLine } from './node-list';
import { node, NODE_LIST, page, statusOf, SUMMARY } from './test-fixtures';
import { asPhone } from '../../test/as-phone';

const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = (call: FakeCall) => url(call).pathname.replace('/api/v1/portal', '');

type Handler = (call: FakeCall) => Reply | undefined;

interface ServerOptions {
  nodes?: NodeInfo[];
  summary?: NodeSummary;
  statuses?: () => NodeStatusEntry[];
  extra?: Handler;
}

/** The node API: the list filtered like the server does (region/type/status), pages of 20. */
function server({
  nodes = NODE_LIST,
  summary = SUMMARY,
  statuses,
  extra = () => undefined,
}: ServerOptions = {}) {
  return installFakeFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const p = path(call);
    const q = url(call).searchParams;
    if (p === '/nodes/stats/summary') return ok(summary);
    if (p === '/nodes/status') return ok(statuses ? statuses() : nodes.map((n) => statusOf(n)));
    if (p.startsWith('/nodes/')) {
      const found = nodes.find((n) => n.id === Number(p.split('/').at(-1)));
      return found ? ok(found) : fail(404, 40401);
    }
    if (p === '/nodes') {
      const items = nodes.filter(
        (n) =>
          (!q.get('region') || n.region === q.get('region')) &&
          (!q.get('type') || n.protocol === q.get('type')) &&
          (!q.get('status') || n.status === q.get('status')),
      );
      return ok(page(items, items.length, Number(q.get('page') ?? 1)));
    }
    return fail(404, 40003);
  });
}

function renderPage(at = '/nodes') {
  return renderRoutes([{ path: '/nodes', element: <NodesPage /> }], at);
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => path(c) === '/nodes');
const lastListQuery = (calls: FakeCall[]) => Object.fromEntries(url(listCalls(calls).at(-1)!).searchParams);

async function rowOf(id: number) {
  const rows = await screen.findAllByTestId('node-row');
  const row = rows.find((r) => r.getAttribute('data-id') === String(id));
  if (!row) throw new Error(`no row for node ${id}`);
  return row;
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

describe('formatting', () => {
  it('names countries in the UI language and keeps the city', () => {
    expect(countryName('DE', 'zh_CN')).toBe('德国');
    expect(countryName('DE', 'zh_TW')).toBe('德國');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('not a code', 'en')).toBe('not a code');
    expect(cityOf({ location: 'Frankfurt, DE', country: 'DE' })).toBe('Frankfurt');
    expect(cityOf({ location: 'DE', country: 'DE' })).toBeNull();
    // the city is left out when it only repeats the country
    expect(placeOf({ location: 'Singapore, SG', country: 'SG' }, 'en')).toEqual({
      country: 'Singapore',
      city: null,
    });
  });

  it('names the security of a node: TLS, or Reality', () => {
    const { result } = renderHook(() => useProtocolLine());
    expect(result.current({ protocol: 'vless', transport: 'tcp', tls: true, reality: true }).transport).toBe(
      'TCP · Reality',
    );
    expect(
      result.current({ protocol: 'vmess', transport: 'grpc', tls: true, reality: false }).transport,
    ).toBe('gRPC · TLS');
    expect(result.current({ protocol: 'vmess', transport: 'h2', tls: false, reality: false }).transport).toBe(
      'HTTP/2',
    );
    // QUIC carries TLS: Hysteria2 and TUIC say QUIC alone.
    expect(result.current({ protocol: 'hysteria2', transport: 'quic', tls: true, reality: false })).toEqual({
      protocol: 'Hysteria2',
      transport: 'QUIC',
    });
    expect(result.current({ protocol: 'tuic', transport: 'quic', tls: true, reality: false })).toEqual({
      protocol: 'TUIC v5',
      transport: 'QUIC',
    });
  });

  it('shows the rate only when it is not 1, and unknown regions capitalized', () => {
    expect(formatRate(1)).toBeNull();
    expect(formatRate(1.5)).toBe('1.5×');
    expect(formatRate(0.8)).toBe('0.8×');
    expect(formatRate(2)).toBe('2×');
    expect(capitalizeSlug('middle_east')).toBe('Middle East');
    expect(capitalizeSlug('latam')).toBe('Latam');
  });

  it('says how long ago in the UI language', () => {
    const now = Date.parse('2026-01-05T10:00:00Z');
    expect(formatRelativeTime('2026-01-05T09:57:00Z', 'zh_CN', now)).toBe('3分钟前');
    expect(formatRelativeTime('2026-01-05T09:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-01-05T07:00:00Z', 'zh_TW', now)).toBe('3 小時前');
    expect(formatRelativeTime('2026-01-05T09:59:58Z', 'en', now)).toBe('now');
  });

  it('a live status that is not online drops the live figures', () => {
    const merged = withStatus(node(), statusOf(node(), { status: 'offline', load: null, latency: null }));
    expect(merged).toMatchObject({ status: 'offline', load: null, latency: null, cpu: null, memory: null });
    expect(merged.online_users).toBe(0);
    expect(liveCounts(NODE_LIST.map((n) => statusOf(n)))).toEqual({
      total: 4,
      online: 2,
      offline: 1,
      maintenance: 1,
      average_load: 66.5,
    });
  });
});

describe('statistics', () => {
  it('shows the totals, the average load and online/total per region', async () => {
    server();
    renderPage();
    expect((await screen.findByTestId('node-stats-total')).textContent).toBe('4');
    expect(screen.getByTestId('node-stats-online').textContent).toBe('2');
    expect(screen.getByTestId('node-stats-offline').textContent).toBe('1');
    expect(screen.getByTestId('node-stats-maintenance').textContent).toBe('1');
    expect(screen.getByTestId('node-stats-load').textContent).toBe('67%');
    const regions = screen.getAllByTestId('node-region');
    expect(regions.map((r) => r.textContent)).toEqual([
      '亚洲1 / 2 在线',
      '欧洲0 / 1 在线',
      'Middle East1 / 1 在线',
    ]);
  });

  it('shows "—" when no online node reported a load', async () => {
    server({ summary: { ...SUMMARY, online: 0, offline: 3, average_load: null } });
    renderPage();
    expect((await screen.findByTestId('node-stats-load')).textContent).toBe('—');
  });
});

describe('list', () => {
  it('shows location, region, protocol, rate, load and latency; offline and maintenance nodes show "—"', async () => {
    // Even if figures of a node that is not online arrived, they are not shown as current.
    const nodes = NODE_LIST.map((n) => (n.id === 3 ? { ...n, load: 55, latency: 80 } : n));
    server({ nodes });
    renderPage();

    const hk = await rowOf(1);
    expect(hk.textContent).toContain('香港');
    expect(hk.textContent).toContain('Hong Kong');
    expect(hk.textContent).toContain('亚洲');
    expect(hk.textContent).toContain('VMess');
    expect(hk.textContent).toContain('WebSocket · TLS');
    expect(within(hk).getByTestId('node-load').textContent).toBe('42%');
    expect(within(hk).getByTestId('node-latency').textContent).toBe('38 ms');
    expect(within(hk).queryByTestId('node-rate')).toBeNull();
    expect(within(hk).getByTestId('node-status').textContent).toBe('在线');

    const offline = await rowOf(3);
    expect(offline.textContent).toContain('德国');
    expect(offline.textContent).toContain('欧洲');
    expect(within(offline).queryByTestId('node-load')).toBeNull();
    expect(within(offline).queryByTestId('node-latency')).toBeNull();
    expect(
      within(offline)
        .getAllByTestId('node-no-figure')
        .map((e) => e.textContent),
    ).toEqual(['—', '—']);
    expect(within(offline).getByTestId('node-status').textContent).toBe('离线');

    const maintenance = await rowOf(2);
    expect(within(maintenance).getAllByTestId('node-no-figure')).toHaveLength(2);
    expect(within(maintenance).getByTestId('node-status').textContent).toBe('维护中');
    expect(within(maintenance).getByTestId('node-rate').textContent).toBe('1.5×');
    expect(maintenance.textContent).toContain('TCP');
    expect(maintenance.textContent).not.toContain('TLS');

    expect((await rowOf(4)).textContent).toContain('Middle East');
    // The rate is explained under the list (a tooltip does not show on touch screens)...
    expect(screen.getByTestId('nodes-rate-note').textContent).toContain('1.5×');
  });

  it('says nothing about rates when every node counts traffic once', async () => {
    server({ nodes: NODE_LIST.map((n) => ({ ...n, rate: 1 })) });
    renderPage();
    await rowOf(1);
    expect(screen.queryByTestId('nodes-rate-note')).toBeNull();
  });

  it('filters write the URL and send the query params; reset clears them', async () => {
    const { calls } = server();
    const { router } = renderPage();
    await rowOf(1);
    expect(lastListQuery(calls)).toEqual({ page: '1', size: '20' });

    fireEvent.change(screen.getByTestId('nodes-filter-region'), { target: { value: 'europe' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?region=europe'));
    await vi.waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', size: '20', region: 'europe' }));

    fireEvent.change(screen.getByTestId('nodes-filter-type'), { target: { value: 'vless' } });
    fireEvent.change(screen.getByTestId('nodes-filter-status'), { target: { value: 'offline' } });
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe('?region=europe&type=vless&status=offline'),
    );
    await vi.waitFor(() =>
      expect(lastListQuery(calls)).toEqual({
        page: '1',
        size: '20',
        region: 'europe',
        type: 'vless',
        status: 'offline',
      }),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('node-row').map((r) => r.dataset.id)).toEqual(['3']));

    // the regions offered are the ones the summary returned
    const regionOptions = [...(screen.getByTestId('nodes-filter-region') as HTMLSelectElement).options];
    expect(regionOptions.map((o) => o.value)).toEqual(['', 'asia', 'europe', 'middle_east']);

    fireEvent.click(screen.getByTestId('nodes-filter-reset'));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(screen.getAllByTestId('node-row')).toHaveLength(4));
  });

  it('reads filters and page from the URL, and the pagination writes the page', async () => {
    const many = Array.from({ length: 45 }, (_, i) => node({ id: 100 + i, name: `Asia ${i + 1}` }));
    const { calls } = server({
      extra: (call) => {
        if (path(call) !== '/nodes') return undefined;
        const pageNo = Number(url(call).searchParams.get('page'));
        return ok(page(many.slice((pageNo - 1) * 20, pageNo * 20), many.length, pageNo));
      },
    });
    const { router } = renderPage('/nodes?region=asia&type=vmess&status=online&page=2');
    await rowOf(120);
    expect(lastListQuery(calls)).toEqual({
      page: '2',
      size: '20',
      region: 'asia',
      type: 'vmess',
      status: 'online',
    });
    expect((screen.getByTestId('nodes-filter-type') as HTMLSelectElement).value).toBe('vmess');
    expect((screen.getByTestId('nodes-filter-status') as HTMLSelectElement).value).toBe('online');

    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await vi.waitFor(() =>
      expect(router.state.location.search).toBe('?region=asia&type=vmess&status=online&page=3'),
    );
    await vi.waitFor(() => expect(screen.getAllByTestId('node-row')[0]!.dataset.id).toBe('140'));
    expect(lastListQuery(calls).page).toBe('3');

    // a new filter starts again at page 1
    fireEvent.change(screen.getByTestId('nodes-filter-status'), { target: { value: '' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?region=asia&type=vmess'));
  });

  it('on a phone shows a card per node instead of the table', async () => {
    asPhone();
    server();
    renderPage();
    const cards = await screen.findAllByTestId('node-card');
    expect(screen.queryByTestId('node-row')).toBeNull();
    const offline = cards.find((c) => c.dataset.id === '3')!;
    expect(
      within(offline)
        .getAllByTestId('node-no-figure')
        .map((e) => e.textContent),
    ).toEqual(['—', '—']);
    expect(offline.textContent).toContain('德国 · Frankfurt · 欧洲');
    fireEvent.click(offline);
    expect(await screen.findByRole('dialog', { name: 'Germany Frankfurt 01' })).toBeTruthy();
  });

  it('says so when nothing matches, with a way back', async () => {
    server();
    const { router } = renderPage('/nodes?type=shadowsocks');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('没有符合条件的节点');
    fireEvent.click(screen.getByTestId('nodes-empty-reset'));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('node-row')).toHaveLength(4);
  });

  it('shows "failed to load nodes" and loads again on retry', async () => {
    let failures = 1;
    server({
      extra: (call) => {
        if (path(call) !== '/nodes' || failures === 0) return undefined;
        failures -= 1;
        return fail(404, 40003);
      },
    });
    renderPage();
    const error = await screen.findByTestId('nodes-error');
    expect(error.textContent).toContain('节点加载失败，请稍后重试');
    fireEvent.click(within(error).getByTestId('nodes-retry'));
    expect(await screen.findAllByTestId('node-row')).toHaveLength(4);
    expect(screen.queryByTestId('nodes-error')).toBeNull();
  });
});

describe('details', () => {
  it('a click on a row opens the drawer from GET /nodes/:id with the inbound rule; the URL has ?node=', async () => {
    const { calls } = server();
    const { router } = renderPage();
    fireEvent.click(await rowOf(3));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?node=3'));
    const drawer = await screen.findByRole('dialog', { name: 'Germany Frankfurt 01' });
    await vi.waitFor(() => expect(calls.some((c) => path(c) === '/nodes/3')).toBe(true));
    const rule = within(drawer).getByTestId('node-detail-rule');
    expect(rule.textContent).toContain('vless-443');
    expect(rule.textContent).toContain('规则 ID：6');
    expect(within(drawer).getByTestId('node-not-live').textContent).toContain('该节点当前离线');
    expect(within(drawer).getByTestId('node-detail-load').textContent).toBe('—');
    expect(within(drawer).getByTestId('node-detail-cpu').textContent).toBe('—');
    expect(within(drawer).getByTestId('node-detail-address').textContent).toContain('hk1.example.net');

    fireEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens from a deep link with the live figures and the last heartbeat', async () => {
    const detail = node({ rule_name: 'vmess-443-hk', cpu: 37, memory: 58 });
    const { calls } = server({
      extra: (call) => (path(call) === '/nodes/1' ? ok(detail) : undefined),
    });
    renderPage('/nodes?node=1');
    const drawer = await screen.findByRole('dialog', { name: 'Hong Kong 01' });
    await vi.waitFor(() =>
      expect(within(drawer).getByTestId('node-detail-rule').textContent).toContain('vmess-443-hk'),
    );
    expect(calls.some((c) => path(c) === '/nodes/1')).toBe(true);
    expect(within(drawer).getByTestId('node-detail-cpu').textContent).toBe('37%');
    expect(within(drawer).getByTestId('node-detail-memory').textContent).toBe('58%');
    expect(within(drawer).getByTestId('node-detail-users').textContent).toBe('7');
    expect(within(drawer).getByTestId('node-detail-heartbeat').textContent).toContain('3分钟前');
    expect(within(drawer).queryByTestId('node-not-live')).toBeNull();
  });

  it('a node that does not exist says so in the drawer', async () => {
    server();
    renderPage('/nodes?node=999');
    expect((await screen.findByTestId('node-details-error')).textContent).toContain('节点不存在');
  });
});

describe('live statuses', () => {
  it('polls /nodes/status every 30 s, lays it over the list and reloads the summary when counts change', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const original = setTimeout;
    // Only the page's first-poll delay (30 s) is taken over; React and Mantine keep their own timers.
    const delays: (() => void)[] = [];
    vi.stubGlobal('setTimeout', ((fn: () => void, ms?: number, ...args: unknown[]) => {
      if (ms === 30_000) {
        delays.push(fn);
        return 0;
      }
      return original(fn, ms, ...(args as []));
    }) as typeof setTimeout);

    // What the agents report from now on: Hong Kong and Dubai went silent, Frankfurt is back.
    const changed = NODE_LIST.map((n) =>
      n.id === 1 || n.id === 4
        ? { ...n, status: 'offline' as const, load: null, latency: null }
        : n.id === 3
          ? { ...n, status: 'online' as const, load: 20, latency: 50 }
          : n,
    );
    let current = NODE_LIST;
    let polls = 0;
    const { calls } = server({
      statuses: () => {
        polls += 1;
        current = changed;
        // the second poll only moves Frankfurt's load: laid over the list, nothing is asked again
        return changed.map((n) => statusOf(n, polls > 1 && n.id === 3 ? { load: 33 } : {}));
      },
      extra: (call) => {
        const p = path(call);
        if (p === '/nodes') return ok(page(current));
        if (p === '/nodes/stats/summary')
          return ok(
            current === NODE_LIST
              ? SUMMARY
              : {
                  ...liveCounts(changed.map((n) => statusOf(n))),
                  regions: [
                    { region: 'asia', total: 2, online: 0 },
                    { region: 'europe', total: 1, online: 1 },
                    { region: 'middle_east', total: 1, online: 0 },
                  ],
                },
          );
        return undefined;
      },
    });
    renderPage();
    await rowOf(1);
    await flushUntil(() => delays.length > 0);
    expect(polls).toBe(0);

    act(() => delays.forEach((fn) => fn()));
    await flushUntil(() => polls === 1 && screen.getByTestId('node-stats-online').textContent === '1');
    expect(within(await rowOf(1)).getByTestId('node-status').textContent).toBe('离线');
    expect(within(await rowOf(1)).queryByTestId('node-load')).toBeNull();
    expect(within(await rowOf(3)).getByTestId('node-load').textContent).toBe('20%');
    expect(screen.getByTestId('node-stats-offline').textContent).toBe('2');
    // the counts moved: the summary (its regions) and the list are asked again, once
    await flushUntil(() => calls.filter((c) => path(c) === '/nodes/stats/summary').length === 2);
    expect(calls.filter((c) => path(c) === '/nodes/stats/summary')).toHaveLength(2);
    expect(listCalls(calls)).toHaveLength(2);
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('node-region').map((r) => r.textContent)).toContain('欧洲1 / 1 在线'),
    );
    expect(within(await rowOf(1)).getByTestId('node-status').textContent).toBe('离线');

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    await flushUntil(
      () => polls === 2 && screen.getAllByTestId('node-load').some((e) => e.textContent === '33%'),
    );
    expect(within(await rowOf(3)).getByTestId('node-load').textContent).toBe('33%');
    expect(screen.getByTestId('node-stats-load').textContent).toBe('33%');
    expect(listCalls(calls)).toHaveLength(2);
    expect(calls.filter((c) => path(c) === '/nodes/stats/summary')).toHaveLength(2);
  });
});
