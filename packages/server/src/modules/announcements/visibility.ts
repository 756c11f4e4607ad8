import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Published (publish_at set and reached) and not expired (no expiry, or one still ahead) at `now`, for the
 * announcements table under the alias `a`. ISO 8601 UTC text compares in time order on both databases. The rule of
 * what customers see, shared by the announcements' own queries and the dashboard's.
 */
export function visibleAt(now: string): Expression<SqlBool> {
  return sql<SqlBool>`(a.publish_at is not null and a.publish_at <= ${now} and (a.expire_at is null or a.expire_at > ${now}))`;
}
