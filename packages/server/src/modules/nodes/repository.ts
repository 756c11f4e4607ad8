import type { NodeStatus } from '@portal/contract';
import {
  PostgresAdapter,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type RawBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { reusableQuery } from '../../db/reusable-query.js';
import { nowIso } from '../../db/time.js';
import type { Database, Db, NodeRow, NodesTable, SubscriptionRow } from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';
import { catalogueChanged } from './catalogue-version.js';
import { isServable, servableSql, trafficUsedUpSql } from '../subscriptions/servable.js';
import { customerSeesSql, reachesSql } from './reach.js';

/**
 * Every line of SQL of nodes and their agents: the nodes, who is online on them, and traffic accounting (which adds
 * to the subscriptions' usage columns and traffic_daily, and suspends those that reach their limit).
 */
// ---- the node centre ----

function statusFilter(
  eb: ExpressionBuilder<Database, 'nodes'>,
  status: NodeStatus,
  cutoff: string,
): Expression<SqlBool> {
  const live = eb.and([eb('status', '=', 'online'), eb('last_heartbeat_at', '>=', cutoff)]);
  if (status === 'maintenance') return eb('status', '=', 'maintenance');
  if (status === 'online') return live;
  return eb.and([eb('status', '!=', 'maintenance'), eb.not(live)]);
}

/** The enabled nodes a customer sees (reach of their live subscriptions: reach.ts), filtered. */
export function pageOfVisibleNodes(
  db: Db,
  q: PageQuery & { region?: string; type?: NodeRow['protocol']; status?: NodeStatus },
  cutoff: string,
  userId: number,
) {
  let base = db.selectFrom('nodes').where('is_visible', '=', 1).where(customerSeesSql(userId, nowIso()));
  if (q.region) base = base.where('region', '=', q.region);
  if (q.type) base = base.where('protocol', '=', q.type);
  if (q.status) {
    const status = q.status;
    base = base.where((eb) => statusFilter(eb, status, cutoff));
  }
  return fetchPage(base, q, (qb) => qb.selectAll().orderBy('sort_order').orderBy('id').execute());
}

export function findVisibleNode(db: Db, id: number, userId: number): Promise<NodeRow | undefined> {
  return db
    .selectFrom('nodes')
    .selectAll()
    .where('id', '=', id)
    .where('is_visible', '=', 1)
    .where(customerSeesSql(userId, nowIso()))
    .executeTakeFirst();
}

export function visibleStatusRows(db: Db) {
  return db
    .selectFrom('nodes')
    .select(['id', 'region', 'status', 'last_heartbeat_at', 'load_percent', 'latency_ms'])
    .where('is_visible', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** What a subscription link of this package lists: enabled nodes it reaches, not offline, in display order. */
export function deliverableNodes(db: Db, packageId: number) {
  return db
    .selectFrom('nodes')
    .select(['name', 'protocol', 'host', 'port', 'settings'])
    .where('is_visible', '=', 1)
    .where(reachesSql(packageId, sql.ref('nodes.id')))
    .where('status', '!=', 'offline')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Silent online nodes go offline and their online devices are forgotten; returns how many nodes. */
export async function markSilentOffline(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .updateTable('nodes')
    .set({ status: 'offline', online_users: 0, updated_at: nowIso() })
    .where('status', '=', 'online')
    .where((eb) => eb.or([eb('last_heartbeat_at', 'is', null), eb('last_heartbeat_at', '<', cutoff)]))
    .executeTakeFirst();
  await db.deleteFrom('node_online_ips').where('reported_at', '<', cutoff).execute();
  // Delivery leaves offline nodes out.
  if (Number(result.numUpdatedRows) > 0) await catalogueChanged(db);
  return Number(result.numUpdatedRows);
}

export function nodesWithStatus(db: Db, status: 'online'): Promise<NodeRow[]> {
  return db.selectFrom('nodes').selectAll().where('status', '=', status).execute();
}

export function nodesNotInMaintenance(db: Db): Promise<NodeRow[]> {
  return db.selectFrom('nodes').selectAll().where('status', '!=', 'maintenance').execute();
}

export async function setLatency(db: Db, id: number, ms: number | null): Promise<void> {
  await db.updateTable('nodes').set({ latency_ms: ms }).where('id', '=', id).execute();
}

export async function demoReport(
  db: Db,
  id: number,
  r: { at: string; load: number; mem: number; latency: number | null },
): Promise<void> {
  await comeBackOnline(db, id);
  await db
    .updateTable('nodes')
    .set({
      last_heartbeat_at: r.at,
      load_percent: r.load,
      cpu_percent: r.load,
      mem_percent: r.mem,
      latency_ms: r.latency,
    })
    .where('id', '=', id)
    .execute();
}

/** Every node, hidden ones included, by id (operators' list). */
export function allNodes(db: Db): Promise<NodeRow[]> {
  return db.selectFrom('nodes').selectAll().orderBy('id').execute();
}

export async function insertNode(db: Db, values: Insertable<NodesTable>): Promise<number> {
  const row = await db.insertInto('nodes').values(values).returning('id').executeTakeFirstOrThrow();
  await catalogueChanged(db);
  return row.id;
}

/** false when there is no such node. */
export async function setTokenHash(db: Db, id: number, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('nodes')
    .set({ token_hash: tokenHash, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  // The agents' kept nodes (agent-nodes.ts) follow the catalogue's version: the old token stops working.
  await catalogueChanged(db);
  return Number(result.numUpdatedRows) === 1;
}

// ---- the agents' API ----

export function findNode(db: Db, id: number): Promise<NodeRow | undefined> {
  return db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A heartbeat: an offline node comes back online (maintenance stays). */
export async function heartbeat(db: Db, id: number, at: string): Promise<void> {
  await comeBackOnline(db, id);
  await db.updateTable('nodes').set({ last_heartbeat_at: at }).where('id', '=', id).execute();
}

/** An offline node goes online (a conditional UPDATE: only the call that flips it tells delivery). */
async function comeBackOnline(db: Db, id: number): Promise<void> {
  const flipped = await db
    .updateTable('nodes')
    .set({ status: 'online' })
    .where('id', '=', id)
    .where('status', '=', 'offline')
    .executeTakeFirst();
  if (Number(flipped.numUpdatedRows) > 0) await catalogueChanged(db);
}

/**
 * The node, with the version of the user lists (`user_list_version`, migration 0024) read in the same statement: an
 * agent's every call is authenticated, and its user list needs no further query while the version stands.
 */
const findAgentNodeQuery = reusableQuery(1, (db, [id]) =>
  db
    .selectFrom('nodes')
    .selectAll('nodes')
    .select((eb) =>
      eb.selectFrom('user_list_version').select('version').where('id', '=', 1).as('list_version'),
    )
    .where('nodes.id', '=', id as unknown as number),
);

export async function findAgentNode(
  db: Db,
  id: number,
): Promise<(NodeRow & { list_version: number }) | undefined> {
  const [row] = await findAgentNodeQuery(db, id);
  return row && { ...row, list_version: Number(row.list_version ?? 0) };
}

/** The subscriptions a node serves now: live, of active users, whose package reaches the node; in id order. */
export function servedUsers(db: Db, now: string, nodeId: number) {
  return servedUsersQuery(db, now, nodeId).select('s.end_at').execute();
}

/**
 * `servedUsers` for these subscriptions alone (those a change touched): the ones the node serves now. Read by primary
 * key, the servable rule applied to the rows here: with the rule beside `id in (…)` SQLite took the status index and
 * read (and sorted) every live subscription for each patch.
 */
export async function servedUsersById(db: Db, now: string, nodeId: number, ids: number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await reachingSubscriptions(db, nodeId)
      .where('s.id', 'in', ids.slice(i, i + 1000))
      .select([...SERVED_USER_FIELDS, 's.end_at', 's.status', 's.traffic_limit', 's.traffic_used'])
      .execute();
    rows.push(...found.filter((r) => isServable(r, now)));
  }
  return rows;
}

const SERVED_USER_FIELDS = ['s.id', 's.uuid', 's.speed_limit_mbps', 's.device_limit'] as const;

export function servedUsersQuery(db: Db, now: string, nodeId: number) {
  return servedSubscriptions(db, now, nodeId).select(SERVED_USER_FIELDS).orderBy('s.id');
}

/**
 * Which packages with node groups reach which node (reach.ts: a package without groups reaches every node). Nodes
 * with the same packages here serve the same users.
 */
export function groupReach(db: Db) {
  return db
    .selectFrom('node_group_members as m')
    .innerJoin('package_node_groups as p', 'p.group_id', 'm.group_id')
    .select(['m.node_id', 'p.package_id'])
    .distinct()
    .execute();
}

/** The subscriptions (`s`, their owner `u`) a node serves now: live, of active users, whose package reaches it. */
function servedSubscriptions(db: Db, now: string, nodeId: number) {
  return reachingSubscriptions(db, nodeId).where(servableSql(now, 's'));
}

/** The subscriptions (`s`) of active users (`u`) whose package reaches the node, served or not. */
function reachingSubscriptions(db: Db, nodeId: number) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where(reachesSql(sql.ref('s.package_id'), nodeId))
    .where('u.status', '=', 'active');
}

/** Replaces the node's report of who is online (each address with its user's traffic), and its count. */
export async function replaceOnlineIps(
  trx: Transaction<Database>,
  nodeId: number,
  rows: { subscription_id: number; ip: string; traffic_bytes: number }[],
  at: string,
): Promise<void> {
  await trx.deleteFrom('node_online_ips').where('node_id', '=', nodeId).execute();
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('node_online_ips')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, node_id: nodeId, reported_at: at })))
      .execute();
  }
  await trx.updateTable('nodes').set({ online_users: rows.length }).where('id', '=', nodeId).execute();
}

/**
 * What each user the node serves with a device limit has online across every node: distinct addresses from
 * reports since `cutoff` whose user moved at least `minBytes` through the reporting node in its latest push.
 */
export function onlineCounts(db: Db, nodeId: number, now: string, cutoff: string, minBytes: number) {
  return servedSubscriptions(db, now, nodeId)
    .innerJoin('node_online_ips as o', 'o.subscription_id', 's.id')
    .select(['s.id', (eb) => eb.fn.count<string | number>('o.ip').distinct().as('n')])
    .where('s.device_limit', '>', 0)
    .where('o.reported_at', '>=', cutoff)
    .where('o.traffic_bytes', '>=', minBytes)
    .groupBy('s.id')
    .execute();
}

/** Counted addresses (as `onlineCounts` counts them) of each of these subscriptions that has any. */
export function deviceCounts(db: Db, subscriptionIds: number[], cutoff: string, minBytes: number) {
  return db
    .selectFrom('node_online_ips')
    .select(['subscription_id', (eb) => eb.fn.count<string | number>('ip').distinct().as('n')])
    .where('subscription_id', 'in', subscriptionIds)
    .where('reported_at', '>=', cutoff)
    .where('traffic_bytes', '>=', minBytes)
    .groupBy('subscription_id')
    .execute();
}

/** A subscription's counted addresses (as `onlineCounts` counts them), one row per reporting node, with its name. */
export function subscriptionDevices(db: Db, subscriptionId: number, cutoff: string, minBytes: number) {
  return db
    .selectFrom('node_online_ips as o')
    .innerJoin('nodes as n', 'n.id', 'o.node_id')
    .select(['o.ip', 'o.reported_at', 'n.id as node_id', 'n.name', 'n.city', 'n.translations'])
    .where('o.subscription_id', '=', subscriptionId)
    .where('o.reported_at', '>=', cutoff)
    .where('o.traffic_bytes', '>=', minBytes)
    .execute();
}

/** Keeps the node's latest push: the bytes per reported user id (one row per node, replaced by each push). */
export async function savePushUsage(
  db: Db,
  nodeId: number,
  usage: Record<number, number>,
  at: string,
): Promise<void> {
  const values = { node_id: nodeId, pushed_at: at, usage: JSON.stringify(usage) };
  await db
    .insertInto('node_push_usage')
    .values(values)
    .onConflict((oc) => oc.column('node_id').doUpdateSet({ pushed_at: at, usage: values.usage }))
    .execute();
}

export function pushUsage(db: Db, nodeId: number) {
  return db
    .selectFrom('node_push_usage')
    .select(['pushed_at', 'usage'])
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
}

export async function saveStatus(
  db: Db,
  id: number,
  s: { cpu: number | null; mem: number | null; disk: number | null; load: number | null },
): Promise<void> {
  await db
    .updateTable('nodes')
    .set({
      cpu_percent: s.cpu,
      mem_percent: s.mem,
      disk_percent: s.disk,
      load_percent: s.load,
      last_heartbeat_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

// ---- traffic accounting ----
//
// A push carries up to tens of thousands of users: each statement below takes them all at once, so a push is a
// handful of statements whatever its size. PostgreSQL gets one typed array parameter per column, unpacked by
// `unnest` (cheaper to parse than JSON records); SQLite one JSON text of rows as arrays, unpacked by `json_each`.

const onPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** `subscriptions.id` is one of `ids` (passed as one array). */
function idIn(db: Db, ids: number[]): RawBuilder<SqlBool> {
  return onPostgres(db)
    ? sql<SqlBool>`subscriptions.id = any(${ids}::integer[])`
    : sql<SqlBool>`subscriptions.id in (select value from json_each(${JSON.stringify(ids)}))`;
}

export type SubscriptionLink = Pick<
  SubscriptionRow,
  'id' | 'user_id' | 'status' | 'upgraded_to' | 'traffic_used' | 'traffic_limit'
>;

/**
 * Their rows, to follow upgrades and to know who reaches their limit. On PostgreSQL the rows are locked in id order: every push takes them in the same
 * order before writing, so concurrent pushes from several nodes wait for each other instead of deadlocking.
 */
export async function subscriptionLinks(
  trx: Transaction<Database>,
  ids: number[],
): Promise<SubscriptionLink[]> {
  const query = trx
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'status', 'upgraded_to', 'traffic_used', 'traffic_limit'])
    .where(idIn(trx, ids))
    .orderBy('id');
  return onPostgres(trx) ? query.forUpdate().execute() : query.execute();
}

/** Adds each subscription's bytes to its totals and to its row of `day`: one statement each, for every user. */
export async function addTraffic(
  trx: Transaction<Database>,
  totals: [number, { userId: number; upload: number; download: number }][],
  day: string,
  now: string,
): Promise<void> {
  if (onPostgres(trx)) {
    const rows = sql`unnest(${totals.map(([id]) => id)}::integer[], ${totals.map(([, t]) => t.userId)}::integer[],
      ${totals.map(([, t]) => t.upload)}::bigint[], ${totals.map(([, t]) => t.download)}::bigint[])
      as v(id, uid, up, down)`;
    // Each pushed id is one primary-key lookup. Told of 10,000 rows, the planner would rather read and hash the
    // whole table, which costs more (and grows with the table, not with the push): joins by hash or merge are off
    // for the rest of this transaction.
    await sql`select set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`.execute(
      trx,
    );
    await sql`update subscriptions as s
      set traffic_used = s.traffic_used + v.up + v.down, upload_bytes = s.upload_bytes + v.up, updated_at = ${now}
      from ${rows} where s.id = v.id`.execute(trx);
    await sql`insert into traffic_daily (subscription_id, user_id, day, upload, download)
      select v.id, v.uid, ${day}, v.up, v.down from ${rows}
      on conflict (subscription_id, day) do update
      set upload = traffic_daily.upload + excluded.upload, download = traffic_daily.download + excluded.download`.execute(
      trx,
    );
    return;
  }
  const json = JSON.stringify(totals.map(([id, t]) => [id, t.userId, t.upload, t.download]));
  const rows = sql`(select value ->> 0 as id, value ->> 1 as uid, value ->> 2 as up, value ->> 3 as down
    from json_each(${json})) as v`;
  await sql`update subscriptions
    set traffic_used = traffic_used + v.up + v.down, upload_bytes = upload_bytes + v.up, updated_at = ${now}
    from ${rows} where subscriptions.id = v.id`.execute(trx);
  // "where true": SQLite's rule for an upsert whose rows come from a SELECT.
  await sql`insert into traffic_daily (subscription_id, user_id, day, upload, download)
    select v.id, v.uid, ${day}, v.up, v.down from ${rows} where true
    on conflict (subscription_id, day) do update
    set upload = traffic_daily.upload + excluded.upload, download = traffic_daily.download + excluded.download`.execute(
    trx,
  );
}

/** Adds a push's charged bytes to the node's row of `day`. */
export async function addNodeTraffic(
  trx: Transaction<Database>,
  nodeId: number,
  day: string,
  upload: number,
  download: number,
): Promise<void> {
  await trx
    .insertInto('node_traffic_daily')
    .values({ node_id: nodeId, day, upload, download })
    .onConflict((oc) =>
      oc.columns(['node_id', 'day']).doUpdateSet((eb) => ({
        upload: eb('node_traffic_daily.upload', '+', eb.ref('excluded.upload')),
        download: eb('node_traffic_daily.download', '+', eb.ref('excluded.download')),
      })),
    )
    .execute();
}

/** Active subscriptions among `ids` whose traffic is used up are suspended; returns their ids. */
export async function suspendUsedUp(trx: Transaction<Database>, ids: number[]): Promise<number[]> {
  const rows = await trx
    .updateTable('subscriptions')
    .set((eb) => ({ status: 'suspended', version: eb('version', '+', 1), updated_at: nowIso() }))
    .where(idIn(trx, ids))
    // SQLite would walk the status index (every active subscription) instead of the pushed ids: the unary plus
    // keeps it on the ids' primary keys.
    .where(onPostgres(trx) ? sql<SqlBool>`status = 'active'` : sql<SqlBool>`+status = 'active'`)
    .where(trafficUsedUpSql())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Forgets the node's push receipts from before `since` (out of the repeat window). */
export async function pruneReceipts(
  trx: Transaction<Database>,
  nodeId: number,
  since: string,
): Promise<void> {
  await trx
    .deleteFrom('node_push_receipts')
    .where('node_id', '=', nodeId)
    .where('received_at', '<', since)
    .execute();
}

/**
 * Leaves the receipt of a push; false when the node already has one for the same digest (a repeat). The primary key
 * decides: of two copies at once, the second waits for the first and then inserts nothing.
 */
export async function takeReceipt(
  trx: Transaction<Database>,
  nodeId: number,
  digest: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .insertInto('node_push_receipts')
    .values({ node_id: nodeId, digest, received_at: now })
    .onConflict((oc) => oc.columns(['node_id', 'digest']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
