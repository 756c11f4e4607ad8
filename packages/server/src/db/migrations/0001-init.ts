import { sql, type Kysely } from 'kysely';
import { withId, withTimestamps } from '../schema-helpers.js';

/**
 * Base schema: settings and the catalogue every later feature builds on (packages, nodes, announcements, help).
 * Booleans are integers 0/1 and timestamps ISO text on both dialects; money is integer fen (bigint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('packages'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('monthly', 'quarterly', 'yearly')`))
      .addColumn('traffic_bytes', 'bigint')
      .addColumn('validity_days', 'integer', (c) => c.notNull().check(sql`validity_days > 0`))
      .addColumn('price_fen', 'bigint', (c) => c.notNull().check(sql`price_fen >= 0`))
      .addColumn('device_limit', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('speed_limit_mbps', 'integer')
      .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('translations', 'text'),
  ).execute();
  await db.schema
    .createIndex('packages_on_sale_sort')
    .on('packages')
    .columns(['on_sale', 'sort_order'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('nodes'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull().check(sql`port > 0 and port < 65536`))
      .addColumn('protocol', 'text', (c) =>
        c.notNull().check(sql`protocol in ('vmess', 'vless', 'trojan', 'shadowsocks')`),
      )
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('rate_percent', 'integer', (c) => c.notNull().defaultTo(100))
      .addColumn('inbound_rule_id', 'integer')
      .addColumn('rule_name', 'text')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('offline')
          .check(sql`status in ('online', 'offline', 'maintenance')`),
      )
      .addColumn('load_percent', 'integer')
      .addColumn('cpu_percent', 'integer')
      .addColumn('mem_percent', 'integer')
      .addColumn('latency_ms', 'integer')
      .addColumn('last_heartbeat_at', 'text')
      .addColumn('is_visible', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('nodes_status').on('nodes').column('status').execute();
  await db.schema.createIndex('nodes_region').on('nodes').column('region').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('announcements'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('category', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('priority', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`priority between 1 and 4`),
      )
      .addColumn('is_popup', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_email_notify', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('translations', 'text')
      .addColumn('publish_at', 'text')
      .addColumn('expire_at', 'text'),
  ).execute();
  await db.schema.createIndex('announcements_publish_at').on('announcements').column('publish_at').execute();

  await withId(db, db.schema.createTable('help_categories'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('translations', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('help_documents'))
      .addColumn('category_id', 'integer', (c) =>
        c.notNull().references('help_categories.id').onDelete('restrict'),
      )
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('platform', 'text')
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('help_documents_slug_locale', ['slug', 'locale']),
  ).execute();
  await db.schema.createIndex('help_documents_category').on('help_documents').column('category_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'help_documents',
    'help_categories',
    'announcements',
    'nodes',
    'packages',
    'app_meta',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
