import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { servableSql } from '../subscriptions/servable.js';

type Ref = RawBuilder<unknown> | number;

const value = (v: Ref) => (typeof v === 'number' ? sql`${v}` : v);

/**
 * "Does this package reach this node?", written once as SQL. The rule: a package with no node group reaches every
 * node (so packages made before groups existed keep working); a package with groups reaches only the nodes in at
 * least one of them. Both lookups are primary-key probes: package_node_groups (package_id, group_id) and
 * node_group_members (group_id, node_id).
 */
export function reachesSql(packageId: Ref, nodeId: Ref): RawBuilder<SqlBool> {
  const p = value(packageId);
  const n = value(nodeId);
  return sql<SqlBool>`(not exists (select 1 from package_node_groups png0 where png0.package_id = ${p}) or exists (select 1 from package_node_groups png1 inner join node_group_members ngm on ngm.group_id = png1.group_id where png1.package_id = ${p} and ngm.node_id = ${n}))`;
}

/**
 * A customer sees the node (`nodes.id`) when one of their live subscriptions reaches it; a customer with no live
 * subscription sees every enabled node (what they could buy).
 */
export function customerSeesSql(userId: number, now: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(not exists (select 1 from subscriptions cs0 where cs0.user_id = ${userId} and ${servableSql(now, 'cs0')}) or exists (select 1 from subscriptions cs1 where cs1.user_id = ${userId} and ${servableSql(now, 'cs1')} and ${reachesSql(sql.ref('cs1.package_id'), sql.ref('nodes.id'))}))`;
}
