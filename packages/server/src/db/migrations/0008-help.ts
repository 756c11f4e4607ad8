import { sql, type Kysely } from 'kysely';
import { documentIndex } from './frozen/help-tokenizer-0008.js';
import { isPostgres, withTimestamps } from '../schema-helpers.js';

/**
 * Help centre: full-text search over the documents and one rating per user and document.
 *
 * search_title / search_body hold the text already cut into tokens by the help tokenizer (Latin words, CJK unigrams
 * and bigrams), written by the code with every insert and edit. The database indexes those tokens:
 * - SQLite: an FTS5 table with external content (help_documents), kept in step by triggers that fire only when the
 *   search columns change (views and ratings do not touch the index);
 * - PostgreSQL: a generated tsvector column ('simple' configuration, title weighted A, body B) with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['search_title', 'search_body']) {
    await db.schema
      .alterTable('help_documents')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  // Documents written before this migration (an earlier demo seed) get their tokens now.
  const existing = await sql<{ id: number; title: string; summary: string; content: string }>`
    select id, title, summary, content from help_documents`.execute(db);
  for (const row of existing.rows) {
    const index = documentIndex(row);
    await sql`update help_documents set search_title = ${index.search_title}, search_body = ${index.search_body}
      where id = ${row.id}`.execute(db);
  }

  if (isPostgres(db)) {
    await sql`alter table help_documents add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple'::regconfig, search_title), 'A') ||
      setweight(to_tsvector('simple'::regconfig, search_body), 'B')
    ) stored`.execute(db);
    await sql`create index help_documents_search on help_documents using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table help_documents_fts using fts5(
      search_title, search_body, content = 'help_documents', content_rowid = 'id'
    )`.execute(db);
    await sql`create trigger help_documents_fts_insert after insert on help_documents begin
      insert into help_documents_fts (rowid, search_title, search_body)
        values (new.id, new.search_title, new.search_body);
    end`.execute(db);
    await sql`create trigger help_documents_fts_delete after delete on help_documents begin
      insert into help_documents_fts (help_documents_fts, rowid, search_title, search_body)
        values ('delete', old.id, old.search_title, old.search_body);
    end`.execute(db);
    await sql`create trigger help_documents_fts_update after update of search_title, search_body
      on help_documents begin
      insert into help_documents_fts (help_documents_fts, rowid, search_title, search_body)
        values ('delete', old.id, old.search_title, old.search_body);
      insert into help_documents_fts (rowid, search_title, search_body)
        values (new.id, new.search_title, new.search_body);
    end`.execute(db);
    await sql`insert into help_documents_fts (help_documents_fts) values ('rebuild')`.execute(db);
  }

  // The list: the caller's language, published, in the curated order; platform filter; related documents.
  await db.schema
    .createIndex('help_documents_locale_list')
    .on('help_documents')
    .columns(['locale', 'is_published', 'sort_order'])
    .execute();
  await db.schema
    .createIndex('help_documents_locale_platform')
    .on('help_documents')
    .columns(['locale', 'platform'])
    .execute();

  await withTimestamps(
    db.schema
      .createTable('help_document_ratings')
      .addColumn('document_id', 'integer', (c) =>
        c.notNull().references('help_documents.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
      .addColumn('feedback', 'text')
      .addPrimaryKeyConstraint('help_document_ratings_pk', ['document_id', 'user_id']),
  ).execute();
  await db.schema
    .createIndex('help_document_ratings_user')
    .on('help_document_ratings')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_document_ratings').execute();
  await db.schema.dropIndex('help_documents_locale_platform').execute();
  await db.schema.dropIndex('help_documents_locale_list').execute();
  if (isPostgres(db)) {
    await sql`drop index help_documents_search`.execute(db);
    await sql`alter table help_documents drop column search_vector`.execute(db);
  } else {
    for (const trigger of [
      'help_documents_fts_update',
      'help_documents_fts_delete',
      'help_documents_fts_insert',
    ]) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table help_documents_fts`.execute(db);
  }
  for (const column of ['search_body', 'search_title']) {
    await db.schema.alterTable('help_documents').dropColumn(column).execute();
  }
}
