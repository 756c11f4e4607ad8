import { sql, type Kysely } from 'kysely';
import { rebuildTextColumn } from '../schema-helpers.js';

const WIDER = sql.raw(`'vmess', 'vless', 'trojan', 'shadowsocks', 'hysteria2', 'tuic'`);
const BEFORE = sql.raw(`'vmess', 'vless', 'trojan', 'shadowsocks'`);

/**
 * Hysteria2 and TUIC v5 nodes (issue 18): nodes.protocol takes them. Their settings are JSON in nodes.settings like
 * every protocol's. The default only serves the rebuild (SQLite adds a NOT NULL column with one); every insert
 * names its protocol.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuildTextColumn(db, 'nodes', 'protocol', (c) =>
    c
      .notNull()
      .defaultTo('vmess')
      .check(sql`protocol in (${WIDER})`),
  );
}

/** Back: the QUIC nodes go (with what hangs on them by cascade), the narrower CHECK returns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from nodes where protocol in ('hysteria2', 'tuic')`.execute(db);
  await rebuildTextColumn(db, 'nodes', 'protocol', (c) =>
    c
      .notNull()
      .defaultTo('vmess')
      .check(sql`protocol in (${BEFORE})`),
  );
}
