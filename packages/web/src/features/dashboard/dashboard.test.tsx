import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity, NodeInfo, NodeSummary, Subscription, TrafficDay } from '@portal/contract';
import DashboardPage from '../../pages/console/dashboard-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { flushUntil, marker, PROFILE, renderRoutes } from '../../test/render';
import { activeByExpiry, activityLink, activityText, monthDays, summarizeTraffic } from './format';

const GB = 1024 ** 3;
const MIN = 60_000;
const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = (call: FakeCall) => url(call).pathname.replace('/api/v1/portal', '');
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function sub(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    package_id: 2,
    package_name: 'Pro',
    order_no: 'S2026010500001',
    order_amount: '35.00',
    status: 'active',
    uuid: 'u-7',
    start_at: ago(10 * 86_400_000),
    end_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    days_remaining: 20,
    traffic_used: String(50 * GB),
    traffic_limit: String(200 * GB),
    usage_rate: 25,
    device_limit: 5,
    auto_renew: false,
    upgraded_to: null,
    created_at: ago(10 * 86_400_000),
    ...overrides,
  };
}

function node(overrides: Partial<NodeInfo> = {}): NodeInfo {
  return {
    id: 1,
    name: 'Hong Kong 01',
    location: 'Hong Kong, HK',
    region: 'asia',
    country: 'HK',
    protocol: 'vmess',
    transport: 'ws',
    tls: true,
    reality: false,
    server_address: 'hk1.example.net',
    port: 443,
    rate: 1,
    load: 42,
    cpu: 40,
    memory: 62,
    latency: 38,
    online_users: 7,
    last_heartbeat: ago(3 * MIN),
    inbound_rule_id: 11,
    rule_name: 'vmess-443',
    status: 'online',
    created_at: '2026-01-05T08:00:00Z',
    ...overrides,
  };
}

const SUMMARY: NodeSummary = {
  total: 3,
  online: 2,
  offline: 1,
  maintenance: 0,
  average_load: 41.5,
  regions: [],
};

/** Every day of this month up to today; traffic on today only. */
function month(todayBytes: number): TrafficDay[] {
  const days = monthDays(new Date());
  return Array.from({ length: days }, (_, i) => ({
    day: `2026-01-${String(i + 1).padStart(2, '0')}`,
    upload: i === days - 1 ? String(todayBytes / 4) : '0',
    download: i === days - 1 ? String((todayBytes * 3) / 4) : '0',
  }));
}

const ACTIVITIES: Activity[] = [
  { type: 'announcement', id: 31, date: ago(2 * MIN), title: '新节点上线', is_read: false },
  {
    type: 'ticket',
    id: 12,
    date: ago(30 * MIN),
    ticket_no: 'T20260105123456',
    title: '连接超时',
    status: 'pending',
  },
  {
    type: 'order',
    id: 5,
    date: ago(2 * 60 * MIN),
    kind: 'purchase',
    order_no: 'S2026010500001',
    package_name: 'Pro',
    amount: '35.00',
    status: 'paid',
  },
  {
    type: 'ledger',
    id: 9,
    date: ago(2 * 60 * MIN + 1000),
    kind: 'code_redeem',
    delta: '+100.00',
    balance_after: '1234.50',
  },
];

interface Data {
  profile?: Record<string, unknown>;
  subscriptions?: Subscription[];
  traffic?: TrafficDay[];
  activities?: Activity[];
  nodes?: NodeInfo[];
  summary?: NodeSummary;
  link?: Reply;
}

function answer(call: FakeCall, data: Data): Reply {
  switch (path(call)) {
    case '/users/profile':
      return ok(data.profile ?? PROFILE);
    case '/users/balance':
      return ok({ balance: '1234.50' });
    case '/subscriptions/my':
      return ok(data.subscriptions ?? [sub()]);
    case '/subscriptions/traffic':
      return ok(data.traffic ?? month(1.5 * GB));
    case '/subscriptions/link':
      return data.link ?? ok({ subscription_id: 7, url: 'https://portal.test/s/abc', token: 'abc' });
    case '/nodes/stats/summary':
      return ok(data.summary ?? SUMMARY);
    case '/nodes': {
      const items = data.nodes ?? [
        node(),
        node({
          id: 2,
          name: 'Frankfurt 01',
          location: 'Frankfurt, DE',
          country: 'DE',
          status: 'offline',
          latency: null,
        }),
      ];
      return ok({ items, total: items.length, page: 1, size: 6, pages: 1 });
    }
    case '/dashboard/activities':
      return ok({ items: data.activities ?? ACTIVITIES });
    default:
      return fail(404, 40003);
  }
}

function server(data: Data = {}, override?: (call: FakeCall, index: number) => Reply | undefined) {
  return installFakeFetch((call, index) => override?.(call, index) ?? answer(call, data));
}

function renderDashboard() {
  return renderRoutes(
    [
      { path: '/', element: <DashboardPage /> },
      ...[
        '/finance',
        '/recharge',
        '/subscription',
        '/subscription/history',
        '/subscription/link',
        '/nodes',
      ].map(marker),
      { path: '/support/:id', element: <div data-testid="at">ticket</div> },
      { path: '/announcements', element: <div data-testid="at">announcements</div> },
    ],
    '/',
  );
}

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard formatting', () => {
  it('says what each activity is, with its amount and details, and where it leads', async () => {
    const t = i18n.t.bind(i18n);
    const [announcement, ticket, order, ledger] = ACTIVITIES as [Activity, Activity, Activity, Activity];
    expect(activityText(ledger, t)).toEqual({
      title: '充值码兑换',
      detail: '余额 ¥1,234.50',
      amount: '+¥100.00',
      tone: 'credit',
    });
    expect(activityText(order, t)).toEqual({
      title: '购买了 Pro',
      detail: '订单号 S2026010500001',
      amount: '−¥35.00',
      tone: 'debit',
    });
    expect(activityText(ticket, t)).toEqual({
      title: '工单：连接超时',
      detail: '#T20260105123456',
      amount: null,
      tone: 'neutral',
    });
    expect(activityText(announcement, t)).toEqual({
      title: '公告：新节点上线',
      detail: null,
      amount: null,
      tone: 'neutral',
    });
    expect(
      activityText(
        { type: 'ledger', id: 1, date: '', kind: 'purchase', delta: '-35.00', balance_after: '0.00' },
        t,
      ),
    ).toMatchObject({ title: '购买套餐', amount: '−¥35.00', tone: 'debit' });

    await i18n.changeLanguage('en');
    expect(activityText(order, t).title).toBe('Bought Pro');
    expect(activityText({ ...order, kind: 'upgrade' } as Activity, t).title).toBe('Upgraded to Pro');
    expect(activityText(ledger, t).title).toBe('Top-up code redeemed');
    await i18n.changeLanguage('zh_TW');
    expect(activityText({ ...order, kind: 'renew' } as Activity, t).title).toBe('續訂了 Pro');

    expect(ACTIVITIES.map(activityLink)).toEqual([
      '/announcements?id=31',
      '/support/12',
      '/subscription/history',
      '/finance',
    ]);
  });

  it('formats traffic, the days of the month, and what is left of a subscription', () => {
    expect(monthDays(new Date('2026-03-01T00:30:00Z'))).toBe(1);
    expect(monthDays(new Date('2026-03-31T23:59:00Z'))).toBe(31);
    const summary = summarizeTraffic(month(2 * GB));
    expect(summary.points).toHaveLength(monthDays(new Date()));
    expect(summary.total).toBe(2 * GB);
    expect(summary.today).toBe(2 * GB);
    expect(summarizeTraffic([{ day: '2026-01-01', upload: 'x', download: '-5' }]).total).toBe(0);
    const later = sub({ id: 8, end_at: new Date(Date.now() + 40 * 86_400_000).toISOString() });
    const expired = sub({ id: 9, status: 'expired', end_at: ago(86_400_000) });
    expect(activeByExpiry([later, expired, sub()]).map((s) => s.id)).toEqual([7, 8]);
  });
});

describe('dashboard page', () => {
  it('starts every card call at once, shows skeletons meanwhile, then the data', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = installFakeFetch(async (call) => {
      await gate;
      return answer(call, {});
    });
    renderDashboard();
    await flushUntil(() => calls.length >= 8);
    expect(new Set(calls.map(path))).toEqual(
      new Set([
        '/users/profile',
        '/users/balance',
        '/subscriptions/my',
        '/subscriptions/traffic',
        '/subscriptions/link',
        '/nodes/stats/summary',
        '/nodes',
        '/dashboard/activities',
      ]),
    );
    // One call each (the subscriptions card and the quick actions share theirs).
    expect(calls).toHaveLength(8);
    expect(url(calls.find((c) => path(c) === '/subscriptions/traffic')!).searchParams.get('days')).toBe(
      String(monthDays(new Date())),
    );
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThanOrEqual(6);

    await act(async () => release());
    expect((await screen.findByTestId('dashboard-balance-value')).textContent).toBe('¥1,234.50');
    expect(screen.getByTestId('dashboard-active-count').textContent).toBe('1');
    expect(screen.getByTestId('dashboard-nearest').textContent).toContain('Pro');
    // Used of the limit, as My subscriptions shows it (every traffic bar means the same).
    expect(screen.getByTestId('dashboard-traffic-used').textContent).toBe('已用流量 50 GB / 200 GB');
    expect(screen.getByTestId('dashboard-online-count').textContent).toBe('2');
    expect(screen.getByTestId('dashboard-online-total').textContent).toContain('3');
    expect(screen.getByTestId('dashboard-traffic-total').textContent).toBe('1.5 GB');
    expect(screen.getByTestId('dashboard-traffic-chart').getAttribute('data-days')).toBe(
      String(monthDays(new Date())),
    );
    const rows = screen.getAllByTestId('dashboard-node-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['online', 'offline']);
    expect(rows[0]!.textContent).toContain('38 ms');
    expect(within(rows[1]!).getByTestId('dashboard-node-status').textContent).toBe('离线');
    // The place as the node centre shows it: the country in the page's language, the city when it adds something.
    expect(within(rows[0]!).getByTestId('dashboard-node-place').textContent).toBe('香港 · Hong Kong');
    expect(within(rows[1]!).getByTestId('dashboard-node-place').textContent).toBe('德国 · Frankfurt');
    expect(screen.getByTestId('quick-copy-link')).toBeTruthy();
    expect(screen.getByTestId('quick-subscribe').textContent).toBe('续费订阅');
    // Nothing twice: topping up is the balance card's (and the top bar's), the node list the node status card's.
    const quick = screen.getByTestId('dashboard-quick');
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/subscription?tab=my', '/recharge?tab=code', '/support?new=1']);
    const linksTo = (href: string) =>
      within(screen.getByTestId('dashboard'))
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href') === href);
    expect(linksTo('/recharge')).toHaveLength(1);
    expect(linksTo('/nodes')).toHaveLength(1);
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
  });

  it('lists the activities newest first, dated, with an icon per type, each linking to its page', async () => {
    server();
    const { router } = renderDashboard();
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((i) => i.getAttribute('data-type'))).toEqual([
      'announcement',
      'ticket',
      'order',
      'ledger',
    ]);
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/announcements?id=31',
      '/support/12',
      '/subscription/history',
      '/finance',
    ]);
    expect(items[0]!.textContent).toContain('公告：新节点上线');
    expect(within(items[0]!).getByTestId('activity-unread').textContent).toBe('未读');
    expect(items[1]!.textContent).toContain('待处理');
    expect(within(items[3]!).getByTestId('activity-amount').textContent).toBe('+¥100.00');
    // Relative and absolute date.
    const time = items[1]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(ACTIVITIES[1]!.date);
    expect(time.textContent).toMatch(/30分钟前 · \d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}/);
    expect(within(items[2]!).getByRole('img').getAttribute('aria-label')).toBe('订单');

    fireEvent.click(items[1]!);
    await flushUntil(() => router.state.location.pathname === '/support/12');
    expect(router.state.location.pathname).toBe('/support/12');
  });

  it('says what to do first when there is nothing yet', async () => {
    server({
      subscriptions: [],
      traffic: month(0),
      activities: [],
      link: fail(404, 40311, '订阅链接不存在'),
      summary: { ...SUMMARY, total: 0, online: 0, offline: 0, average_load: null },
      nodes: [],
    });
    const { router } = renderDashboard();
    const subs = await screen.findByTestId('dashboard-subscriptions-empty');
    expect(subs.textContent).toContain('还没有有效订阅');
    expect(subs.textContent).toContain('选择一个套餐');
    const traffic = await screen.findByTestId('dashboard-traffic-empty');
    expect(traffic.textContent).toContain('本月还没有使用流量');
    expect(traffic.textContent).toContain('先选择一个套餐');
    expect(within(traffic).getByRole('link').getAttribute('href')).toBe('/subscription');
    const activities = await screen.findByTestId('dashboard-activities-empty');
    expect(activities.textContent).toContain('先充值余额，再选择一个套餐');
    expect(
      within(activities)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/recharge', '/subscription']);
    expect((await screen.findByTestId('dashboard-online-empty')).textContent).toContain('联系客服');
    expect(await screen.findByTestId('dashboard-nodes-empty')).toBeTruthy();
    // No link yet: the quick action opens the link page instead of copying.
    expect(await screen.findByTestId('quick-link-page')).toBeTruthy();
    expect(screen.queryByTestId('quick-copy-link')).toBeNull();
    expect(screen.getByTestId('quick-subscribe').textContent).toBe('购买套餐');

    fireEvent.click(screen.getByTestId('dashboard-choose-package'));
    await flushUntil(() => router.state.location.pathname === '/subscription');
    expect(screen.getByTestId('at').textContent).toBe('/subscription');
  });

  it('offers to renew when every subscription has ended', async () => {
    server({ subscriptions: [sub({ status: 'expired', days_remaining: 0 })] });
    renderDashboard();
    const empty = await screen.findByTestId('dashboard-subscriptions-empty');
    expect(empty.textContent).toContain('您的订阅已结束');
    expect(
      within(empty)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/subscription?tab=my', '/subscription']);
  });

  it('shows a failed card with its own error and retry, the others unaffected', async () => {
    let failures = 0;
    server({}, (call) => {
      if (path(call) !== '/dashboard/activities' || failures >= 2) return undefined;
      failures += 1;
      return fail(500, 50000, '服务器内部错误');
    });
    renderDashboard();
    const error = await screen.findByTestId('dashboard-activities-error', {}, { timeout: 4000 });
    expect(error.textContent).toContain('最近动态加载失败');
    expect(screen.getByTestId('dashboard-balance-value').textContent).toBe('¥1,234.50');
    fireEvent.click(screen.getByTestId('dashboard-activities-retry'));
    expect(await screen.findAllByTestId('activity-item')).toHaveLength(4);
  });

  it('shows the verification notice instead of subscriptions and traffic for a restricted account', async () => {
    const { calls } = server(
      { profile: { ...PROFILE, email_verified: false, status: 'restricted' } },
      (call) =>
        path(call).startsWith('/subscriptions/') ? fail(403, 40105, '请先验证邮箱后再登录') : undefined,
    );
    renderDashboard();
    await flushUntil(() => screen.queryAllByTestId('restricted-notice').length === 2);
    expect(screen.getAllByTestId('restricted-notice')).toHaveLength(2);
    expect(
      within(screen.getByTestId('dashboard-subscriptions')).getByTestId('restricted-notice'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-traffic')).getByTestId('restricted-notice')).toBeTruthy();
    expect(await screen.findAllByTestId('activity-item')).toHaveLength(4);
    // 40105 is an answer, not an accident: the calls are not retried.
    const before = calls.filter((c) => path(c).startsWith('/subscriptions/')).length;
    expect(before).toBeLessThanOrEqual(3);
  });
});
