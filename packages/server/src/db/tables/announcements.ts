import type { Generated, Selectable } from 'kysely';

/** Who read which announcement (one row per announcement and user). */
export interface AnnouncementReadsTable {
  announcement_id: number;
  user_id: number;
  read_at: string;
}

/** The announcement mail of one announcement: users are mailed in id order; last_user_id is the cursor. */
export interface AnnouncementMailingsTable {
  announcement_id: number;
  status: Generated<'pending' | 'done'>;
  last_user_id: Generated<number>;
  /** Users mailed so far */
  sent: Generated<number>;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** One row per announcement and user mailed, written in the same transaction as the mail's outbox row. */
export interface AnnouncementDeliveriesTable {
  announcement_id: number;
  user_id: number;
  created_at: string;
}

/** Tables of the announcements feature (name -> row interface); Database includes them. */
export interface AnnouncementTables {
  announcement_reads: AnnouncementReadsTable;
  announcement_mailings: AnnouncementMailingsTable;
  announcement_deliveries: AnnouncementDeliveriesTable;
}

export type AnnouncementMailingRow = Selectable<AnnouncementMailingsTable>;
