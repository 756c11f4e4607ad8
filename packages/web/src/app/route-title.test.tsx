import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../lib/router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { consoleTrail } from './console-pages';
import { announceTicketNumber, routeTitle, useRouteTitle } from './route-title';

describe('breadcrumb trail of console paths', () => {
  it('nested pages start at their parent; items name themselves; top-level pages stand alone', () => {
    expect(consoleTrail('/recharge/codes').map((c) => c.path)).toEqual(['/recharge', '/recharge/codes']);
    expect(consoleTrail('/subscription/history/').map((c) => c.path)).toEqual([
      '/subscription',
      '/subscription/history',
    ]);
    expect(consoleTrail('/support/12')).toEqual([
      { kind: 'page', key: 'support', path: '/support' },
      { kind: 'ticket', id: '12', path: '/support/12' },
    ]);
    expect(consoleTrail('/help/7').at(-1)).toEqual({ kind: 'document', id: '7', path: '/help/7' });
    expect(consoleTrail('/nodes')).toEqual([{ kind: 'page', key: 'nodes', path: '/nodes' }]);
    expect(consoleTrail('/nope')).toEqual([]);
  });
});

describe('tab title per route, localised', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh_CN');
  });

  it('console, public and landing pages in zh_CN, zh_TW and en', async () => {
    const t = i18n.t;
    expect(routeTitle('/subscription', true, t)).toBe('订阅管理 · Proxy Portal');
    // A ticket: by the number it shows once its page has it, never by the database id.
    expect(routeTitle('/support/12', true, t)).toBe('工单 · Proxy Portal');
    expect(routeTitle('/support/12', true, t, 'T20261124000012')).toBe('工单 T20261124000012 · Proxy Portal');
    expect(routeTitle('/login', false, t)).toBe('登录 · Proxy Portal');
    expect(routeTitle('/terms-of-service', false, t)).toBe('服务条款 · Proxy Portal');
    expect(routeTitle('/', false, t)).toBe('Proxy Portal · VMess、VLESS、Trojan 与 Shadowsocks 订阅');
    expect(routeTitle('/no-such-page', true, t)).toBe('页面不存在 · Proxy Portal');
    // A signed-out visitor sees the landing page on any console path.
    expect(routeTitle('/subscription', false, t)).toBe(routeTitle('/', false, t));

    await i18n.changeLanguage('zh_TW');
    expect(routeTitle('/forgot-password', false, i18n.t)).toBe('忘記密碼 · Proxy Portal');
    await i18n.changeLanguage('en');
    expect(routeTitle('/recharge/codes', true, i18n.t)).toBe('Top-up codes · Proxy Portal');
    expect(routeTitle('/privacy-policy/', false, i18n.t)).toBe('Privacy policy · Proxy Portal');
    expect(routeTitle('/verify-email', false, i18n.t)).toBe('Verify email · Proxy Portal');
    expect(routeTitle('/subscribe', false, i18n.t)).toBe('Subscription link · Proxy Portal');
    await i18n.changeLanguage('zh_CN');
  });
});

describe('the tab title of a ticket', () => {
  it('follows the number its page announces, and only for that page', async () => {
    await i18n.changeLanguage('en');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/support/12']}>{children}</MemoryRouter>
    );
    renderHook(() => useRouteTitle(true), { wrapper });
    expect(document.title).toBe('Ticket · Proxy Portal');
    act(() => announceTicketNumber('/support/12', 'T20261124000012'));
    expect(document.title).toBe('Ticket T20261124000012 · Proxy Portal');
    // Another ticket's number never names this one.
    act(() => announceTicketNumber('/support/13', 'T20261124000013'));
    expect(document.title).toBe('Ticket · Proxy Portal');
    act(() => announceTicketNumber('/support/12', undefined));
    await i18n.changeLanguage('zh_CN');
  });
});
