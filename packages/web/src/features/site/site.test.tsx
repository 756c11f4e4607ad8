import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactInfo, DealersInfo } from '@portal/contract';
import ContactPage from '../../pages/console/contact-page';
import DealerPage from '../../pages/console/dealer-page';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import { marker, renderRoutes } from '../../test/render';

const CONTACT: ContactInfo = {
  email_reply_hours: 24,
  hours: '工单与邮件全天受理',
  channels: [
    {
      type: 'email',
      value: 'support@example.com',
      url: 'mailto:support@example.com',
      label: '邮件支持',
      note: '写明注册邮箱',
    },
    { type: 'telegram', value: '@example', url: 'javascript:alert(1)', label: 'Telegram 客服', note: '' },
  ],
};

const DEALERS: DealersInfo = {
  intro: '授权经销商出售充值码',
  how_to_buy: ['联系经销商', '付款', '收到 RC- 充值码', '兑换'],
  dealers: [
    {
      name: 'Example Digital',
      region: '香港',
      channels: [{ type: 'website', value: 'shop.example.com', url: 'https://shop.example.com' }],
      payment_methods: ['USDT', 'FPS'],
      note: '10 分钟内发码',
    },
  ],
};

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => vi.unstubAllGlobals());

describe('contact page', () => {
  it('shows the reply promise, each channel, and only safe links', async () => {
    installFakeFetch(() => ok(CONTACT));
    renderRoutes([{ path: '/contact', element: <ContactPage /> }, marker('/support')], '/contact');
    expect((await screen.findByTestId('contact-lead')).textContent).toContain('24 小时内回复');
    const cards = screen.getAllByTestId('contact-channel');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    // A script URL from the server is shown as text, never as a link.
    expect(within(cards[1]!).queryByRole('link')).toBeNull();
    expect(within(cards[1]!).getByText('@example')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contact-ticket'));
    expect((await screen.findByTestId('at')).textContent).toBe('/support');
  });

  it('says what failed and retries', async () => {
    let down = true;
    installFakeFetch(() => (down ? fail(500, 50000, '服务器开小差了') : ok(CONTACT)));
    renderRoutes([{ path: '/contact', element: <ContactPage /> }], '/contact');
    const error = await screen.findByTestId('site-error', {}, { timeout: 4000 });
    expect(error.textContent).toContain('页面内容加载失败');
    down = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('contact-lead')).toBeTruthy();
  });
});

describe('dealer page', () => {
  it('lists the steps to buy a code, the dealers, and links to redeem', async () => {
    installFakeFetch(() => ok(DEALERS));
    renderRoutes([{ path: '/dealer', element: <DealerPage /> }], '/dealer');
    const steps = await screen.findByTestId('dealer-steps');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    const card = screen.getByTestId('dealer-card');
    expect(card.textContent).toContain('Example Digital');
    expect(card.textContent).toContain('USDT');
    expect(screen.getByRole('link', { name: /兑换充值码/ }).getAttribute('href')).toBe('/recharge?tab=code');
  });

  it('points to USDT when no dealer is listed', async () => {
    installFakeFetch(() => ok({ ...DEALERS, dealers: [] }));
    renderRoutes([{ path: '/dealer', element: <DealerPage /> }], '/dealer');
    expect((await screen.findByTestId('dealers-empty')).textContent).toContain('USDT');
  });
});
