import type { Updateable } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Db, MailOutboxTable } from '../../db/types.js';
import type { MailContent } from './templates.js';

/** Every line of SQL of the mail outbox. */
export async function insertMail(db: Db, to: string, kind: string, content: MailContent): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('mail_outbox')
    .values({
      to_address: to,
      kind,
      subject: content.subject,
      html: content.html,
      text: content.text,
      created_at: now,
      next_attempt_at: now,
      last_error: null,
      sent_at: null,
    })
    .execute();
}

export function dueMails(db: Db, now: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims a pending mail seen with `attempts` attempts; false when another instance claimed it first. */
export async function claimMail(db: Db, id: number, attempts: number, until: string): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ attempts: attempts + 1, next_attempt_at: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function updateMail(db: Db, id: number, values: Updateable<MailOutboxTable>): Promise<void> {
  await db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
}

/** The most recent mails, newest first (operators read them when no SMTP is set). */
export function recentMails(db: Db, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'kind', 'subject', 'text', 'status', 'created_at', 'last_error'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
