import type { Generated, Insertable, Selectable } from 'kysely';

/** Tables of announcements (modules/announcements). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  category: Generated<number>;
  priority: Generated<number>;
  is_popup: Generated<number>;
  is_email_notify: Generated<number>;
  /** JSON: { "<locale>": { "title": …, "content": … } } */
  translations: string | null;
  publish_at: string | null;
  expire_at: string | null;
  created_at: string;
  updated_at: string;
}

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
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  announcement_mailings: AnnouncementMailingsTable;
  announcement_deliveries: AnnouncementDeliveriesTable;
}

export type NewAnnouncement = Insertable<AnnouncementsTable>;
export type AnnouncementMailingRow = Selectable<AnnouncementMailingsTable>;
