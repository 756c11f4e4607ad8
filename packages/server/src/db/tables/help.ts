import type { HelpPlatform, Locale } from '@portal/contract';
import type { Generated, Insertable } from 'kysely';

/** Tables of the help feature (name -> row interface); Database includes them. */
export interface HelpCategoriesTable {
  id: Generated<number>;
  slug: string;
  /** zh_CN name; translations holds every language: { "<locale>": { "name": … } } */
  name: string;
  translations: string | null;
  sort_order: Generated<number>;
}

export interface HelpDocumentsTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  /** One row per language; (slug, locale) is unique. */
  locale: Locale;
  title: string;
  summary: Generated<string>;
  /** Markdown, stored and served as written (never rendered to HTML by the server). */
  content: string;
  /** null: every platform */
  platform: HelpPlatform | null;
  views: Generated<number>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  is_published: Generated<number>;
  sort_order: Generated<number>;
  /**
   * The title and the rest (summary + content) cut into search tokens by modules/help/tokenizer.ts; required on
   * every write so no document escapes the full-text index (FTS5 on SQLite, tsvector on PostgreSQL).
   */
  search_title: string;
  search_body: string;
  created_at: string;
  updated_at: string;
}

export interface HelpDocumentRatingsTable {
  document_id: number;
  user_id: number;
  /** 1-5 */
  rating: number;
  feedback: string | null;
  created_at: string;
  updated_at: string;
}

export interface HelpTables {
  help_categories: HelpCategoriesTable;
  help_documents: HelpDocumentsTable;
  help_document_ratings: HelpDocumentRatingsTable;
}

export type NewHelpDocument = Insertable<HelpDocumentsTable>;
