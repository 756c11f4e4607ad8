import type { HelpPlatform, Locale } from '@portal/contract';
import { sql, type Insertable, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { Database, Db, HelpCategoriesTable, HelpDocumentsTable } from '../../db/types.js';
import { fetchPage, type PageQuery } from '../../lib/paginate.js';
import { ITEM_COLUMNS } from './mapping.js';
import { fts5Query, tsQuery } from './search.js';
import type { QueryToken } from './tokenizer.js';

/** Every line of SQL of the help centre: categories, documents, their search index and ratings. */
type DocumentRow = Selectable<HelpDocumentsTable>;

/** Title hits weigh this much more than body hits in SQLite's bm25 (PostgreSQL: weights A and B of ts_rank). */
const TITLE_WEIGHT = 4;

/**
 * The documents that match every token, with a relevance (higher is better), as a derived table `m(id, rank)` to
 * join with help_documents. Uses the FTS5 index on SQLite (bm25) and the GIN-indexed tsvector on PostgreSQL
 * (ts_rank).
 */
function matchingDocuments(dialect: DialectName, tokens: readonly QueryToken[]) {
  if (dialect === 'postgres') {
    return sql<{ id: number; rank: number }>`(
      select h.id, ts_rank(h.search_vector, q.query) as rank
      from help_documents h, to_tsquery('simple', ${tsQuery(tokens)}) as q(query)
      where h.search_vector @@ q.query
    )`.as('m');
  }
  return sql<{ id: number; rank: number }>`(
    select rowid as id, -bm25(help_documents_fts, ${sql.lit(TITLE_WEIGHT)}, 1.0) as rank
    from help_documents_fts
    where help_documents_fts match ${fts5Query(tokens)}
  )`.as('m');
}

// ---- customers ----

export interface PublishedFilter extends PageQuery {
  locale: Locale;
  category_id?: number | undefined;
  platform?: HelpPlatform | undefined;
}

function published(db: Db, f: PublishedFilter) {
  let base = db
    .selectFrom('help_documents as d')
    .innerJoin('help_categories as c', 'c.id', 'd.category_id')
    .where('d.locale', '=', f.locale)
    .where('d.is_published', '=', 1);
  if (f.category_id !== undefined) base = base.where('d.category_id', '=', f.category_id);
  if (f.platform !== undefined) base = base.where('d.platform', '=', f.platform);
  return base;
}

/** Published documents of one language in display order. */
export function pageOfPublished(db: Db, f: PublishedFilter) {
  return fetchPage(published(db, f), f, (qb) =>
    qb.select(ITEM_COLUMNS).orderBy('c.sort_order').orderBy('d.sort_order').orderBy('d.id').execute(),
  );
}

/** Published documents of one language matching every token, by relevance then views. */
export function pageOfMatches(
  db: Db,
  dialect: DialectName,
  tokens: readonly QueryToken[],
  f: PublishedFilter,
) {
  const matched = published(db, f).innerJoin(matchingDocuments(dialect, tokens), 'm.id', 'd.id');
  return fetchPage(matched, f, (qb) =>
    qb.select(ITEM_COLUMNS).orderBy('m.rank', 'desc').orderBy('d.views', 'desc').orderBy('d.id').execute(),
  );
}

export async function countView(db: Db, id: number): Promise<void> {
  await db
    .updateTable('help_documents')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A document with its category and the user's own rating. */
export function documentForReader(db: Db, id: number, userId: number) {
  return db
    .selectFrom('help_documents as d')
    .innerJoin('help_categories as c', 'c.id', 'd.category_id')
    .leftJoin('help_document_ratings as r', (join) =>
      join.onRef('r.document_id', '=', 'd.id').on('r.user_id', '=', userId),
    )
    .select(ITEM_COLUMNS)
    .select([
      'd.locale',
      'd.content',
      'd.created_at',
      'r.rating as my_rating',
      'r.feedback as my_feedback',
      'r.updated_at as my_rated_at',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export function findPublished(db: Db, id: number) {
  return db
    .selectFrom('help_documents')
    .select(['id', 'slug', 'locale'])
    .where('id', '=', id)
    .where('is_published', '=', 1)
    .executeTakeFirst();
}

export function findPublishedTranslation(db: Db, slug: string, locale: Locale) {
  return db
    .selectFrom('help_documents')
    .select('id')
    .where('slug', '=', slug)
    .where('locale', '=', locale)
    .where('is_published', '=', 1)
    .executeTakeFirst();
}

/** Same category and/or platform, same language, not itself: both first, then category, then platform; by views. */
export function related(
  db: Db,
  doc: { id: number; category_id: number; platform: HelpPlatform | null; locale: Locale },
  limit: number,
) {
  return db
    .selectFrom('help_documents as d')
    .innerJoin('help_categories as c', 'c.id', 'd.category_id')
    .select(ITEM_COLUMNS)
    .where('d.locale', '=', doc.locale)
    .where('d.is_published', '=', 1)
    .where('d.id', '!=', doc.id)
    .where((eb) =>
      doc.platform === null
        ? eb('d.category_id', '=', doc.category_id)
        : eb.or([eb('d.category_id', '=', doc.category_id), eb('d.platform', '=', doc.platform)]),
    )
    .orderBy(
      sql`(case when d.category_id = ${doc.category_id} then 2 else 0 end) + (case when d.platform = ${doc.platform} then 1 else 0 end)`,
      'desc',
    )
    .orderBy('d.views', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** Whether a published document exists; on PostgreSQL its row stays locked until the transaction ends. */
export async function lockPublished(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: number,
): Promise<boolean> {
  let lookup = trx
    .selectFrom('help_documents')
    .select('id')
    .where('id', '=', id)
    .where('is_published', '=', 1);
  if (dialect === 'postgres') lookup = lookup.forUpdate();
  return (await lookup.executeTakeFirst()) !== undefined;
}

export function findRating(db: Db, documentId: number, userId: number) {
  return db
    .selectFrom('help_document_ratings')
    .select('rating')
    .where('document_id', '=', documentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateRating(
  db: Db,
  r: { documentId: number; userId: number; rating: number; feedback: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('help_document_ratings')
    .set({ rating: r.rating, feedback: r.feedback, updated_at: r.at })
    .where('document_id', '=', r.documentId)
    .where('user_id', '=', r.userId)
    .execute();
}

export async function insertRating(
  db: Db,
  r: { documentId: number; userId: number; rating: number; feedback: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('help_document_ratings')
    .values({
      document_id: r.documentId,
      user_id: r.userId,
      rating: r.rating,
      feedback: r.feedback,
      created_at: r.at,
      updated_at: r.at,
    })
    .execute();
}

/** Adds to a document's rating totals (a changed rating adds the difference and no count). */
export async function addToRatingTotals(db: Db, id: number, sum: number, count: number): Promise<void> {
  await db
    .updateTable('help_documents')
    .set((eb) => ({ rating_sum: eb('rating_sum', '+', sum), rating_count: eb('rating_count', '+', count) }))
    .where('id', '=', id)
    .execute();
}

export function ratingTotals(db: Db, id: number) {
  return db
    .selectFrom('help_documents')
    .select(['rating_sum', 'rating_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Every category with its count of documents; only published ones of `locale` when given. */
export function categoriesWithCounts(db: Db, publishedIn?: Locale) {
  return db
    .selectFrom('help_categories as c')
    .leftJoin('help_documents as d', (join) => {
      const j = join.onRef('d.category_id', '=', 'c.id');
      return publishedIn === undefined ? j : j.on('d.locale', '=', publishedIn).on('d.is_published', '=', 1);
    })
    .select(['c.id', 'c.slug', 'c.name', 'c.translations', 'c.sort_order'])
    .select((eb) => eb.fn.count<number | string>('d.id').as('document_count'))
    .groupBy(['c.id', 'c.slug', 'c.name', 'c.translations', 'c.sort_order'])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

// ---- staff ----

export async function insertCategory(db: Db, values: Insertable<HelpCategoriesTable>): Promise<number> {
  const row = await db.insertInto('help_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** false when there is no such category. */
export async function updateCategory(
  db: Db,
  id: number,
  values: Updateable<HelpCategoriesTable>,
): Promise<boolean> {
  const result = await db.updateTable('help_categories').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('help_categories').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

export function pageOfDocuments(
  db: Db,
  q: PageQuery & { locale?: Locale; category_id?: number; slug?: string },
) {
  let base = db.selectFrom('help_documents');
  if (q.locale) base = base.where('locale', '=', q.locale);
  if (q.category_id !== undefined) base = base.where('category_id', '=', q.category_id);
  if (q.slug) base = base.where('slug', '=', q.slug);
  return fetchPage(base, q, (qb) =>
    qb.selectAll().orderBy('sort_order').orderBy('slug').orderBy('locale').execute(),
  );
}

export function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('help_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertDocument(db: Db, values: Insertable<HelpDocumentsTable>): Promise<DocumentRow> {
  return db.insertInto('help_documents').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDocument(
  db: Db,
  id: number,
  values: Updateable<HelpDocumentsTable>,
): Promise<DocumentRow> {
  return db
    .updateTable('help_documents')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
