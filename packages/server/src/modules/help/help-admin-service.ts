import {
  VALIDATION_MESSAGES,
  type ErrorName,
  type Locale,
  type ValidationMessageKey,
} from '@portal/contract';
import {
  type AdminHelpCategory,
  type AdminHelpDocument,
  type AdminHelpDocumentItem,
} from '@portal/contract/admin';
import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { Database, Db, HelpDocumentsTable } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { pick, recordAudit } from '../audit/audit-log.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { toPage, type Page, type PageQuery } from '../../lib/paginate.js';
import { averageRating, categoryNames, categoryTranslations } from './mapping.js';
import * as repo from './repository.js';
import { documentIndex } from './tokenizer.js';

type DocumentRow = Selectable<HelpDocumentsTable>;

export interface CategoryInput {
  slug: string;
  name: Record<Locale, string>;
  sort_order: number;
}

export interface DocumentInput {
  category_id: number;
  slug: string;
  locale: Locale;
  title: string;
  summary: string;
  content: string;
  platform: DocumentRow['platform'];
  is_published: boolean;
  sort_order: number;
}

/** A refused field, answered like a validation failure (data.field, data.errors) in the caller's language. */
function fieldError(
  error: ErrorName,
  field: string,
  key: ValidationMessageKey,
  locale: Locale,
  status?: number,
): AppError {
  const message = VALIDATION_MESSAGES[key][locale];
  return new AppError(error, { field, errors: [{ field, message }] }, status ? { status } : undefined);
}

function toAdminItem(row: DocumentRow): AdminHelpDocumentItem {
  return {
    id: row.id,
    category_id: row.category_id,
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    summary: row.summary,
    platform: row.platform,
    is_published: row.is_published === 1,
    sort_order: row.sort_order,
    views: Number(row.views),
    rating: averageRating(row.rating_sum, row.rating_count),
    rating_count: Number(row.rating_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toAdminDocument(row: DocumentRow): AdminHelpDocument {
  return { ...toAdminItem(row), content: row.content };
}

/**
 * The staff side: categories and documents (Markdown), one language per document row. Every write of a document
 * stores its search tokens in the same statement, so the full-text index follows at once.
 */
export class HelpAdminService {
  constructor(private readonly db: Kysely<Database>) {}

  async categories(): Promise<AdminHelpCategory[]> {
    const rows = await repo.categoriesWithCounts(this.db);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: categoryNames(r),
      sort_order: r.sort_order,
      document_count: Number(r.document_count),
    }));
  }

  private async category(id: number): Promise<AdminHelpCategory> {
    const found = (await this.categories()).find((c) => c.id === id);
    if (!found) throw new AppError('NOT_FOUND', { resource: 'help_category', id });
    return found;
  }

  async createCategory(input: CategoryInput, locale: Locale, actor: StaffActor): Promise<AdminHelpCategory> {
    const values = {
      slug: input.slug,
      name: input.name.zh_CN,
      translations: categoryTranslations(input.name),
      sort_order: input.sort_order,
    };
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const created = await repo.insertCategory(trx, values);
        await recordAudit(trx, actor, {
          action: 'help_category.create',
          targetType: 'help_category',
          targetId: created,
          before: null,
          after: values,
        });
        return created;
      });
      return await this.category(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('VALIDATION', 'body.slug', 'help_slug_taken', locale, 409);
      throw err;
    }
  }

  async updateCategory(
    id: number,
    input: CategoryInput,
    locale: Locale,
    actor: StaffActor,
  ): Promise<AdminHelpCategory> {
    const values = {
      slug: input.slug,
      name: input.name.zh_CN,
      translations: categoryTranslations(input.name),
      sort_order: input.sort_order,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('help_categories')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before || !(await repo.updateCategory(trx, id, values)))
          throw new AppError('NOT_FOUND', { resource: 'help_category', id });
        await recordAudit(trx, actor, {
          action: 'help_category.update',
          targetType: 'help_category',
          targetId: id,
          before: pick(before, Object.keys(values)),
          after: values,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('VALIDATION', 'body.slug', 'help_slug_taken', locale, 409);
      throw err;
    }
    return this.category(id);
  }

  async documents(
    q: PageQuery & { locale?: Locale; category_id?: number; slug?: string },
  ): Promise<Page<AdminHelpDocumentItem>> {
    const { rows, total } = await repo.pageOfDocuments(this.db, q);
    return toPage(rows.map(toAdminItem), total, q);
  }

  async document(id: number): Promise<AdminHelpDocument> {
    return toAdminDocument(await this.row(this.db, id));
  }

  private async row(db: Db, id: number): Promise<DocumentRow> {
    const row = await repo.findDocument(db, id);
    if (!row) throw new AppError('HELP_DOCUMENT_NOT_FOUND');
    return row;
  }

  private async requireCategory(db: Db, id: number, locale: Locale): Promise<void> {
    if (!(await repo.categoryExists(db, id)))
      throw fieldError('VALIDATION', 'body.category_id', 'help_category_missing', locale);
  }

  async createDocument(input: DocumentInput, locale: Locale, actor: StaffActor): Promise<AdminHelpDocument> {
    return this.db.transaction().execute(async (trx) => {
      await this.requireCategory(trx, input.category_id, locale);
      const now = nowIso();
      try {
        const row = await repo.insertDocument(trx, {
          ...input,
          is_published: input.is_published ? 1 : 0,
          ...documentIndex(input),
          created_at: now,
          updated_at: now,
        });
        await recordAudit(trx, actor, {
          action: 'help_document.create',
          targetType: 'help_document',
          targetId: row.id,
          before: null,
          after: { ...input },
        });
        return toAdminDocument(row);
      } catch (err) {
        if (isUniqueViolation(err))
          throw fieldError('VALIDATION', 'body.slug', 'help_slug_taken', locale, 409);
        throw err;
      }
    });
  }

  /** Changes the fields given; the search tokens are written again from the result. */
  async updateDocument(
    id: number,
    patch: Partial<DocumentInput>,
    locale: Locale,
    actor: StaffActor,
  ): Promise<AdminHelpDocument> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.row(trx, id);
      if (patch.category_id !== undefined) await this.requireCategory(trx, patch.category_id, locale);
      const next = {
        category_id: patch.category_id ?? current.category_id,
        slug: patch.slug ?? current.slug,
        locale: patch.locale ?? current.locale,
        title: patch.title ?? current.title,
        summary: patch.summary ?? current.summary,
        content: patch.content ?? current.content,
        platform: patch.platform === undefined ? current.platform : patch.platform,
        is_published: patch.is_published === undefined ? current.is_published : patch.is_published ? 1 : 0,
        sort_order: patch.sort_order ?? current.sort_order,
      };
      try {
        const row = await repo.updateDocument(trx, id, {
          ...next,
          ...documentIndex(next),
          updated_at: nowIso(),
        });
        await recordAudit(trx, actor, {
          action: 'help_document.update',
          targetType: 'help_document',
          targetId: id,
          before: pick(current, Object.keys(next)),
          after: next,
        });
        return toAdminDocument(row);
      } catch (err) {
        if (isUniqueViolation(err))
          throw fieldError('VALIDATION', 'body.slug', 'help_slug_taken', locale, 409);
        throw err;
      }
    });
  }
}
