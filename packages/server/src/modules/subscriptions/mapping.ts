import {
  fenToString,
  type Locale,
  type Package,
  type Subscription,
  type SubscriptionOrder,
} from '@portal/contract';
import type { PackageRow, SubscriptionOrderRow, SubscriptionRow } from '../../db/types.js';

/** A package's name and description in the caller's language (falling back to the stored text). */
export function packageText(
  row: Pick<PackageRow, 'name' | 'description' | 'translations'>,
  locale: Locale,
): { name: string; description: string } {
  try {
    const t = row.translations
      ? (JSON.parse(row.translations) as Record<string, { name?: string; description?: string }>)[locale]
      : undefined;
    return { name: t?.name || row.name, description: t?.description || row.description };
  } catch {
    return { name: row.name, description: row.description };
  }
}

export function toPackage(row: PackageRow, locale: Locale, upgradeTargets: number[] = []): Package {
  return {
    id: row.id,
    ...packageText(row, locale),
    type: row.type,
    traffic_bytes: row.traffic_bytes === null ? null : String(row.traffic_bytes),
    validity_days: row.validity_days,
    price: fenToString(row.price_fen),
    device_limit: row.device_limit,
    speed_limit_mbps: row.speed_limit_mbps,
    popular: row.is_popular === 1,
    on_sale: row.on_sale === 1,
    upgrade_targets: upgradeTargets,
  };
}

export function toSubscription(
  row: SubscriptionRow,
  extra: { packageName: string; orderNo: string; orderAmountFen: number },
  now = Date.now(),
): Subscription {
  const remainingMs = Date.parse(row.end_at) - now;
  return {
    id: row.id,
    package_id: row.package_id,
    package_name: extra.packageName,
    order_no: extra.orderNo,
    order_amount: fenToString(extra.orderAmountFen),
    status: row.status,
    uuid: row.uuid,
    start_at: row.start_at,
    end_at: row.end_at,
    days_remaining:
      row.status === 'active' || row.status === 'suspended'
        ? Math.max(0, Math.ceil(remainingMs / 86_400_000))
        : 0,
    traffic_used: String(row.traffic_used),
    traffic_limit: row.traffic_limit === null ? null : String(row.traffic_limit),
    usage_rate:
      row.traffic_limit === null || row.traffic_limit === 0
        ? null
        : Math.min(100, Math.round((row.traffic_used / row.traffic_limit) * 10_000) / 100),
    device_limit: row.device_limit,
    auto_renew: row.auto_renew === 1,
    upgraded_to: row.upgraded_to,
    created_at: row.created_at,
  };
}

export function toOrder(row: SubscriptionOrderRow, packageName: string): SubscriptionOrder {
  return {
    id: row.id,
    order_no: row.order_no,
    kind: row.kind,
    package_id: row.package_id,
    package_name: packageName,
    subscription_id: row.subscription_id,
    amount: fenToString(row.amount_fen),
    status: 'paid',
    created_at: row.created_at,
  };
}
