import { z } from 'zod';
import { idParamSchema, lineText } from '../inputs.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { LOCALES } from '../locales.js';
import { HELP_LIMITS } from '../constants.js';
import { paginationQuerySchema, rateBodySchema } from '../validation.js';

/**
 * The help centre: documents in the caller's language (one row per language, sharing a slug), searched with the
 * database's full-text search, rated 1-5 by signed-in users. Content is Markdown and stays Markdown: the server
 * never renders it; the web renders it without raw HTML. Endpoints with a staff permission are the staff side.
 */
export { HELP_LIMITS } from '../constants.js';

export const HELP_PLATFORMS = ['windows', 'macos', 'ios', 'android', 'linux'] as const;
export const helpPlatformSchema = z.enum(HELP_PLATFORMS);
export type HelpPlatform = z.infer<typeof helpPlatformSchema>;

export const id = z.number().int();

export const helpCategoryData = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  /** Published documents of the category in the caller's language. */
  document_count: z.number().int(),
});
export type HelpCategory = z.infer<typeof helpCategoryData>;

/** A document as lists show it: no content. */
export const helpDocumentItem = z.object({
  id,
  slug: z.string(),
  category_id: id,
  category_name: z.string(),
  title: z.string(),
  summary: z.string(),
  /** null: applies to every platform */
  platform: helpPlatformSchema.nullable(),
  views: z.number().int(),
  /** Average of the ratings, one decimal; null before the first. */
  rating: z.number().nullable(),
  rating_count: z.number().int(),
  updated_at: z.string(),
});
export type HelpDocumentItem = z.infer<typeof helpDocumentItem>;

export const helpMyRating = z.object({
  rating: z.number().int(),
  feedback: z.string().nullable(),
  rated_at: z.string(),
});
export type HelpMyRating = z.infer<typeof helpMyRating>;

export const helpDocumentData = helpDocumentItem.extend({
  locale: z.enum(LOCALES),
  /** Markdown source. */
  content: z.string(),
  created_at: z.string(),
  /** The caller's own rating, null when they have not rated this document. */
  my_rating: helpMyRating.nullable(),
  /** A few documents of the same category and/or platform, in the same language. */
  related: z.array(helpDocumentItem),
});
export type HelpDocument = z.infer<typeof helpDocumentData>;

export const helpRatingResult = z.object({
  document_id: id,
  rating: z.number().nullable(),
  rating_count: z.number().int(),
  my_rating: helpMyRating,
});
export type HelpRatingResult = z.infer<typeof helpRatingResult>;

export const documentParams = z.object({ id: idParamSchema });

export const helpSearchSchema = lineText()
  .trim()
  .max(HELP_LIMITS.searchMax, { error: vkey('help_search_max') });

export const listDocuments = defineEndpoint({
  method: 'GET',
  path: '/help/documents',
  summary:
    'Published documents in the caller language: full-text search (Chinese and English), category and platform filters; ranked by relevance, then views',
  tags: ['help'],
  auth: true,
  query: paginationQuerySchema.extend({
    search: helpSearchSchema.optional(),
    category_id: idParamSchema.optional(),
    platform: helpPlatformSchema.optional(),
  }),
  data: pageSchema(helpDocumentItem),
});

export const getDocument = defineEndpoint({
  method: 'GET',
  path: '/help/documents/:id',
  summary:
    'One document (Markdown source) in the caller language when it has that translation; counts a view; with the caller rating and related documents',
  tags: ['help'],
  auth: true,
  params: documentParams,
  data: helpDocumentData,
});

export const rateDocument = defineEndpoint({
  method: 'POST',
  path: '/help/documents/:id/rating',
  summary:
    "Rate a document 1-5 with optional feedback; one rating per user, a new one replaces the caller's own",
  tags: ['help'],
  auth: true,
  params: documentParams,
  body: rateBodySchema,
  data: helpRatingResult,
});

export const listCategories = defineEndpoint({
  method: 'GET',
  path: '/help/categories',
  summary: 'Help categories with their published document counts in the caller language',
  tags: ['help'],
  auth: true,
  data: z.array(helpCategoryData),
});
