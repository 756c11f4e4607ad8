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
  name: string;
  translations: string | null;
  sort_order: Generated<number>;
}

export interface HelpDocumentsTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  locale: string;
  title: string;
  summary: Generated<string>;
  content: string;
  platform: string | null;
  views: Generated<number>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  is_published: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface Database {
  app_meta: AppMetaTable;
  packages: PackagesTable;
  nodes: NodesTable;
  announcements: AnnouncementsTable;
  help_categories: HelpCategoriesTable;
  help_documents: HelpDocumentsTable;
}

export type PackageRow = Selectable<PackagesTable>;
export type NewPackage = Insertable<PackagesTable>;
export type NewNode = Insertable<NodesTable>;
export type NewAnnouncement = Insertable<AnnouncementsTable>;
export type NewHelpDocument = Insertable<HelpDocumentsTable>;
