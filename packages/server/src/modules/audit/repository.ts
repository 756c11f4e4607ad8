import { sql } from 'kysely';
import type { Db } from '../../db/types.js';
import type { AuditLogRow } from '../../db/types.js';

export interface AuditFilter {
  actor_id?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

/** A LIKE pattern's wildcards taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The records matching a filter, newest first, after a cursor (ids below `before`): keyset pagination on the
 * primary key, or on the index of the filtered column and id (migration 0010), so a page costs the same on the
 * millionth record as on the first.
 */
export function searchAudit(
  db: Db,
  filter: AuditFilter,
  before: number | undefined,
  limit: number,
): Promise<AuditLogRow[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.actor_id !== undefined) q = q.where('actor_id', '=', filter.actor_id);
  if (filter.action !== undefined)
    q = filter.action.endsWith('.')
      ? q.where('action', 'like', sql<string>`${`${literal(filter.action)}%`} escape '\\'`)
      : q.where('action', '=', filter.action);
  if (filter.target_type !== undefined) q = q.where('target_type', '=', filter.target_type);
  if (filter.target_id !== undefined) q = q.where('target_id', '=', filter.target_id);
  if (filter.from !== undefined) q = q.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('created_at', '<', filter.to);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
