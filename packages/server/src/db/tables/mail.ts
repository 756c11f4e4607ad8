import type { Generated } from 'kysely';

/** The mail outbox (modules/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  status: Generated<'pending' | 'sent' | 'failed' | 'logged'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
