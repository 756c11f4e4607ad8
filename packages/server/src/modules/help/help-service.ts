import {
  HELP_LIMITS,
  type HelpCategory,
  type HelpDocument,
  type HelpDocumentItem,
  type HelpPlatform,
  type HelpRatingResult,
  type Locale,
} from '@portal/contract';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { fetchPage, toPage, type Page, type PageQuery } from '../../lib/paginate.js';
import { averageRating, categoryName, ITEM_COLUMNS, toItem, toMyRating } from './mapping.js';
import { matchingDocuments } from './search.js';
import { queryTokens } from './tokenizer.js';

export interface DocumentQuery extends PageQuery {
  search?: string;
  category_id?: number;
  platform?: HelpPlatform;
}

/** What customers do in the help centre: find, read and rate documents in their language. */
export class HelpService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Published documents of the caller's language; ranked by relevance then views when searching. */
  async list(q: DocumentQuery, locale: Locale): Promise<Page<HelpDocumentItem>> {
    let base = this.db
      .selectFrom('help_documents as d')
      .innerJoin('help_categories as c', 'c.id', 'd.category_id')
      .where('d.locale', '=', locale)
      .where('d.is_published', '=', 1);
    if (q.category_id !== undefined) base = base.where('d.category_id', '=', q.category_id);
    if (q.platform !== undefined) base = base.where('d.platform', '=', q.platform);

    const search = q.search?.trim() ?? '';
    if (search === '') {
      const { rows, total } = await fetchPage(base, q, (qb) =>
        qb.select(ITEM_COLUMNS).orderBy('c.sort_order').orderBy('d.sort_order').orderBy('d.id').execute(),
      );
      return toPage(
        rows.map((r) => toItem(r, locale)),
        total,
        q,
      );
    }
    const tokens = queryTokens(search);
    // Only punctuation or symbols: nothing can match.
    if (tokens.length === 0) return toPage([], 0, q);
    const matched = base.innerJoin(matchingDocuments(this.dialect, tokens), 'm.id', 'd.id');
    const { rows, total } = await fetchPage(matched, q, (qb) =>
      qb.select(ITEM_COLUMNS).orderBy('m.rank', 'desc').orderBy('d.views', 'desc').orderBy('d.id').execute(),
    );
    return toPage(
      rows.map((r) => toItem(r, locale)),
      total,
      q,
    );
  }

  /**
   * One published document, counted as a view. A document asked for by the id of another language's version is
   * answered in the caller's language when that translation exists (switching language keeps the page).
   */
  async get(id: number, locale: Locale, userId: number): Promise<HelpDocument> {
    const docId = await this.resolve(id, locale);
    await this.db
      .updateTable('help_documents')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', docId)
      .execute();
    const row = await this.db
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
      .where('d.id', '=', docId)
      .executeTakeFirst();
    if (!row) throw new AppError('HELP_DOCUMENT_NOT_FOUND');
    return {
      // Category names follow the interface language even when the document has no translation in it.
      ...toItem(row, locale),
      locale: row.locale,
      content: row.content,
      created_at: row.created_at,
      my_rating: toMyRating(row),
      related: await this.related(row, locale),
    };
  }

  private async resolve(id: number, locale: Locale): Promise<number> {
    const doc = await this.db
      .selectFrom('help_documents')
      .select(['id', 'slug', 'locale'])
      .where('id', '=', id)
      .where('is_published', '=', 1)
      .executeTakeFirst();
    if (!doc) throw new AppError('HELP_DOCUMENT_NOT_FOUND');
    if (doc.locale === locale) return doc.id;
    const translation = await this.db
      .selectFrom('help_documents')
      .select('id')
      .where('slug', '=', doc.slug)
      .where('locale', '=', locale)
      .where('is_published', '=', 1)
      .executeTakeFirst();
    return translation?.id ?? doc.id;
  }

  /** Same category and/or platform, same language, not itself: both first, then category, then platform; by views. */
  private async related(
    doc: { id: number; category_id: number; platform: HelpPlatform | null; locale: Locale },
    callerLocale: Locale,
  ): Promise<HelpDocumentItem[]> {
    const rows = await this.db
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
      .limit(HELP_LIMITS.relatedMax)
      .execute();
    return rows.map((r) => toItem(r, callerLocale));
  }

  /**
   * The caller's rating of a published document: the first one adds to the count, a later one replaces it. The
   * document's sum and count change in the same transaction, with the document row locked (PostgreSQL) or the
   * database written by one connection at a time (SQLite), so concurrent ratings add up exactly.
   */
  async rate(
    id: number,
    userId: number,
    input: { rating: number; feedback?: string | null },
  ): Promise<HelpRatingResult> {
    const feedback = input.feedback?.trim() ? input.feedback.trim() : null;
    return this.db.transaction().execute(async (trx) => {
      let lookup = trx
        .selectFrom('help_documents')
        .select('id')
        .where('id', '=', id)
        .where('is_published', '=', 1);
      if (this.dialect === 'postgres') lookup = lookup.forUpdate();
      if (!(await lookup.executeTakeFirst())) throw new AppError('HELP_DOCUMENT_NOT_FOUND');

      const now = nowIso();
      const previous = await trx
        .selectFrom('help_document_ratings')
        .select('rating')
        .where('document_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (previous) {
        await trx
          .updateTable('help_document_ratings')
          .set({ rating: input.rating, feedback, updated_at: now })
          .where('document_id', '=', id)
          .where('user_id', '=', userId)
          .execute();
        await trx
          .updateTable('help_documents')
          .set((eb) => ({ rating_sum: eb('rating_sum', '+', input.rating - Number(previous.rating)) }))
          .where('id', '=', id)
          .execute();
      } else {
        await trx
          .insertInto('help_document_ratings')
          .values({
            document_id: id,
            user_id: userId,
            rating: input.rating,
            feedback,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .updateTable('help_documents')
          .set((eb) => ({
            rating_sum: eb('rating_sum', '+', input.rating),
            rating_count: eb('rating_count', '+', 1),
          }))
          .where('id', '=', id)
          .execute();
      }
      const totals = await trx
        .selectFrom('help_documents')
        .select(['rating_sum', 'rating_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        document_id: id,
        rating: averageRating(totals.rating_sum, totals.rating_count),
        rating_count: Number(totals.rating_count),
        my_rating: { rating: input.rating, feedback, rated_at: now },
      };
    });
  }

  /** Every category with its published documents in the caller's language (one grouped query). */
  async categories(locale: Locale): Promise<HelpCategory[]> {
    const rows = await this.db
      .selectFrom('help_categories as c')
      .leftJoin('help_documents as d', (join) =>
        join.onRef('d.category_id', '=', 'c.id').on('d.locale', '=', locale).on('d.is_published', '=', 1),
      )
      .select(['c.id', 'c.slug', 'c.name', 'c.translations', 'c.sort_order'])
      .select((eb) => eb.fn.count<number | string>('d.id').as('document_count'))
      .groupBy(['c.id', 'c.slug', 'c.name', 'c.translations', 'c.sort_order'])
      .orderBy('c.sort_order')
      .orderBy('c.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: categoryName(r, locale),
      document_count: Number(r.document_count),
    }));
  }
}
