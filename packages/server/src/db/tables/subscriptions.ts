import type { subscriptionsApi, SubscriptionOrder, SubscriptionStatus } from '@portal/contract';
import type { TrafficReset } from '@portal/contract/admin';
import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables of packages and subscriptions (modules/subscriptions); traffic_daily is written by the nodes' traffic accounting. */
export interface PackagesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  type: (typeof subscriptionsApi.PACKAGE_TYPES)[number];
  /** null: unlimited */
  traffic_bytes: number | null;
  validity_days: number;
  price_fen: number;
  device_limit: Generated<number>;
  speed_limit_mbps: number | null;
  is_popular: Generated<number>;
  on_sale: Generated<number>;
  sort_order: Generated<number>;
  /** JSON: { "<locale>": { "name": …, "description": … } } */
  translations: string | null;
  traffic_reset: Generated<TrafficReset>;
  created_at: string;
  updated_at: string;
}
/** The packages a package may be upgraded to; none: any package on sale at the same price or more. */
export interface PackageUpgradeTargetsTable {
  package_id: number;
  target_id: number;
}
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  status: SubscriptionStatus;
  uuid: string;
  link_token: string;
  start_at: string;
  end_at: string;
  /** Upload + download after the nodes' rates; what the limit compares with */
  traffic_used: Generated<number>;
  upload_bytes: Generated<number>;
  traffic_limit: number | null;
  device_limit: number;
  speed_limit_mbps: number | null;
  auto_renew: Generated<number>;
  upgraded_to: number | null;
  /** Bumped by every change; an upgrade quote is only good for the version it was made for. */
  version: Generated<number>;
  /** When a monthly-reset subscription's traffic last started again (null: at its start). */
  traffic_reset_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface SubscriptionOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  subscription_id: number;
  package_id: number;
  kind: SubscriptionOrder['kind'];
  amount_fen: number;
  status: Generated<string>;
  idempotency_key: string;
  created_at: string;
}
export interface UpgradeQuotesTable {
  id: string;
  user_id: number;
  subscription_id: number;
  subscription_version: number;
  to_package_id: number;
  to_price_fen: number;
  credit_fen: number;
  amount_due_fen: number;
  new_end_at: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface AutoRenewLogsTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  period_end: string;
  result: 'success' | 'insufficient_balance' | 'package_unavailable';
  amount_fen: number;
  order_no: string | null;
  created_at: string;
}
export interface TrafficDailyTable {
  subscription_id: number;
  user_id: number;
  day: string;
  upload: Generated<number>;
  download: Generated<number>;
}

/** One row per account that received the trial (migration 0015); the key keeps it to one. */
export interface TrialGrantsTable {
  user_id: number;
  /** Null only inside the transaction that claims the row before writing the subscription. */
  subscription_id: number | null;
  package_id: number;
  days: number;
  created_at: string;
}

export interface SubscriptionTables {
  packages: PackagesTable;
  package_upgrade_targets: PackageUpgradeTargetsTable;
  subscriptions: SubscriptionsTable;
  subscription_orders: SubscriptionOrdersTable;
  upgrade_quotes: UpgradeQuotesTable;
  auto_renew_logs: AutoRenewLogsTable;
  traffic_daily: TrafficDailyTable;
  trial_grants: TrialGrantsTable;
}

export type PackageRow = Selectable<PackagesTable>;
export type NewPackage = Insertable<PackagesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionOrderRow = Selectable<SubscriptionOrdersTable>;
