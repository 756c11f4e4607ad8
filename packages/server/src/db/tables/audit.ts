import type { Generated, Selectable } from 'kysely';

/** The staff audit log (modules/audit): append-only, the databases refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  actor_email: string;
  actor_role: string;
  /** `<target>.<verb>`, e.g. `announcement.create`. */
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON `{ before, after }` of the fields that changed. */
  changes: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;

export interface AuditTables {
  audit_log: AuditLogTable;
}
