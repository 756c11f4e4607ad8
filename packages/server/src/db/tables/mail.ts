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

/** A mailing to a segment of customers planned by staff (modules/auth/segment-mailing.ts). */
export interface SegmentMailingsTable {
  id: Generated<number>;
  created_by: number;
  /** The segment's filters (JSON, the contract's `Segment`). */
  segment: string;
  /** The texts per language (JSON, the contract's `SegmentMailTexts`). */
  texts: string;
  status: Generated<'pending' | 'done'>;
  /** Customers registered later are not in it. */
  max_user_id: number;
  /** The cursor: every user up to this id has been handled. */
  last_user_id: Generated<number>;
  /** How many were in the segment when it was planned. */
  planned: number;
  sent: Generated<number>;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  segment_mailings: SegmentMailingsTable;
}
