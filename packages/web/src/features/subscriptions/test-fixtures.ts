/** Shapes the subscription tests answer with (kept beside the tests, not exported from the feature). */
import type { Package, Subscription, UpgradeQuote } from '@portal/contract';

const GB = 1024 ** 3;

export function pkg(overrides: Partial<Package> = {}): Package {
  return {
    id: 1,
    name: '基础版',
    description: '每月 20 GB 流量',
    type: 'monthly',
    traffic_bytes: String(20 * GB),
    validity_days: 30,
    price: '15.00',
    device_limit: 2,
    speed_limit_mbps: null,
    popular: false,
    on_sale: true,
    upgrade_targets: [],
    ...overrides,
  };
}

export const PACKAGES: Package[] = [
  pkg(),
  pkg({
    id: 2,
    name: '专业版',
    traffic_bytes: String(200 * GB),
    price: '35.00',
    device_limit: 5,
    popular: true,
  }),
  pkg({
    id: 5,
    name: '基础版',
    type: 'yearly',
    traffic_bytes: String(240 * GB),
    validity_days: 365,
    price: '144.00',
  }),
  // No monthly package with 10 devices and unlimited traffic: no honest saving for this one.
  pkg({
    id: 7,
    name: '企业版',
    type: 'yearly',
    traffic_bytes: null,
    validity_days: 365,
    price: '900.00',
    device_limit: 10,
  }),
];

export function sub(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 11,
    package_id: 1,
    package_name: '基础版',
    order_no: 'S202611050001',
    order_amount: '15.00',
    status: 'active',
    uuid: '6f1c2d3e-0000-4000-8000-123456789abc',
    start_at: '2026-11-01T00:00:00Z',
    end_at: '2026-12-01T00:00:00Z',
    days_remaining: 20,
    traffic_used: String(5 * GB),
    traffic_limit: String(20 * GB),
    usage_rate: 25,
    device_limit: 2,
    auto_renew: false,
    upgraded_to: null,
    created_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export function quote(overrides: Partial<UpgradeQuote> = {}): UpgradeQuote {
  return {
    quote_id: 'q1',
    subscription_id: 11,
    from_package_id: 1,
    to_package_id: 2,
    remaining_time_value: '10.00',
    remaining_traffic_value: '11.25',
    credit: '10.00',
    new_price: '35.00',
    amount_due: '25.00',
    new_end_at: '2026-12-05T00:00:00Z',
    expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function order(kind: 'purchase' | 'renew' | 'upgrade' = 'purchase') {
  return {
    id: 1,
    order_no: 'S202611050001',
    kind,
    package_id: 1,
    package_name: '基础版',
    subscription_id: 11,
    amount: '15.00',
    status: 'paid' as const,
    created_at: '2026-11-05T08:00:00Z',
  };
}
