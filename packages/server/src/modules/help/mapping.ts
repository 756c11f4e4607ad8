import type { HelpDocumentItem, HelpMyRating, Locale } from '@portal/contract';
import type { HelpDocumentsTable } from '../../db/types.js';

/** Average of the ratings with one decimal; null before the first rating. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((Number(sum) * 10) / Number(count)) / 10 : null;
}

/** A category's name in `locale` from its translations JSON, else the stored (zh_CN) name. */
export function categoryName(row: { name: string; translations: string | null }, locale: Locale): string {
  if (!row.translations) return row.name;
  try {
    const all = JSON.parse(row.translations) as Record<string, { name?: unknown } | undefined>;
    const name = all[locale]?.name;
    return typeof name === 'string' && name.trim() ? name : row.name;
  } catch {
    return row.name;
  }
}

/** The names of a category in every language (what the staff API reads and writes). */
export function categoryNames(row: { name: string; translations: string | null }): Record<Locale, string> {
  return {
    zh_CN: categoryName(row, 'zh_CN'),
    zh_TW: categoryName(row, 'zh_TW'),
    en: categoryName(row, 'en'),
  };
}

export function categoryTranslations(names: Record<Locale, string>): string {
  return JSON.stringify({
    zh_CN: { name: names.zh_CN },
    zh_TW: { name: names.zh_TW },
    en: { name: names.en },
  });
}

/** The columns a list item needs (documents as d, categories as c). */
export const ITEM_COLUMNS = [
  'd.id',
  'd.slug',
  'd.category_id',
  'd.title',
  'd.summary',
  'd.platform',
  'd.views',
  'd.rating_sum',
  'd.rating_count',
  'd.updated_at',
  'c.name as category_name',
  'c.translations as category_translations',
] as const;

export type ItemRow = Pick<
  HelpDocumentsTable,
  'slug' | 'category_id' | 'title' | 'platform' | 'updated_at'
> & {
  id: number;
  summary: string;
  views: number;
  rating_sum: number;
  rating_count: number;
  category_name: string;
  category_translations: string | null;
};

export function toItem(row: ItemRow, locale: Locale): HelpDocumentItem {
  return {
    id: row.id,
    slug: row.slug,
    category_id: row.category_id,
    category_name: categoryName({ name: row.category_name, translations: row.category_translations }, locale),
    title: row.title,
    summary: row.summary,
    platform: row.platform,
    views: Number(row.views),
    rating: averageRating(row.rating_sum, row.rating_count),
    rating_count: Number(row.rating_count),
    updated_at: row.updated_at,
  };
}

export function toMyRating(row: {
  my_rating: number | null;
  my_feedback: string | null;
  my_rated_at: string | null;
}): HelpMyRating | null {
  if (row.my_rating === null || row.my_rated_at === null) return null;
  return { rating: Number(row.my_rating), feedback: row.my_feedback, rated_at: row.my_rated_at };
}
