import type { StaffActor } from '../../lib/staff-actor.js';
import type { Db } from '../../db/types.js';
import { nowIso } from '../../db/time.js';

export interface AuditEntry {
  /** `<target>.<verb>`: `announcement.create`, `user.disable`, `balance.adjust`… */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  /** The target's fields before the write (null: it did not exist). */
  before?: Record<string, unknown> | null;
  /** …and after it (null: it no longer exists). Only the fields that differ are kept. */
  after?: Record<string, unknown> | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two states of a record, each side with only those fields. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of keys) {
    if (same(before[key], after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/**
 * Records a staff write in the audit log, in the caller's transaction (the write and its record commit together).
 * The log is append-only: nothing updates or deletes it, and both databases refuse to (migration 0010).
 */
export async function recordAudit(db: Db, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await recordAudits(db, actor, [entry]);
}

/** Several records of one staff write at once (one per account of a bulk change), in one statement. */
export async function recordAudits(db: Db, actor: StaffActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const now = nowIso();
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => {
        const changes = changedFields(entry.before, entry.after);
        return {
          actor_id: actor.id,
          actor_email: actor.email,
          actor_role: actor.role,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
          changes: changes.before === null && changes.after === null ? null : JSON.stringify(changes),
          ip: actor.ip,
          user_agent: actor.userAgent,
          created_at: now,
        };
      }),
    )
    .execute();
  actor.recorded = true;
}

/** Some fields of a record (its state before a write, for the audit log's `before`). */
export function pick(record: object, keys: readonly string[]): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key]]));
}
