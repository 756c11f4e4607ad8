import type { AnnouncementTables } from './tables/announcements.js';
import type { HelpTables } from './tables/help.js';
import type { TicketTables } from './tables/tickets.js';
import type { Generated, Insertable, Selectable } from 'kysely';

/** Table types per feature, gathered in one Database interface (STYLE.md #4). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface PackagesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  type: 'monthly' | 'quarterly' | 'yearly';
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
  created_at: string;
  updated_at: string;
}

export interface NodesTable {
  id: Generated<number>;
  name: string;
  region: string;
  country: string;
  city: string | null;
  host: string;
  port: number;
  protocol: 'vmess' | 'vless' | 'trojan' | 'shadowsocks';
  /** JSON: transport and TLS settings, cipher for Shadowsocks */
  settings: Generated<string>;
  rate_percent: Generated<number>;
  inbound_rule_id: number | null;
  rule_name: string | null;
  status: Generated<'online' | 'offline' | 'maintenance'>;
  load_percent: number | null;
  cpu_percent: number | null;
  mem_percent: number | null;
  latency_ms: number | null;
  last_heartbeat_at: string | null;
  /** SHA-256 of the agent's API token; null until an operator issues one */
  token_hash: string | null;
  disk_percent: number | null;
  online_users: Generated<number>;
  is_visible: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  category: Generated<number>;
  priority: Generated<number>;
  is_popup: Generated<number>;
  is_email_notify: Generated<number>;
  /** JSON: { "<locale>": { "title": …, "content": … } } */
  translations: string | null;
  publish_at: string | null;
  expire_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface HelpCategoriesTable {
  id: Generated<number>;
  slug: string;
  /** zh_CN name; translations holds every language: { "<locale>": { "name": … } } */
  name: string;
  translations: string | null;
  sort_order: Generated<number>;
}

export interface HelpDocumentsTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  /** One row per language; (slug, locale) is unique. */
  locale: 'zh_CN' | 'zh_TW' | 'en';
  title: string;
  summary: Generated<string>;
  /** Markdown, stored and served as written (never rendered to HTML by the server). */
  content: string;
  /** null: every platform */
  platform: 'windows' | 'macos' | 'ios' | 'android' | 'linux' | null;
  views: Generated<number>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  is_published: Generated<number>;
  sort_order: Generated<number>;
  /**
   * The title and the rest (summary + content) cut into search tokens by modules/help/tokenizer.ts; required on
   * every write so no document escapes the full-text index (FTS5 on SQLite, tsvector on PostgreSQL).
   */
  search_title: string;
  search_body: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** null for accounts created by third-party sign-in */
  password_hash: string | null;
  nickname: string | null;
  avatar_url: string | null;
  email_verified_at: string | null;
  status: Generated<'active' | 'disabled'>;
  role: Generated<'user' | 'admin'>;
  balance_fen: Generated<number>;
  locale: Generated<string>;
  invite_code: string | null;
  failed_logins: Generated<number>;
  locked_until: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  remember_me: number;
  user_agent: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  location: string | null;
  created_at: string;
  last_active_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  rotated_at: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify_email' | 'reset_password';
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  email: string | null;
  name: string | null;
  created_at: string;
}

export interface OAuthStatesTable {
  state: string;
  provider: string;
  mode: 'login' | 'bind';
  user_id: number | null;
  code_verifier: string;
  created_at: string;
  expires_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  status: Generated<'pending' | 'sent' | 'failed' | 'logged'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind:
    | 'usdt_topup'
    | 'code_redeem'
    | 'code_generate'
    | 'purchase'
    | 'renew'
    | 'upgrade'
    | 'refund'
    | 'admin_adjust';
  delta_fen: number;
  balance_after_fen: number;
  reference: string;
  memo: string | null;
  created_at: string;
}

export interface RechargeCodesTable {
  id: Generated<number>;
  code: string;
  amount_fen: number;
  status: Generated<'unused' | 'used' | 'locked' | 'disabled'>;
  batch_id: string;
  generated_by: number;
  used_by: number | null;
  used_at: string | null;
  created_at: string;
}

export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  method: 'usdt' | 'code';
  amount_fen: number;
  status: 'pending' | 'paid' | 'confirmed' | 'canceled' | 'timeout' | 'failed' | 'refunded';
  network: string | null;
  usdt_micro: number | null;
  address: string | null;
  memo: string | null;
  rate: string | null;
  transfer_id: number | null;
  tx_hash: string | null;
  confirmations: Generated<number>;
  code_id: number | null;
  expires_at: string | null;
  paid_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChainTransfersTable {
  id: Generated<number>;
  network: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  to_address: string;
  usdt_micro: number;
  block_number: number;
  block_hash: string | null;
  block_time: string | null;
  order_id: number | null;
  status: 'matched' | 'credited' | 'unmatched' | 'late' | 'reorged';
  created_at: string;
  updated_at: string;
}

export interface ChainCursorsTable {
  network: string;
  position: string;
  updated_at: string;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  status: 'active' | 'expired' | 'suspended' | 'upgraded';
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
  created_at: string;
  updated_at: string;
}

export interface SubscriptionOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  subscription_id: number;
  package_id: number;
  kind: 'purchase' | 'renew' | 'upgrade';
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

export interface NodeOnlineIpsTable {
  node_id: number;
  subscription_id: number;
  ip: string;
  reported_at: string;
}

export interface Database extends TicketTables, AnnouncementTables, HelpTables {
  app_meta: AppMetaTable;
  packages: PackagesTable;
  nodes: NodesTable;
  announcements: AnnouncementsTable;
  help_categories: HelpCategoriesTable;
  help_documents: HelpDocumentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  oauth_accounts: OAuthAccountsTable;
  oauth_states: OAuthStatesTable;
  mail_outbox: MailOutboxTable;
  ledger_entries: LedgerEntriesTable;
  recharge_codes: RechargeCodesTable;
  recharge_orders: RechargeOrdersTable;
  chain_transfers: ChainTransfersTable;
  chain_cursors: ChainCursorsTable;
  job_leases: JobLeasesTable;
  subscriptions: SubscriptionsTable;
  subscription_orders: SubscriptionOrdersTable;
  upgrade_quotes: UpgradeQuotesTable;
  auto_renew_logs: AutoRenewLogsTable;
  traffic_daily: TrafficDailyTable;
  node_online_ips: NodeOnlineIpsTable;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionOrderRow = Selectable<SubscriptionOrdersTable>;

export type UserRow = Selectable<UsersTable>;
export type RechargeOrderRow = Selectable<RechargeOrdersTable>;
export type RechargeCodeRow = Selectable<RechargeCodesTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type ChainTransferRow = Selectable<ChainTransfersTable>;
export type SessionRow = Selectable<SessionsTable>;

export type PackageRow = Selectable<PackagesTable>;
export type NewPackage = Insertable<PackagesTable>;
export type NewNode = Insertable<NodesTable>;
export type NewAnnouncement = Insertable<AnnouncementsTable>;
export type NewHelpDocument = Insertable<HelpDocumentsTable>;
export type NodeRow = Selectable<NodesTable>;
