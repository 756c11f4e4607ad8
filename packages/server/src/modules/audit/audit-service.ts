import type { AuditRecord } from '@portal/contract/admin';
import type { AuditLogRow, Db } from '../../db/types.js';
import { searchAudit, type AuditFilter } from './repository.js';

function toRecord(row: AuditLogRow): AuditRecord {
  return {
    ...row,
    changes: row.changes === null ? null : (JSON.parse(row.changes) as AuditRecord['changes']),
  };
}

/** A CSV field: quoted when it must be; a leading =, +, - or @ is defused for spreadsheets (formula injection). */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor_email',
  'actor_role',
  'action',
  'target_type',
  'target_id',
  'changes',
  'ip',
  'user_agent',
] as const satisfies readonly (keyof AuditLogRow)[];

/** How many records the export reads at a time (it streams the whole filtered log, a batch after another). */
const EXPORT_BATCH = 1000;

/** The audit log for the console: pages after a cursor, and the CSV export. */
export class AuditService {
  constructor(private readonly db: Db) {}

  async page(
    filter: AuditFilter,
    before: number | undefined,
    size: number,
  ): Promise<{ items: AuditRecord[]; next_before: number | null }> {
    const rows = await searchAudit(this.db, filter, before, size + 1);
    const items = rows.slice(0, size).map(toRecord);
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  /** The filtered log as CSV lines, header first, newest record first, a batch at a time. */
  async *csv(filter: AuditFilter): AsyncGenerator<string> {
    yield `\uFEFF${CSV_COLUMNS.join(',')}\r\n`;
    let before: number | undefined;
    for (;;) {
      const rows = await searchAudit(this.db, filter, before, EXPORT_BATCH);
      if (rows.length > 0)
        yield rows
          .map((row) => `${CSV_COLUMNS.map((column) => csvField(row[column])).join(',')}\r\n`)
          .join('');
      if (rows.length < EXPORT_BATCH) return;
      before = rows.at(-1)!.id;
    }
  }
}
