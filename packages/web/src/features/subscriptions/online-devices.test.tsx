import { fireEvent, screen, within } from '@testing-library/react';
import type { OnlineDevices as Devices } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { Reply } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { OnlineDevices } from './online-devices';
import { SubscriptionDetails } from './subscription-details';
import { sub } from './test-fixtures';
import { asPhone } from '../../test/as-phone';

function devices(overrides: Partial<Devices> = {}): Devices {
  return {
    subscription_id: 7,
    device_limit: 3,
    online: 2,
    min_traffic_kb: 0,
    items: [
      { address: '203.0.113.9', nodes: ['香港 01', '新加坡 01'], last_seen: '2026-11-20T08:30:00Z' },
      { address: '2001:db8::1', nodes: ['香港 01'], last_seen: '2026-11-20T08:29:00Z' },
    ],
    ...overrides,
  };
}

function server(answer: () => Reply) {
  return installFakeFetch((call) => {
    const p = new URL(call.url, 'http://x').pathname.replace('/api/v1/portal', '');
    return /^\/subscriptions\/\d+\/devices$/.test(p) ? answer() : fail(404, 40003);
  });
}

const renderDevices = (id = 7) =>
  renderRoutes([{ path: '/', element: <OnlineDevices subscriptionId={id} /> }], '/');

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('online devices of a subscription', () => {
  it('shows "online / limit" and each address with its nodes and when it was last seen', async () => {
    const { calls } = server(() => ok(devices()));
    renderDevices();
    const rows = await screen.findAllByTestId('online-device');
    expect(screen.getByTestId('online-devices-count').textContent).toBe('在线设备 2 / 3');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('203.0.113.9'),
      expect.stringContaining('2001:db8::1'),
    ]);
    expect(rows[0]!.textContent).toContain('香港 01, 新加坡 01');
    expect(screen.getByRole('table', { name: '在线设备 2 / 3' })).toBeTruthy();
    expect(screen.queryByTestId('online-devices-full')).toBeNull();
    expect(screen.queryByTestId('online-devices-minimum')).toBeNull();
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      '/api/v1/portal/subscriptions/7/devices',
    ]);
  });

  it('says when the limit is reached and what traffic makes a device count', async () => {
    server(() => ok(devices({ device_limit: 2, min_traffic_kb: 64 })));
    renderDevices();
    expect(await screen.findByTestId('online-devices-full')).toBeTruthy();
    expect(screen.getByTestId('online-devices-count').textContent).toBe('在线设备 2 / 2');
    expect(screen.getByTestId('online-devices-minimum').textContent).toContain('64 KiB');
  });

  it('has an empty state, and says "no limit" when the package sets none (English)', async () => {
    await i18n.changeLanguage('en');
    server(() => ok(devices({ device_limit: 0, online: 0, items: [] })));
    renderDevices();
    expect(await screen.findByTestId('online-devices-empty')).toBeTruthy();
    expect(screen.getByTestId('online-devices-count').textContent).toBe('Online devices 0 (no limit)');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a card per device on a phone', async () => {
    asPhone();
    server(() => ok(devices()));
    renderDevices();
    const cards = await screen.findAllByTestId('online-device');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards.map((c) => c.getAttribute('role'))).toEqual(['listitem', 'listitem']);
    expect(cards[0]!.textContent).toContain('节点香港 01, 新加坡 01');
  });

  it('reports a failure with a retry that asks again', async () => {
    // A business error is not retried by itself: the customer's retry asks again.
    let n = 0;
    server(() => (++n === 1 ? fail(404, 40301) : ok(devices())));
    renderDevices();
    expect((await screen.findByTestId('online-devices-error')).textContent).toContain('在线设备加载失败');
    fireEvent.click(screen.getByTestId('online-devices-retry'));
    expect(await screen.findAllByTestId('online-device')).toHaveLength(2);
  });

  it('is part of the details of a subscription the nodes serve, not of an upgraded one', async () => {
    server(() => ok(devices({ subscription_id: 11 })));
    const details = (status: 'active' | 'upgraded') =>
      renderRoutes(
        [{ path: '/', element: <SubscriptionDetails subscription={sub({ status })} onClose={() => {}} /> }],
        '/',
      );
    const active = details('active');
    const drawer = await screen.findByTestId('sub-details');
    await within(drawer).findAllByTestId('online-device');
    expect(within(drawer).getByTestId('online-devices-count').textContent).toBe('在线设备 2 / 3');
    active.view.unmount();
    details('upgraded');
    await screen.findByTestId('sub-details');
    expect(screen.queryByTestId('online-devices')).toBeNull();
  });
});
