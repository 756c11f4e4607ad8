import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RechargeCodesPage from '../../pages/console/recharge-codes-page';
import RechargeHistoryPage from '../../pages/console/recharge-history-page';
import RechargePage from '../../pages/console/recharge-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall, Reply } from '../../test/fake-fetch';
import { flushUntil, marker, renderRoutes } from '../../test/render';
import { useBalance } from '../../lib/account-queries';
import { RechargePanel } from './recharge-panel';
import { CONFIGS, PROFILE_NORMAL, PROFILE_RESTRICTED, RATES, page, topup, VALID_CODE } from './test-fixtures';
import { TopupHistory } from './topup-history';

/** Keeps the balance query active, as the sidebar does, so invalidation refetches it. */
function BalanceProbe() {
  const balance = useBalance();
  return <span data-testid="probe-balance">{balance.data?.balance ?? ''}</span>;
}

function renderRecharge(path: string) {
  return renderRoutes(
    [
      {
        path: '/recharge',
        element: (
          <>
            <BalanceProbe />
            <RechargePanel />
          </>
        ),
      },
    ],
    path,
  );
}

const path = (call: FakeCall) => new URL(call.url, 'http://x').pathname.replace('/api/v1/portal', '');
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('top-up code', () => {
  /** The recharge configuration as the server gives it (the page asks for it), then `reply` for the rest. */
  function codeServer(reply: (call: FakeCall) => Reply) {
    return installFakeFetch((call) => (path(call) === '/recharge/configs' ? ok(CONFIGS) : reply(call)));
  }

  it('shows the format error without calling the server', async () => {
    const { calls } = codeServer(() => ok({ balance: '0.00' }));
    renderRecharge('/recharge?tab=code');
    type('code-input', 'RC-TOO-SHORT');
    fireEvent.click(screen.getByTestId('code-redeem'));
    expect(await screen.findByText('充值码格式无效')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/recharge/codes/use'))).toBe(false);
  });

  it('shows the 40504 message of the server in the user language', async () => {
    await i18n.changeLanguage('en');
    const { calls } = codeServer((call) =>
      path(call) === '/recharge/codes/use' ? fail(409, 40504, '充值码已被使用') : ok({ balance: '0.00' }),
    );
    renderRecharge('/recharge?tab=code');
    type('code-input', `  ${VALID_CODE.toLowerCase()} `);
    fireEvent.click(screen.getByTestId('code-redeem'));
    expect((await screen.findByTestId('code-error')).textContent).toContain(
      'This top-up code has already been used',
    );
    // trimmed and upper-cased before it is sent
    expect(calls.find((c) => path(c) === '/recharge/codes/use')?.body).toEqual({ code: VALID_CODE });
  });

  it('shows a 40004 field error under the input', async () => {
    codeServer((call) =>
      path(call) === '/recharge/codes/use'
        ? fail(422, 40004, 'bad', { errors: [{ field: 'body.code', message: 'v.code_format' }] })
        : ok({ balance: '0.00' }),
    );
    renderRecharge('/recharge?tab=code');
    type('code-input', VALID_CODE);
    fireEvent.click(screen.getByTestId('code-redeem'));
    expect(await screen.findByText('充值码格式无效')).toBeTruthy();
  });

  it('on success shows the amount and the new balance and refreshes the balance', async () => {
    let redeemed = false;
    const { calls } = codeServer((call) => {
      if (path(call) === '/recharge/codes/use') {
        redeemed = true;
        return ok({ amount: '50.00', balance: '1250.50', order_no: 'C1' });
      }
      return ok({ balance: redeemed ? '1250.50' : '1200.50' });
    });
    renderRecharge('/recharge?tab=code');
    expect((await screen.findByTestId('probe-balance')).textContent).toBe('');
    await vi.waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1200.50'));
    type('code-input', VALID_CODE);
    fireEvent.click(screen.getByTestId('code-redeem'));
    const result = await screen.findByTestId('code-result');
    expect(result.textContent).toContain('已到账 ¥50.00');
    expect(result.textContent).toContain('当前余额 ¥1,250.50');
    await vi.waitFor(() => expect(screen.getByTestId('probe-balance').textContent).toBe('1250.50'));
    expect(calls.filter((c) => path(c) === '/users/balance')).toHaveLength(2);
  });

  it('pastes from the clipboard, and says so when the clipboard cannot be read', async () => {
    codeServer(() => ok({ balance: '0.00' }));
    const readText = vi
      .fn()
      .mockRejectedValueOnce(new Error('denied'))
      .mockResolvedValueOnce(` ${VALID_CODE}\n`);
    Object.defineProperty(navigator, 'clipboard', { value: { readText }, configurable: true });
    renderRecharge('/recharge?tab=code');
    fireEvent.click(screen.getByTestId('code-paste'));
    expect(await screen.findByText('无法读取剪贴板，请手动粘贴充值码')).toBeTruthy();
    fireEvent.click(screen.getByTestId('code-paste'));
    await vi.waitFor(() =>
      expect((screen.getByTestId('code-input') as HTMLInputElement).value).toBe(VALID_CODE),
    );
    expect(screen.queryByText('无法读取剪贴板，请手动粘贴充值码')).toBeNull();
  });
});

describe('USDT order', () => {
  function usdtServer(orderReplies: () => Reply) {
    return installFakeFetch((call) => {
      const p = path(call);
      if (p === '/recharge/configs') return ok(CONFIGS);
      if (p === '/recharge/exchange-rates') return ok(RATES);
      if (p === '/recharge/usdt' && call.method === 'POST') return ok(topup());
      if (p === '/recharge/usdt/7/cancel') return ok(topup({ status: 'canceled' }));
      if (p === '/recharge/usdt/7') return orderReplies();
      return ok({ balance: '10.00' });
    });
  }

  it('opens on the top-up code when no USDT network is offered, and says so on the USDT tab', async () => {
    installFakeFetch((call) => {
      const p = path(call);
      if (p === '/recharge/configs') return ok({ ...CONFIGS, networks: [] });
      if (p === '/recharge/exchange-rates') return ok(RATES);
      return ok({ balance: '10.00' });
    });
    const { router } = renderRecharge('/recharge');
    expect(await screen.findByTestId('code-input')).toBeTruthy();
    expect(screen.getByTestId('recharge-tab-code').getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByTestId('recharge-tab-usdt'));
    const notice = await screen.findByTestId('usdt-no-networks');
    expect(notice.textContent).toContain('暂未开放 USDT 充值');
    expect(notice.textContent).toContain('联系客服');
    expect(router.state.location.search).toBe('?tab=usdt');
    fireEvent.click(within(notice).getByTestId('usdt-use-code'));
    expect(await screen.findByTestId('code-input')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=code');
  });

  it('creates the order and shows the exact amount, address, QR code and countdown', async () => {
    const { calls } = usdtServer(() => ok(topup()));
    const { router } = renderRecharge('/recharge');
    await screen.findByTestId('usdt-network-TRC20');
    expect(screen.getByRole('form', { name: 'USDT 充值' }).textContent).toContain('选择网络并输入数量');
    expect(screen.getByTestId('usdt-network-info').textContent).toContain('20 个区块确认');
    fireEvent.click(screen.getByTestId('usdt-network-ERC20'));
    expect(screen.getByTestId('usdt-network-info').textContent).toContain('12 个区块确认');
    // The limits are written as numbers are everywhere: grouped, no trailing zeros.
    expect(screen.getByText('最少 10 USDT，最多 10,000 USDT')).toBeTruthy();
    type('usdt-amount', '5');
    fireEvent.click(screen.getByTestId('usdt-create'));
    expect(await screen.findByText('充值数量不能低于 10 USDT')).toBeTruthy();

    type('usdt-amount', '20');
    await vi.waitFor(() => expect(screen.getByTestId('usdt-credit').textContent).toContain('¥144.00'));
    fireEvent.click(screen.getByTestId('usdt-create'));

    const panel = await screen.findByTestId('usdt-payment');
    expect(panel.getAttribute('data-status')).toBe('pending');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: '20.00', network: 'ERC20' });
    expect(screen.getByTestId('usdt-exact-amount').textContent).toBe('20.000137');
    expect(screen.getByTestId('usdt-address').textContent).toBe('0x1111222233334444555566667777888899990000');
    const qr = within(panel).getByTestId('usdt-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.getAttribute('aria-label')).toBe('收款地址二维码');
    expect(screen.getByTestId('usdt-countdown').textContent).toMatch(/^1[45]:\d{2}$/);
    expect(panel.textContent).toContain('通常 5 到 30 分钟内到账');
    expect(panel.textContent).toContain('不收取手续费');
    expect(panel.textContent).toContain('请在 15 分钟内完成支付');
    expect(router.state.location.search).toBe('?order=7');
  });

  it('states a single open network instead of asking to choose one', async () => {
    installFakeFetch((call) => {
      const p = path(call);
      if (p === '/recharge/configs') return ok({ ...CONFIGS, networks: [CONFIGS.networks[1]] });
      if (p === '/recharge/exchange-rates') return ok(RATES);
      return ok({ balance: '10.00' });
    });
    renderRecharge('/recharge');
    const network = await screen.findByTestId('usdt-network-ERC20');
    expect(network.tagName.toLowerCase()).not.toBe('button');
    const form = screen.getByRole('form', { name: 'USDT 充值' });
    expect(form.textContent).toContain('输入数量，创建订单后');
    expect(form.textContent).not.toContain('选择网络');
  });

  it('shows the server refusal below the minimum', async () => {
    installFakeFetch((call) => {
      const p = path(call);
      if (p === '/recharge/configs') return ok(CONFIGS);
      if (p === '/recharge/exchange-rates') return ok(RATES);
      if (p === '/recharge/usdt') return fail(400, 40508);
      return ok({ balance: '10.00' });
    });
    renderRecharge('/recharge');
    await screen.findByTestId('usdt-network-TRC20');
    type('usdt-amount', '10');
    fireEvent.click(screen.getByTestId('usdt-create'));
    expect((await screen.findByTestId('usdt-error')).textContent).toContain('充值金额低于最低限额');
  });

  it('polls every 5 s: pending -> paid (confirmations) -> confirmed, then refreshes the balance and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let polls = 0;
    const replies = [
      topup(),
      topup({ status: 'paid', tx_hash: '0xabcdef0123456789abcdef', confirmations: 4 }),
      topup({ status: 'confirmed', tx_hash: '0xabcdef0123456789abcdef', confirmations: 12 }),
    ];
    const { calls } = usdtServer(() => {
      const reply = replies[Math.min(polls, replies.length - 1)]!;
      polls += 1;
      return ok(reply);
    });
    const orderCalls = () => calls.filter((c) => path(c) === '/recharge/usdt/7').length;
    const balanceCalls = () => calls.filter((c) => path(c) === '/users/balance').length;
    const status = () => screen.queryByTestId('usdt-payment')?.getAttribute('data-status');
    renderRecharge('/recharge?order=7');

    await flushUntil(() => status() === 'pending' && balanceCalls() === 1);
    expect(status()).toBe('pending');
    expect(screen.getByTestId('usdt-cancel')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(5000);
    });
    await flushUntil(() => status() === 'paid');
    expect(status()).toBe('paid');
    expect(screen.getByTestId('usdt-confirmations').textContent).toContain('区块确认 4 / 12');
    expect(screen.queryByTestId('usdt-cancel')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(5000);
    });
    await flushUntil(() => status() === 'confirmed' && balanceCalls() === 2);
    expect(status()).toBe('confirmed');
    expect(screen.getByTestId('usdt-success').textContent).toContain('¥144.00 已存入您的余额');
    expect(balanceCalls()).toBe(2);

    const polled = orderCalls();
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    await flushUntil(() => false, 10);
    expect(orderCalls()).toBe(polled);
  });

  it('cancels a pending order after confirmation', async () => {
    const { calls } = usdtServer(() => ok(topup()));
    renderRecharge('/recharge?order=7');
    fireEvent.click(await screen.findByTestId('usdt-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('usdt-payment').getAttribute('data-status')).toBe('canceled'),
    );
    expect(calls.some((c) => c.method === 'POST' && path(c) === '/recharge/usdt/7/cancel')).toBe(true);
    expect(screen.getByTestId('usdt-closed').textContent).toContain('订单已取消');
  });
});

describe('restricted accounts', () => {
  it.each([
    ['/recharge', <RechargePage key="r" />],
    ['/recharge/history', <RechargeHistoryPage key="h" />],
    ['/recharge/codes', <RechargeCodesPage key="c" />],
  ])('%s shows the notice and calls nothing under /recharge', async (at, element) => {
    const { calls } = installFakeFetch(() => ok(PROFILE_RESTRICTED));
    renderRoutes([{ path: at, element }], at);
    expect((await screen.findByTestId('restricted-notice')).textContent).toContain('请先验证邮箱');
    await flushUntil(() => false, 10);
    expect(calls.map(path)).toEqual(['/users/profile']);
  });

  it('verified accounts get the forms', async () => {
    installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users/profile') return ok(PROFILE_NORMAL);
      if (p === '/recharge/configs') return ok(CONFIGS);
      if (p === '/recharge/exchange-rates') return ok(RATES);
      return ok({ balance: '0.00' });
    });
    renderRoutes([{ path: '/recharge', element: <RechargePage /> }], '/recharge');
    expect(await screen.findByTestId('usdt-amount')).toBeTruthy();
    fireEvent.click(screen.getByTestId('recharge-tab-code'));
    expect(await screen.findByTestId('code-input')).toBeTruthy();
  });
});

describe('top-up history', () => {
  it('filters by method and status and reopens an open USDT order', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/recharge/stats')
        return ok({
          total_recharged: '194.00',
          usdt_total: '144.00',
          code_total: '50.00',
          topups: 2,
          pending_orders: 1,
          codes_generated: 0,
          codes_used: 0,
        });
      return ok(
        page([
          topup({ status: 'paid', tx_hash: '0xabcdef0123456789abcdef0123' }),
          topup({
            id: 8,
            order_no: 'C2',
            method: 'code',
            status: 'confirmed',
            network: null,
            usdt_amount: null,
            address: null,
            amount: '50.00',
          }),
        ]),
      );
    });
    const { router } = renderRoutes(
      [{ path: '/recharge/history', element: <TopupHistory /> }, marker('/recharge')],
      '/recharge/history',
    );
    const rows = await screen.findAllByTestId('history-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['paid', 'confirmed']);
    expect(rows[0]!.textContent).toContain('20.000137');
    expect(rows[0]!.textContent).toContain('已支付，待确认');
    expect(rows[1]!.textContent).toContain('¥50.00');
    expect(within(rows[1]!).queryByTestId('history-open')).toBeNull();
    expect((await screen.findByTestId('recharge-stats')).textContent).toContain('¥194.00');

    fireEvent.change(screen.getByTestId('history-method'), { target: { value: 'usdt' } });
    fireEvent.change(screen.getByTestId('history-status'), { target: { value: 'paid' } });
    await vi.waitFor(() => {
      const last = calls.filter((c) => path(c) === '/recharge/history').at(-1)!;
      const query = new URL(last.url, 'http://x').searchParams;
      expect([query.get('method'), query.get('status'), query.get('page')]).toEqual(['usdt', 'paid', '1']);
    });

    fireEvent.click((await screen.findAllByTestId('history-row'))[0]!);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/recharge'));
    expect(router.state.location.search).toBe('?order=7');
  });
});
