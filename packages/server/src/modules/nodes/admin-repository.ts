import type { NodeProtocol, NodeStatus } from '@portal/contract';
import { sql, type Updateable } from 'kysely';
import type { Db, NodesTable } from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';
import { catalogueChanged } from './catalogue-version.js';

/**
 * The console's SQL on nodes: every node (hidden ones too), their settings and groups, node groups, the groups a
 * package reaches, and traffic per node and day.
 */

export interface AdminNodeFilter {
  status?: NodeStatus;
  protocol?: NodeProtocol;
  group_id?: number;
  enabled?: boolean;
  q?: string;
}

/** `%`, `_` and `\` in a search text match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function pageOfNodes(db: Db, q: PageQuery & AdminNodeFilter, cutoff: string) {
  let base = db.selectFrom('nodes');
  if (q.protocol) base = base.where('protocol', '=', q.protocol);
  if (q.enabled !== undefined) base = base.where('is_visible', '=', q.enabled ? 1 : 0);
  if (q.group_id !== undefined) {
    const groupId = q.group_id;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('node_group_members as m')
          .select(sql.lit(1).as('one'))
          .where('m.group_id', '=', groupId)
          .whereRef('m.node_id', '=', 'nodes.id'),
      ),
    );
  }
  if (q.status === 'maintenance') base = base.where('status', '=', 'maintenance');
  else if (q.status === 'online')
    base = base.where('status', '=', 'online').where('last_heartbeat_at', '>=', cutoff);
  else if (q.status === 'offline')
    base = base
      .where('status', '!=', 'maintenance')
      .where((eb) =>
        eb.or([
          eb('status', '!=', 'online'),
          eb('last_heartbeat_at', 'is', null),
          eb('last_heartbeat_at', '<', cutoff),
        ]),
      );
  if (q.q) {
    const pattern = likePattern(q.q.toLowerCase());
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${sql.ref('name')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('host')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return fetchPage(base, q, (qb) => qb.selectAll().orderBy('sort_order').orderBy('id').execute());
}

export async function updateNode(db: Db, id: number, values: Updateable<NodesTable>): Promise<void> {
  await db.updateTable('nodes').set(values).where('id', '=', id).execute();
  await catalogueChanged(db);
}

export async function deleteNode(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('nodes').where('id', '=', id).executeTakeFirst();
  await catalogueChanged(db);
  return Number(result.numDeletedRows) === 1;
}

/** The groups of each node, by node id. */
export async function groupIdsOfNodes(db: Db, nodeIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(nodeIds.map((id) => [id, []]));
  if (nodeIds.length === 0) return out;
  const rows = await db
    .selectFrom('node_group_members')
    .select(['node_id', 'group_id'])
    .where('node_id', 'in', nodeIds)
    .orderBy('group_id')
    .execute();
  for (const r of rows) out.get(r.node_id)?.push(r.group_id);
  return out;
}

export async function setNodeGroups(db: Db, nodeId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('node_group_members').where('node_id', '=', nodeId).execute();
  if (groupIds.length > 0)
    await db
      .insertInto('node_group_members')
      .values(groupIds.map((group_id) => ({ group_id, node_id: nodeId })))
      .execute();
  await catalogueChanged(db);
}

/** Which of these group ids exist. */
export async function existingGroupIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('node_groups').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

// ---- node groups ----

export function listGroups(db: Db) {
  return db
    .selectFrom('node_groups as g')
    .leftJoin('node_group_members as m', 'm.group_id', 'g.id')
    .select([
      'g.id',
      'g.name',
      'g.created_at',
      (eb) => eb.fn.count<number | string>('m.node_id').as('node_count'),
    ])
    .groupBy(['g.id', 'g.name', 'g.created_at'])
    .orderBy('g.name')
    .execute();
}

export function findGroup(db: Db, id: number) {
  return db.selectFrom('node_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countGroupNodes(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('node_group_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('group_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGroup(db: Db, name: string, now: string): Promise<number> {
  const row = await db
    .insertInto('node_groups')
    .values({ name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameGroup(db: Db, id: number, name: string, now: string): Promise<void> {
  await db.updateTable('node_groups').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('node_groups').where('id', '=', id).execute();
  await catalogueChanged(db);
}

export async function groupUsedByPackages(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('package_node_groups')
    .select('package_id')
    .where('group_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- the groups a package reaches ----

export async function packageGroups(db: Db, packageIds: number[]) {
  if (packageIds.length === 0) return [];
  return db
    .selectFrom('package_node_groups')
    .select(['package_id', 'group_id'])
    .where('package_id', 'in', packageIds)
    .orderBy('package_id')
    .orderBy('group_id')
    .execute();
}

export async function replacePackageGroups(db: Db, packageId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('package_node_groups').where('package_id', '=', packageId).execute();
  if (groupIds.length > 0)
    await db
      .insertInto('package_node_groups')
      .values(groupIds.map((group_id) => ({ package_id: packageId, group_id })))
      .execute();
  await catalogueChanged(db);
}

// ---- traffic per node ----

export function nodeTrafficSince(db: Db, nodeId: number, fromDay: string) {
  return db
    .selectFrom('node_traffic_daily')
    .select(['day', 'upload', 'download'])
    .where('node_id', '=', nodeId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
}
