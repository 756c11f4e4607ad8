import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SubscriptionLinkPage from '../../pages/console/subscription-link-page';
import SubscriptionPage from '../../pages/console/subscription-page';
import SubscriptionHistoryPage from '../../pages/console/subscription-history-page';
import SubscribePage from '../../pages/public/subscribe-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { flushUntil, PROFILE, renderRoutes } from '../../test/render';
import { cycleSaving, formatTraffic } from './format';
import { order, PACKAGES, pkg, quote, sub } from './test-fixtures';

const PROFILE_RESTRICTED = { ...PROFILE, email_verified: false, status: 'restricted' };
const path = (call: FakeCall) => new URL(call.url, 'http://x').pathname.replace('/api/v1/portal', '');

type Handler = (call: FakeCall) => Reply | undefined;

/** A server with a verified profile, the test packages and a balance; `extra` answers first. */
function server(extra: Handler = () => undefined, balance = '100.00') {
  return installFakeFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const p = path(call);
    if (p === '/users/profile') return ok(PROFILE);
    if (p === '/users/balance') return ok({ balance });
    if (p === '/subscriptions/packages') return ok(PACKAGES);
    if (p.startsWith('/subscriptions/packages/')) {
      const id = Number(p.split('/').at(-1));
      return ok(PACKAGES.find((x) => x.id === id) ?? pkg({ id }));
    }
    if (p === '/subscriptions/my') return ok([sub()]);
    return fail(404, 40003);
  });
}

function renderPage(at = '/subscription') {
  return renderRoutes(
    [
      { path: '/subscription', element: <SubscriptionPage /> },
      { path: '/recharge', element: <div data-testid="at-recharge" /> },
    ],
    at,
  );
}

async function cardOf(packageId: number) {
  const cards = await screen.findAllByTestId('plan-card');
  return cards.find((c) => c.getAttribute('data-package-id') === String(packageId))!;
}

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('formatting', () => {
  it('formats traffic with the shared byte formatter (null is unlimited)', () => {
    expect(formatTraffic(String(20 * 1024 ** 3))).toBe('20 GB');
    expect(formatTraffic(String(512 * 1024 ** 2))).toBe('512 MB');
    expect(formatTraffic(null)).toBeNull();
    expect(formatTraffic(1536.5 * 1024 ** 3)).toBe('1.5 TB');
    expect(formatTraffic(String(2400 * 1024 ** 3))).toBe('2.34 TB');
    expect(formatTraffic(0)).toBe('0 B');
  });

  it('computes a saving only against the monthly package of the same tier', () => {
    expect(cycleSaving(PACKAGES[2]!, PACKAGES)).toMatchObject({ amount: '36.00', percent: 20 });
    expect(cycleSaving(PACKAGES[3]!, PACKAGES)).toBeNull();
    expect(cycleSaving(PACKAGES[0]!, PACKAGES)).toBeNull();
    // a quarterly package against 3 months: 3 x 35.00 = 105.00, 94.50 saves 10.50 (10 %)
    const quarterly = pkg({
      id: 9,
      name: '专业版',
      type: 'quarterly',
      traffic_bytes: String(600 * 1024 ** 3),
      price: '94.50',
      device_limit: 5,
    });
    expect(cycleSaving(quarterly, [...PACKAGES, quarterly])).toMatchObject({ amount: '10.50', percent: 10 });
    // a yearly package that costs more than 12 months: no "saving"
    expect(cycleSaving(pkg({ ...PACKAGES[2]!, price: '200.00' }), PACKAGES)).toBeNull();
    // two monthly packages that fit equally and neither name matches: ambiguous, no saving
    const twins = [pkg({ id: 1, name: 'A' }), pkg({ id: 3, name: 'B' }), PACKAGES[2]!];
    expect(cycleSaving(PACKAGES[2]!, twins)).toBeNull();
    // ... but the one of the same name is the tier
    const named = [pkg({ id: 1, name: 'A' }), pkg({ id: 3, name: '基础版' }), PACKAGES[2]!];
    expect(cycleSaving(PACKAGES[2]!, named)?.monthly.id).toBe(3);
  });
});

describe('plans', () => {
  it('shows the cycles that have packages and every package of the chosen one, the saving worded once', async () => {
    server();
    renderPage();
    const toggle = await screen.findByTestId('pricing-period');
    // monthly and yearly packages only: no quarterly choice
    expect(
      within(toggle)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['monthly', 'yearly']);
    const ids = async () =>
      (await screen.findAllByTestId('plan-card')).map((c) => c.getAttribute('data-package-id'));
    expect(await ids()).toEqual(['1', '2']);
    const pro = await cardOf(2);
    expect(within(pro).getByTestId('plan-price').textContent).toBe('¥35.00');
    expect(within(pro).getByTestId('plan-popular').textContent).toBe('最受欢迎');
    expect(within(pro).getByTestId('plan-traffic').textContent).toBe('流量 200 GB');
    expect(within(await cardOf(1)).queryByTestId('plan-saving')).toBeNull();
    // ¥ alone is also the yen's sign: the currency is named under the cards
    expect(screen.getByTestId('pricing-currency').textContent).toBe('价格以人民币（CNY，¥）计');

    fireEvent.click(within(toggle).getByLabelText('年付'));
    await vi.waitFor(async () => expect(await ids()).toEqual(['5', '7']));
    const yearly = await cardOf(5);
    expect(within(yearly).getByTestId('plan-saving').textContent).toBe('比月付省 20%');
    const enterprise = await cardOf(7);
    expect(within(enterprise).queryByTestId('plan-saving')).toBeNull();
    // unlimited: one phrase, not "流量 不限流量"
    expect(within(enterprise).getByTestId('plan-traffic').textContent).toBe('不限流量');
  });

  it('names each buy button by its visible text, described by the plan name (WCAG 2.5.3)', async () => {
    server();
    renderPage();
    const buy = within(await cardOf(2)).getByRole('button', { name: '立即购买' });
    const described = buy.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)?.textContent).toBe('专业版');
  });

  it('says so when the packages fail to load', async () => {
    server((call) => (path(call) === '/subscriptions/packages' ? fail(404, 40003) : undefined));
    renderPage();
    expect((await screen.findByTestId('plans-error')).textContent).toContain('套餐加载失败');
  });
});

describe('purchase', () => {
  it('confirms with the balance before and after, sends package_id and one idempotency key', async () => {
    let replies = 0;
    const { calls } = server((call) => {
      if (path(call) !== '/subscriptions/purchase') return undefined;
      replies += 1;
      return replies === 1 ? 'network-error' : ok({ order: order(), subscription: sub(), balance: '85.00' });
    });
    const { router } = renderPage();
    fireEvent.click(within(await cardOf(1)).getByTestId('plan-buy'));
    // the customer holds package 1 (sub 11): they are told, and choose a second one
    fireEvent.click(within(await screen.findByTestId('purchase-held')).getByTestId('purchase-held-another'));
    const dialog = await screen.findByTestId('purchase-confirm');
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('purchase-balance-after').textContent).toBe('¥85.00'),
    );
    expect(within(dialog).getByTestId('purchase-package-line').textContent).toBe(
      '每月 · 30 天 · 流量 20 GB · 2 台设备',
    );
    expect(within(dialog).getByTestId('purchase-balance-before').textContent).toBe('¥100.00');
    expect(within(dialog).getByTestId('purchase-price').textContent).toBe('¥15.00');

    // a double click sends one request
    fireEvent.click(within(dialog).getByTestId('purchase-ok'));
    fireEvent.click(within(dialog).getByTestId('purchase-ok'));
    expect(await screen.findByTestId('purchase-error')).toBeTruthy();
    const purchases = () => calls.filter((c) => path(c) === '/subscriptions/purchase');
    expect(purchases()).toHaveLength(1);

    // trying again in the same dialog sends the same key: the server pays once
    fireEvent.click(screen.getByTestId('purchase-ok'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=my&focus=11'));
    const [first, second] = purchases().map((c) => c.body as { package_id: number; idempotency_key: string });
    expect(first!.package_id).toBe(1);
    expect(first!.idempotency_key.length).toBeGreaterThanOrEqual(8);
    expect(second).toEqual(first);
    // the "my subscriptions" tab loads lazily: give a busy machine time
    expect(await screen.findAllByTestId('sub-card', {}, { timeout: 5000 })).toHaveLength(1);
  });

  it('a new dialog has a new key', async () => {
    const { calls } = server((call) =>
      path(call) === '/subscriptions/purchase' ? fail(409, 40305) : undefined,
    );
    renderPage();
    for (let i = 0; i < 2; i += 1) {
      fireEvent.click(within(await cardOf(2)).getByTestId('plan-buy'));
      const ok = await screen.findByTestId('purchase-ok');
      await vi.waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(ok);
      expect((await screen.findByTestId('purchase-error')).textContent).toContain('套餐暂不可购买');
      fireEvent.click(screen.getByText('取消'));
      await vi.waitFor(() => expect(screen.queryByTestId('purchase-confirm')).toBeNull());
    }
    const keys = calls
      .filter((c) => path(c) === '/subscriptions/purchase')
      .map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('when the balance is short shows the shortfall and the way to /recharge instead of confirm', async () => {
    const { calls } = server(undefined, '10.00');
    const { router } = renderPage();
    fireEvent.click(within(await cardOf(2)).getByTestId('plan-buy'));
    const dialog = await screen.findByTestId('purchase-confirm');
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('purchase-shortfall').textContent).toBe('¥25.00'),
    );
    // no made-up "balance after payment ¥0.00": the shortfall, and what to top up
    expect(within(dialog).queryByTestId('purchase-balance-after')).toBeNull();
    expect(within(dialog).getByTestId('purchase-balance-before').textContent).toBe('¥10.00');
    expect(within(dialog).queryByTestId('purchase-ok')).toBeNull();
    expect(within(dialog).getByTestId('insufficient-notice').textContent).toBe(
      '余额还差 ¥25.00：充值至少 ¥25.00 后即可支付。',
    );
    fireEvent.click(within(dialog).getByTestId('purchase-recharge'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/recharge'));
    expect(calls.some((c) => path(c) === '/subscriptions/purchase')).toBe(false);
  });

  it('buying a package already held says so and can renew that subscription instead', async () => {
    const { calls } = server((call) =>
      path(call) === '/subscriptions/renew'
        ? ok({ order: order('renew'), subscription: sub({ days_remaining: 50 }), balance: '85.00' })
        : undefined,
    );
    const { router } = renderPage();
    // The card of the package held says so before anything is clicked.
    await vi.waitFor(async () =>
      expect(within(await cardOf(1)).getByTestId('plan-held').textContent).toBe('已订阅'),
    );
    // Its button says renew; it still lets the customer choose another subscription of it.
    expect(within(await cardOf(1)).getByTestId('plan-buy').textContent).toBe('续费');
    fireEvent.click(within(await cardOf(1)).getByTestId('plan-buy'));
    const held = await screen.findByTestId('purchase-held');
    expect(held.textContent).toContain('您已订阅这个套餐');
    expect(held.textContent).toContain('「基础版」订阅（生效中）');
    expect(screen.queryByTestId('purchase-confirm')).toBeNull();
    fireEvent.click(within(held).getByTestId('purchase-held-renew'));
    const dialog = await screen.findByTestId('renew-confirm');
    await vi.waitFor(() =>
      expect((within(dialog).getByTestId('renew-ok') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(dialog).getByTestId('renew-ok'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=my&focus=11'));
    expect(
      (calls.find((c) => path(c) === '/subscriptions/renew')?.body as { subscription_id: number })
        .subscription_id,
    ).toBe(11);
    expect(calls.some((c) => path(c) === '/subscriptions/purchase')).toBe(false);
  });

  it('buying another package while holding one says it is a separate subscription, not an upgrade', async () => {
    server();
    renderPage();
    await vi.waitFor(async () => expect(within(await cardOf(1)).getByTestId('plan-held')).toBeTruthy());
    fireEvent.click(within(await cardOf(2)).getByTestId('plan-buy'));
    const dialog = await screen.findByTestId('purchase-confirm');
    expect(within(dialog).getByTestId('purchase-separate').textContent).toContain('独立的新订阅');
  });

  it('a package not held (or held only expired) is bought without the question', async () => {
    server((call) =>
      path(call) === '/subscriptions/my' ? ok([sub({ status: 'expired', days_remaining: 0 })]) : undefined,
    );
    renderPage();
    fireEvent.click(within(await cardOf(1)).getByTestId('plan-buy'));
    expect(await screen.findByTestId('purchase-confirm')).toBeTruthy();
    expect(screen.queryByTestId('purchase-held')).toBeNull();
    expect(screen.queryByTestId('purchase-separate')).toBeNull();
    expect(within(await cardOf(1)).queryByTestId('plan-held')).toBeNull();
  });

  it('a 40203 answer offers the way to /recharge', async () => {
    server((call) => (path(call) === '/subscriptions/purchase' ? fail(402, 40203) : undefined));
    renderPage();
    fireEvent.click(within(await cardOf(2)).getByTestId('plan-buy'));
    const ok = await screen.findByTestId('purchase-ok');
    await vi.waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ok);
    expect(await screen.findByTestId('purchase-recharge')).toBeTruthy();
    expect(screen.queryByTestId('purchase-ok')).toBeNull();
  });
});

describe('my subscriptions', () => {
  it('shows the card and renews after a confirmation with the balance before and after', async () => {
    const { calls } = server((call) =>
      path(call) === '/subscriptions/renew'
        ? ok({ order: order('renew'), subscription: sub({ days_remaining: 50 }), balance: '85.00' })
        : undefined,
    );
    renderPage('/subscription?tab=my');
    const card = await screen.findByTestId('sub-card');
    expect(card.getAttribute('data-status')).toBe('active');
    expect(card.getAttribute('data-id')).toBe('11');
    expect(within(card).getByTestId('sub-traffic').textContent).toBe('5 GB / 20 GB（25%）');
    expect(within(card).getByTestId('sub-days').textContent).toBe('20 天');
    fireEvent.click(within(card).getByTestId('sub-renew'));
    const dialog = await screen.findByTestId('renew-confirm');
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('renew-balance-after').textContent).toBe('¥85.00'),
    );
    expect(within(dialog).getByTestId('renew-price').textContent).toBe('¥15.00');
    expect(within(dialog).getByTestId('renew-balance-before').textContent).toBe('¥100.00');
    fireEvent.click(within(dialog).getByTestId('renew-ok'));
    await vi.waitFor(() => expect(screen.queryByTestId('renew-confirm')).toBeNull());
    const body = calls.find((c) => path(c) === '/subscriptions/renew')?.body as Record<string, unknown>;
    expect(body.subscription_id).toBe(11);
    expect(typeof body.idempotency_key).toBe('string');
  });

  it('offers reactivation for an expired subscription', async () => {
    server((call) =>
      path(call) === '/subscriptions/my' ? ok([sub({ status: 'expired', days_remaining: 0 })]) : undefined,
    );
    renderPage('/subscription?tab=my');
    const card = await screen.findByTestId('sub-card');
    expect(within(card).getByTestId('sub-renew').textContent).toBe('重新激活');
    expect(within(card).queryByTestId('sub-upgrade')).toBeNull();
  });

  it('upgrade: previews, and on a stale quote previews again and shows the new numbers without charging', async () => {
    let previews = 0;
    const { calls } = server((call) => {
      const p = path(call);
      if (p === '/subscriptions/upgrade/preview') {
        previews += 1;
        return ok(
          previews === 1
            ? quote()
            : quote({ quote_id: 'q2', remaining_time_value: '8.00', credit: '8.00', amount_due: '27.00' }),
        );
      }
      if (p === '/subscriptions/upgrade') return fail(409, 40309, 'stale', { reason: 'quote_expired' });
      return undefined;
    });
    renderPage('/subscription?tab=my');
    fireEvent.click(await screen.findByTestId('sub-upgrade'));
    const dialog = await screen.findByTestId('upgrade-preview');
    fireEvent.change(within(dialog).getByTestId('upgrade-target'), { target: { value: '2' } });
    await vi.waitFor(() => expect(within(dialog).getByTestId('upgrade-credit').textContent).toBe('¥10.00'));
    expect(within(dialog).getByTestId('upgrade-due').textContent).toBe('¥25.00');
    expect(within(dialog).getByTestId('upgrade-time-value').textContent).toBe('¥10.00');
    expect(within(dialog).getByTestId('upgrade-traffic-value').textContent).toBe('¥11.25');
    expect(within(dialog).getByTestId('upgrade-new-price').textContent).toBe('¥35.00');
    expect(calls.find((c) => path(c) === '/subscriptions/upgrade/preview')?.body).toEqual({
      subscription_id: 11,
      package_id: 2,
    });
    await vi.waitFor(() =>
      expect((within(dialog).getByTestId('upgrade-ok') as HTMLButtonElement).disabled).toBe(false),
    );

    fireEvent.click(within(dialog).getByTestId('upgrade-ok'));
    await vi.waitFor(() => expect(within(dialog).getByTestId('upgrade-due').textContent).toBe('¥27.00'));
    expect(within(dialog).getByTestId('upgrade-credit').textContent).toBe('¥8.00');
    expect(within(dialog).getByTestId('upgrade-changed').textContent).toContain('报价已变化');
    const upgrades = calls.filter((c) => path(c) === '/subscriptions/upgrade');
    expect(upgrades).toHaveLength(1);
    expect((upgrades[0]!.body as { quote_id: string }).quote_id).toBe('q1');
    expect(previews).toBe(2);
  });

  it('an upgraded card says to view the new one and highlights it', async () => {
    server((call) =>
      path(call) === '/subscriptions/my'
        ? ok([
            sub({ id: 12, package_id: 2, package_name: '专业版' }),
            sub({ status: 'upgraded', upgraded_to: 12 }),
          ])
        : undefined,
    );
    const { router } = renderPage('/subscription?tab=my');
    const cards = await screen.findAllByTestId('sub-card');
    const old = cards.find((c) => c.getAttribute('data-status') === 'upgraded')!;
    expect(old.textContent).toContain('此订阅已升级为新的订阅');
    expect(within(old).queryByTestId('sub-renew')).toBeNull();
    fireEvent.click(within(old).getByTestId('sub-view-new'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=my&focus=12'));
    await vi.waitFor(() =>
      expect(
        screen
          .getAllByTestId('sub-card')
          .find((c) => c.getAttribute('data-id') === '12')!
          .getAttribute('data-highlighted'),
      ).toBe('true'),
    );
  });

  it('turns auto-renew on', async () => {
    const { calls } = server((call) =>
      path(call) === '/subscriptions/auto-renew/toggle'
        ? ok({ subscription_id: 11, enabled: true })
        : undefined,
    );
    renderPage('/subscription?tab=my');
    fireEvent.click(await screen.findByTestId('sub-auto-renew'));
    await vi.waitFor(() =>
      expect(calls.find((c) => path(c) === '/subscriptions/auto-renew/toggle')?.body).toEqual({
        subscription_id: 11,
        enabled: true,
      }),
    );
  });

  it('shows the statistics', async () => {
    server((call) => {
      const p = path(call);
      if (p === '/subscriptions/stats')
        return ok({
          active: 2,
          total: 3,
          traffic_used_month: String(1024 ** 3),
          days_remaining: 20,
          total_spent: '64.00',
        });
      if (p === '/subscriptions/orders')
        return ok({ items: [order()], total: 1, page: 1, size: 20, pages: 1 });
      return undefined;
    });
    renderPage('/subscription?tab=stats');
    expect((await screen.findByTestId('stats-active')).textContent).toBe('2');
    expect(screen.getByTestId('stats-spent').textContent).toBe('¥64.00');
    expect((await screen.findAllByTestId('order-row'))[0]!.textContent).toContain('购买');
  });
});

describe('traffic chart', () => {
  const days = (bytes: (i: number) => [number, number]) =>
    Array.from({ length: 30 }, (_, i) => {
      const [upload, download] = bytes(i);
      return {
        day: `2026-11-${String(i + 1).padStart(2, '0')}`,
        upload: String(upload),
        download: String(download),
      };
    });

  it('asks for 30 days and says so when nothing was used', async () => {
    const { calls } = server((call) =>
      path(call) === '/subscriptions/traffic' ? ok(days(() => [0, 0])) : undefined,
    );
    renderPage('/subscription?tab=stats');
    expect((await screen.findByTestId('traffic-chart-empty')).textContent).toBe('最近 30 天没有使用流量');
    expect(screen.queryByTestId('traffic-chart')).toBeNull();
    const query = new URL(calls.find((c) => path(c) === '/subscriptions/traffic')!.url, 'http://x')
      .searchParams;
    expect(query.get('days')).toBe('30');
  });

  it('draws the chart when some traffic was used', async () => {
    server((call) =>
      path(call) === '/subscriptions/traffic'
        ? ok(days((i) => (i === 3 ? [1024 ** 2, 3 * 1024 ** 3] : [0, 0])))
        : undefined,
    );
    renderPage('/subscription?tab=stats');
    expect(await screen.findByTestId('traffic-chart')).toBeTruthy();
    expect(screen.queryByTestId('traffic-chart-empty')).toBeNull();
  });
});

describe('restricted accounts', () => {
  it('see the plans but the notice instead of their subscriptions, with no /subscriptions/my call', async () => {
    const { calls } = server((call) =>
      path(call) === '/users/profile' ? ok(PROFILE_RESTRICTED) : undefined,
    );
    renderPage('/subscription?tab=my');
    expect((await screen.findByTestId('restricted-notice')).textContent).toContain('请先验证邮箱');
    fireEvent.click(screen.getByTestId('sub-tab-plans'));
    const buy = within(await cardOf(1)).getByTestId('plan-buy') as HTMLButtonElement;
    await vi.waitFor(() => expect(buy.disabled).toBe(true));
    await flushUntil(() => false, 10);
    expect(
      calls.map(path).filter((p) => p.startsWith('/subscriptions') && p !== '/subscriptions/packages'),
    ).toEqual([]);
  });

  it.each([
    ['/subscription/link', <SubscriptionLinkPage key="l" />],
    ['/subscription/history', <SubscriptionHistoryPage key="h" />],
  ])('%s shows the notice and calls nothing under /subscriptions', async (at, element) => {
    const { calls } = installFakeFetch(() => ok(PROFILE_RESTRICTED));
    renderRoutes([{ path: at, element }], at);
    expect(await screen.findByTestId('restricted-notice')).toBeTruthy();
    await flushUntil(() => false, 10);
    expect(calls.map(path)).toEqual(['/users/profile']);
  });
});

describe('history', () => {
  it('lists orders with kind, package, amount, period and status', async () => {
    const { calls } = server((call) =>
      path(call) === '/subscriptions/history'
        ? ok({
            items: [
              {
                ...order('upgrade'),
                amount: '25.00',
                subscription_status: 'upgraded',
                start_at: '2026-11-01T00:00:00Z',
                end_at: '2026-12-01T00:00:00Z',
              },
            ],
            total: 1,
            page: 1,
            size: 20,
            pages: 1,
          })
        : undefined,
    );
    renderRoutes(
      [{ path: '/subscription/history', element: <SubscriptionHistoryPage /> }],
      '/subscription/history',
    );
    const [row] = await screen.findAllByTestId('history-row');
    expect(row!.textContent).toContain('升级');
    expect(row!.textContent).toContain('¥25.00');
    expect(row!.textContent).toContain('已升级');
    expect(row!.textContent).toContain('至');
    const query = new URL(calls.find((c) => path(c) === '/subscriptions/history')!.url, 'http://x')
      .searchParams;
    expect(query.get('page')).toBe('1');
  });
});

describe('link page', () => {
  it('copies the URL, shows the QR code and resets after a confirmation', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = server((call) => {
      const p = path(call);
      if (p === '/subscriptions/link')
        return ok({ subscription_id: 11, url: 'https://portal.test/sub/old-token', token: 'old-token' });
      if (p === '/subscriptions/link/reset')
        return ok({ subscription_id: 11, url: 'https://portal.test/sub/new-token', token: 'new-token' });
      return undefined;
    });
    renderRoutes([{ path: '/subscription/link', element: <SubscriptionLinkPage /> }], '/subscription/link');
    const input = (await screen.findByTestId('link-url')) as HTMLInputElement;
    expect(input.value).toBe('https://portal.test/sub/old-token');
    expect(input.readOnly).toBe(true);
    expect(screen.getByTestId('link-qr').tagName.toLowerCase()).toBe('svg');
    expect(
      new URL(calls.find((c) => path(c) === '/subscriptions/link')!.url, 'http://x').searchParams.get(
        'subscription_id',
      ),
    ).toBe('11');

    fireEvent.click(screen.getByTestId('link-copy'));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('https://portal.test/sub/old-token'));

    fireEvent.click(screen.getByTestId('link-reset'));
    expect(calls.some((c) => path(c) === '/subscriptions/link/reset')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect((screen.getByTestId('link-url') as HTMLInputElement).value).toBe(
        'https://portal.test/sub/new-token',
      ),
    );
    expect(calls.find((c) => path(c) === '/subscriptions/link/reset')?.body).toEqual({ subscription_id: 11 });
    expect(await screen.findByTestId('link-reset-done')).toBeTruthy();
    expect(screen.getByTestId('link-faq').textContent).toContain('续费或升级后链接会变吗？');
  });
});

describe('/subscribe', () => {
  it('without a token shows the invalid-link message', async () => {
    renderRoutes([{ path: '/subscribe', element: <SubscribePage /> }], '/subscribe');
    expect((await screen.findByTestId('subscribe-invalid')).textContent).toContain('订阅链接无效');
  });

  it('with a token shows the URL of this site, the QR code and the client buttons', async () => {
    renderRoutes([{ path: '/subscribe', element: <SubscribePage /> }], '/subscribe?token=abcDEF123_-xyz');
    const url = `${window.location.origin}/sub/abcDEF123_-xyz`;
    expect(((await screen.findByTestId('subscribe-url')) as HTMLInputElement).value).toBe(url);
    expect(screen.getByTestId('subscribe-qr')).toBeTruthy();
    expect(screen.getByTestId('open-clash').getAttribute('href')).toBe(
      `clash://install-config?url=${encodeURIComponent(url)}`,
    );
    expect(screen.getByTestId('open-shadowrocket').getAttribute('href')).toBe(
      `shadowrocket://add/sub://${btoa(url)}`,
    );
    expect(screen.getByTestId('subscribe-login').getAttribute('href')).toBe('/login');
  });
});
