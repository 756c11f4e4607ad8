import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { SubscriptionRow } from '../../db/types.js';

/**
 * "Can this subscription be served?", written once: as a predicate on a row and as the matching SQL. Delivery, the
 * node API's user list, traffic accounting and upgrades all decide with these.
 */
export type ServingFields = Pick<SubscriptionRow, 'status' | 'end_at' | 'traffic_limit' | 'traffic_used'>;
type TrafficFields = Pick<SubscriptionRow, 'traffic_limit' | 'traffic_used'>;

/** The traffic limit is reached (never for unlimited traffic). */
export function trafficUsedUp(sub: TrafficFields): boolean {
  return sub.traffic_limit !== null && sub.traffic_used >= sub.traffic_limit;
}

/** Served: active, before its end, and traffic left (or unlimited). */
export function isServable(sub: ServingFields, now: string = nowIso()): boolean {
  return sub.status === 'active' && sub.end_at > now && !trafficUsedUp(sub);
}

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);

/** `trafficUsedUp` in SQL, on the subscriptions table or an alias of it. */
export function trafficUsedUpSql(table = 'subscriptions'): RawBuilder<SqlBool> {
  const c = (name: string) => column(table, name);
  return sql<SqlBool>`(${c('traffic_limit')} is not null and ${c('traffic_used')} >= ${c('traffic_limit')})`;
}

/** `isServable` in SQL, on the subscriptions table or an alias of it. */
export function servableSql(now: string, table = 'subscriptions'): RawBuilder<SqlBool> {
  const c = (name: string) => column(table, name);
  return sql<SqlBool>`(${c('status')} = 'active' and ${c('end_at')} > ${now} and (${c('traffic_limit')} is null or ${c('traffic_used')} < ${c('traffic_limit')}))`;
}

export type ServingProblem = 'expired' | 'exhausted' | 'suspended';

/** Why a subscription is not served (what its link shows instead of nodes); null when it is served. */
export function servingProblem(sub: ServingFields, now: string = nowIso()): ServingProblem | null {
  if (isServable(sub, now)) return null;
  if (sub.status === 'expired' || sub.end_at <= now) return 'expired';
  if (trafficUsedUp(sub)) return 'exhausted';
  return 'suspended';
}

/**
 * Why an upgrade cannot start from this subscription; null when it can: it is served, or not served only because its
 * traffic is used up (the upgrade is the way back). A subscription past its end counts as expired, as everywhere.
 */
export function upgradeRefusal(sub: ServingFields, now: string = nowIso()): string | null {
  if (isServable(sub, now)) return null;
  if (sub.status === 'expired' || sub.end_at <= now) return 'subscription_expired';
  if ((sub.status === 'active' || sub.status === 'suspended') && trafficUsedUp(sub)) return null;
  return `subscription_${sub.status}`;
}
