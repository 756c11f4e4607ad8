import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { CodesManager } from './codes-manager';
import { CodesTable } from './codes-table';
import { ledgerMemo } from './format';
import { LedgerTable } from './ledger-table';
import { ledgerEntry, page, rechargeCode, VALID_CODE } from './test-fixtures';
import { TopupHistory } from './topup-history';
import { WalletOverview } from './wallet-overview';
import { asPhone } from '../../test/as-phone';

const path = (call: FakeCall) => new URL(call.url, 'http://x').pathname.replace('/api/v1/portal', '');
const params = (call: FakeCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ledger memo', () => {
  it('writes a batch of codes as quantity × money, other memos as they are', () => {
    const money = (amount: string) => `¥${amount}`;
    expect(ledgerMemo('2 x 50.00', money)).toBe('2 × ¥50.00');
    expect(ledgerMemo('3 × 1000.00', money)).toBe('3 × ¥1000.00');
    expect(ledgerMemo('refund for order 12', money)).toBe('refund for order 12');
  });
});

describe('finance', () => {
  it('shows the balance, the chart and the ledger; filters send the right query', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users/balance') return ok({ balance: '1234.5' });
      if (p === '/wallet/balance-history')
        return ok([
          { date: '2026-11-04', balance: '1200.00' },
          { date: '2026-11-05', balance: '1234.50' },
        ]);
      return ok(
        page([
          ledgerEntry(),
          ledgerEntry({ id: 2, kind: 'purchase', delta: '-3.00', balance_after: '7.00', reference: 'P1' }),
        ]),
      );
    });
    renderRoutes([{ path: '/finance', element: <WalletOverview /> }], '/finance');
    expect((await screen.findByTestId('finance-balance')).textContent).toBe('¥1,234.50');
    expect(screen.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/recharge');
    expect(screen.getByRole('link', { name: '充值码管理' }).getAttribute('href')).toBe('/recharge/codes');
    expect(await screen.findByTestId('balance-chart')).toBeTruthy();
    expect(calls.find((c) => path(c) === '/wallet/balance-history')?.url).toContain('days=30');
    // The card's foot: how the balance moved over the chart's days (last day against the first).
    expect(screen.getByTestId('finance-balance-change').textContent).toBe('近 30 天变化+¥34.50');

    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['code_redeem', 'purchase']);
    expect(rows[0]!.textContent).toContain('充值码兑换');
    expect(rows[0]!.textContent).toContain('+¥10.00');
    expect(rows[1]!.textContent).toContain('购买套餐');
    expect(rows[1]!.textContent).toContain('−¥3.00');

    const ledgerCalls = () => calls.filter((c) => path(c) === '/wallet/ledger');
    expect(params(ledgerCalls()[0]!)).toEqual({ page: '1', size: '20' });

    fireEvent.change(screen.getByTestId('ledger-kind'), { target: { value: 'purchase' } });
    await vi.waitFor(() =>
      expect(params(ledgerCalls().at(-1)!)).toEqual({ page: '1', size: '20', kind: 'purchase' }),
    );
    fireEvent.click(within(screen.getByTestId('ledger-direction')).getByText('支出'));
    await vi.waitFor(() =>
      expect(params(ledgerCalls().at(-1)!)).toEqual({
        page: '1',
        size: '20',
        kind: 'purchase',
        direction: 'out',
      }),
    );
  });

  it('turns pages', async () => {
    const { calls } = installFakeFetch((call) => {
      if (path(call) === '/wallet/ledger') {
        const pageNo = Number(params(call).page);
        return ok({ items: [ledgerEntry({ id: pageNo })], total: 41, page: pageNo, size: 20, pages: 3 });
      }
      if (path(call) === '/wallet/balance-history') return ok([]);
      return ok({ balance: '0.00' });
    });
    renderRoutes([{ path: '/finance', element: <WalletOverview /> }], '/finance');
    expect(await screen.findByText('第 1 / 3 页，共 41 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(await screen.findByText('第 2 / 3 页，共 41 条')).toBeTruthy();
    expect(params(calls.filter((c) => path(c) === '/wallet/ledger').at(-1)!).page).toBe('2');
  });
});

describe('recharge codes', () => {
  function codesServer(balance: string) {
    return installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users/balance') return ok({ balance });
      if (p === '/recharge/codes/generate')
        return ok({
          batch_id: 'b9',
          total: '30.00',
          balance: '70.00',
          codes: [1, 2, 3].map((id) => rechargeCode({ id, code: `${VALID_CODE.slice(0, -1)}${id + 1}` })),
        });
      return ok(page([rechargeCode(), rechargeCode({ id: 2, status: 'used', used_by: 'b***@example.com' })]));
    });
  }

  it('on a phone shows a card per code with every fact labelled, not a table cut at the edge', async () => {
    asPhone();
    codesServer('100.00');
    renderRoutes([{ path: '/recharge/codes', element: <CodesManager /> }], '/recharge/codes');
    const cards = await screen.findAllByTestId('code-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((c) => [c.getAttribute('role'), c.getAttribute('data-status')])).toEqual([
      ['listitem', 'unused'],
      ['listitem', 'used'],
    ]);
    expect(cards[0]!.textContent).toContain('面值¥10.00');
    expect(cards[1]!.textContent).toContain('使用者b***@example.com');
    expect(within(cards[0]!).getByTestId('code-copy')).toBeTruthy();
  });

  it('confirms with quantity x amount = total and the balance after, then shows the batch', async () => {
    const { calls } = codesServer('100.00');
    renderRoutes([{ path: '/recharge/codes', element: <CodesManager /> }], '/recharge/codes');
    const rows = await screen.findAllByTestId('code-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['unused', 'used']);
    expect(rows[1]!.textContent).toContain('b***@example.com');

    type('codes-quantity', '3');
    type('codes-amount', '10');
    expect(screen.getByTestId('codes-total-preview').textContent).toContain('¥30.00');
    fireEvent.click(screen.getByTestId('codes-generate'));
    const dialog = await screen.findByRole('dialog', { name: '确认生成充值码' });
    expect(dialog.textContent).toContain('3 × ¥10.00 = ¥30.00');
    expect(dialog.textContent).toContain('扣除后余额为 ¥70.00');
    expect(calls.some((c) => path(c) === '/recharge/codes/generate')).toBe(false);

    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    const batch = await screen.findByTestId('codes-batch');
    expect(calls.find((c) => path(c) === '/recharge/codes/generate')?.body).toEqual({
      quantity: 3,
      amount: '10.00',
    });
    expect(within(batch).getAllByTestId('codes-batch-item')).toHaveLength(3);
    expect(within(batch).getByTestId('codes-batch-summary').textContent).toContain('当前余额 ¥70.00');
    expect(within(batch).getByTestId('codes-copy-all')).toBeTruthy();
    // the list and the balance are asked again after the money moved
    await vi.waitFor(() => expect(calls.filter((c) => path(c) === '/recharge/codes')).toHaveLength(2));
    expect(calls.filter((c) => path(c) === '/users/balance')).toHaveLength(2);
  });

  it('refuses a batch larger than the balance without calling the server', async () => {
    const { calls } = codesServer('5.00');
    renderRoutes([{ path: '/recharge/codes', element: <CodesManager /> }], '/recharge/codes');
    await screen.findAllByTestId('code-row');
    type('codes-quantity', '1');
    type('codes-amount', '10');
    fireEvent.click(screen.getByTestId('codes-generate'));
    expect((await screen.findByTestId('codes-error')).textContent).toContain('余额不足，请先充值');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => path(c) === '/recharge/codes/generate')).toBe(false);
  });

  it('shows the quantity rule and the server 40203 message', async () => {
    installFakeFetch((call) => {
      const p = path(call);
      if (p === '/users/balance') return ok({ balance: '100.00' });
      if (p === '/recharge/codes/generate') return fail(402, 40203);
      return ok(page([]));
    });
    renderRoutes([{ path: '/recharge/codes', element: <CodesManager /> }], '/recharge/codes');
    await screen.findByText('暂无充值码');
    type('codes-quantity', '101');
    type('codes-amount', '1');
    fireEvent.click(screen.getByTestId('codes-generate'));
    expect(await screen.findByText('每批数量须为 1 到 100')).toBeTruthy();
    type('codes-quantity', '2');
    fireEvent.click(screen.getByTestId('codes-generate'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('codes-error')).textContent).toContain('余额不足，请先充值');
  });

  it('exports the filtered list as CSV with the bearer token', async () => {
    const { calls } = installFakeFetch((call) =>
      path(call) === '/recharge/codes/export'
        ? { raw: 'code,amount\nRC-X,10.00\n', contentType: 'text/csv; charset=utf-8' }
        : ok(page([rechargeCode()])),
    );
    const createObjectURL = vi.fn(() => 'blob:codes');
    // jsdom has no object URLs; this test file runs in its own environment
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderRoutes([{ path: '/recharge/codes', element: <CodesTable /> }], '/recharge/codes');
    await screen.findAllByTestId('code-row');
    fireEvent.change(screen.getByTestId('codes-status'), { target: { value: 'unused' } });
    fireEvent.click(screen.getByTestId('codes-export'));
    await vi.waitFor(() => expect(saved).toHaveLength(1));

    const exportCall = calls.find((c) => path(c) === '/recharge/codes/export')!;
    expect(exportCall.headers.Authorization).toBe('Bearer acc');
    expect(params(exportCall)).toEqual({ status: 'unused' });
    expect(saved[0]!.name).toMatch(/^recharge-codes-\d{8}\.csv$/);
    expect(saved[0]!.href).toBe('blob:codes');
    const blob = (createObjectURL.mock.calls[0] as unknown[])[0] as Blob;
    expect(await blob.text()).toContain('RC-X,10.00');
  });

  it('says so when the export fails', async () => {
    installFakeFetch((call) =>
      path(call) === '/recharge/codes/export' ? fail(500, 50000) : ok(page([rechargeCode()])),
    );
    renderRoutes([{ path: '/recharge/codes', element: <CodesTable /> }], '/recharge/codes');
    await screen.findAllByTestId('code-row');
    fireEvent.click(screen.getByTestId('codes-export'));
    expect(await screen.findByText('导出失败，请稍后重试')).toBeTruthy();
  });
});

describe('failed lists', () => {
  it('each wallet list names what it could not load', async () => {
    installFakeFetch(() => fail(404, 40003)); // a 4xx: no retries
    for (const [at, element, testId, text] of [
      ['/finance', <LedgerTable />, 'ledger-error', '收支明细加载失败，请稍后重试'],
      ['/recharge/history', <TopupHistory />, 'history-error', '充值记录加载失败，请稍后重试'],
      ['/recharge/codes', <CodesTable />, 'codes-list-error', '充值码加载失败，请稍后重试'],
    ] as const) {
      const { view } = renderRoutes([{ path: at, element }], at);
      expect((await screen.findByTestId(testId)).textContent, at).toContain(text);
      view.unmount();
    }
  });

  it('offers no CSV export of a codes list that failed to load', async () => {
    installFakeFetch(() => fail(404, 40003)); // a 4xx: no retries
    renderRoutes([{ path: '/recharge/codes', element: <CodesTable /> }], '/recharge/codes');
    await screen.findByTestId('codes-list-error');
    expect(screen.getByTestId('codes-export').hasAttribute('disabled')).toBe(true);
  });
});
