import {
  HELP_LIMITS,
  type HelpCategory,
  type HelpDocument,
  type HelpDocumentItem,
  type HelpPlatform,
  type HelpRatingResult,
  type Locale,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { toPage, type Page, type PageQuery } from '../../lib/paginate.js';
import { averageRating, categoryName, toItem, toMyRating } from './mapping.js';
import * as repo from './repository.js';
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
    const filter = { ...q, locale };
    const search = q.search?.trim() ?? '';
    if (search === '') {
      const { rows, total } = await repo.pageOfPublished(this.db, filter);
      return toPage(
        rows.map((r) => toItem(r, locale)),
        total,
        q,
      );
    }
    const tokens = queryTokens(search);
    // Only punctuation or symbols: nothing can match.
    if (tokens.length === 0) return toPage([], 0, q);
    const { rows, total } = await repo.pageOfMatches(this.db, this.dialect, tokens, filter);
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
    await repo.countView(this.db, docId);
    const row = await repo.documentForReader(this.db, docId, userId);
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
    const doc = await repo.findPublished(this.db, id);
    if (!doc) throw new AppError('HELP_DOCUMENT_NOT_FOUND');
    if (doc.locale === locale) return doc.id;
    const translation = await repo.findPublishedTranslation(this.db, doc.slug, locale);
    return translation?.id ?? doc.id;
  }

  /** Same category and/or platform, same language, not itself: both first, then category, then platform; by views. */
  private async related(
    doc: { id: number; category_id: number; platform: HelpPlatform | null; locale: Locale },
    callerLocale: Locale,
  ): Promise<HelpDocumentItem[]> {
    const rows = await repo.related(this.db, doc, HELP_LIMITS.relatedMax);
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
      if (!(await repo.lockPublished(trx, this.dialect, id))) throw new AppError('HELP_DOCUMENT_NOT_FOUND');

      const now = nowIso();
      const previous = await repo.findRating(trx, id, userId);
      const rating = { documentId: id, userId, rating: input.rating, feedback, at: now };
      if (previous) {
        await repo.updateRating(trx, rating);
        await repo.addToRatingTotals(trx, id, input.rating - Number(previous.rating), 0);
      } else {
        await repo.insertRating(trx, rating);
        await repo.addToRatingTotals(trx, id, input.rating, 1);
      }
      const totals = await repo.ratingTotals(trx, id);
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
    const rows = await repo.categoriesWithCounts(this.db, locale);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: categoryName(r, locale),
      document_count: Number(r.document_count),
    }));
  }
}
