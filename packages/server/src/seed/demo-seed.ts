import { LOCALES } from '@portal/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/time.js';
import type { Database } from '../db/types.js';
import { insertMetaIfAbsent } from '../lib/meta-repository.js';
import { DEMO_ANNOUNCEMENTS, DEMO_NODES, DEMO_PACKAGES } from './demo-catalogue.js';
import { seedDemoHelp } from './demo-help.js';

import { CONTACT_KEY, DEALERS_KEY } from '../modules/site/site-content.js';
import { DEMO_CONTACT, DEMO_DEALERS } from './demo-site.js';

const SEEDED_KEY = 'demo_seeded';

function translations<T extends Record<string, Record<string, string>>>(fields: T): string {
  const out: Record<string, Record<string, string>> = {};
  for (const locale of LOCALES) {
    out[locale] = Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [field, text[locale] ?? '']),
    );
  }
  return JSON.stringify(out);
}

/**
 * Seeds the demo catalogue once per database. The marker row is written in the same transaction, so two instances
 * starting together seed it once, and a database that was seeded (then edited by operators) is never touched again.
 */
export async function seedDemoCatalogue(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await insertMetaIfAbsent(trx, SEEDED_KEY, nowIso()))) return false;
    await insertMetaIfAbsent(trx, CONTACT_KEY, JSON.stringify(DEMO_CONTACT));
    await insertMetaIfAbsent(trx, DEALERS_KEY, JSON.stringify(DEMO_DEALERS));
    const now = nowIso();
    await trx
      .insertInto('packages')
      .values(
        DEMO_PACKAGES.map((p, i) => ({
          name: p.name.zh_CN,
          description: p.description.zh_CN,
          type: p.type,
          traffic_bytes: p.traffic_bytes,
          validity_days: p.validity_days,
          price_fen: p.price_fen,
          device_limit: p.device_limit,
          speed_limit_mbps: null,
          is_popular: p.is_popular ? 1 : 0,
          on_sale: 1,
          sort_order: i,
          translations: translations({ name: p.name, description: p.description }),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await trx
      .insertInto('nodes')
      .values(
        DEMO_NODES.map((n, i) => ({
          name: n.name,
          translations: JSON.stringify({ ...n.names, en: { name: n.name, city: n.city } }),
          region: n.region,
          country: n.country,
          city: n.city,
          host: n.host,
          port: n.port,
          protocol: n.protocol,
          settings: JSON.stringify(n.status === 'online' ? { ...n.settings, demo: 'online' } : n.settings),
          rate_percent: n.rate_percent,
          inbound_rule_id: i + 1,
          rule_name: `${n.protocol}-${n.port}`,
          status: n.status,
          load_percent: n.load_percent,
          cpu_percent: n.load_percent,
          online_users: n.status === 'online' ? 3 + ((i * 7) % 11) : 0,
          mem_percent: n.load_percent === null ? null : Math.min(95, n.load_percent + 20),
          latency_ms: n.latency_ms,
          last_heartbeat_at: n.status === 'online' ? now : null,
          sort_order: i,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await trx
      .insertInto('announcements')
      .values(
        DEMO_ANNOUNCEMENTS.map((a) => ({
          title: a.title.zh_CN,
          content: a.content.zh_CN,
          category: a.category,
          priority: a.priority,
          is_popup: a.is_popup ? 1 : 0,
          is_email_notify: 0,
          translations: translations({ title: a.title, content: a.content }),
          publish_at: now,
          expire_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await seedDemoHelp(trx, now);
    return true;
  });
}
