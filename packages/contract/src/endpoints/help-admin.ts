import { z } from 'zod';
import { MAX_INT, idParamSchema, intInput, lineText, multilineText } from '../inputs.js';
import { defineEndpoint, pageSchema } from '../endpoint.js';
import { vkey } from '../i18n/validation-messages.js';
import { LOCALES } from '../locales.js';
import { paginationQuerySchema } from '../validation.js';
import { HELP_LIMITS, documentParams, helpPlatformSchema, id } from './help.js';

/** The staff side of the help endpoints (under ADMIN_API_PREFIX): exported by the contract's admin entry. */
// Staff side (ADMIN_API_PREFIX).

const slugSchema = lineText({ error: vkey('help_slug') })
  .trim()
  .max(HELP_LIMITS.slugMax, { error: vkey('help_slug') })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: vkey('help_slug') });

const categoryName = lineText({ error: vkey('required') })
  .trim()
  .min(1, { error: vkey('required') })
  .max(HELP_LIMITS.categoryNameMax, { error: vkey('too_long') });

export const helpLocalizedName = z.object({ zh_CN: categoryName, zh_TW: categoryName, en: categoryName });

const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);

export const helpCategoryInput = z.object({
  slug: slugSchema,
  name: helpLocalizedName,
  sort_order: sortOrder.default(0),
});
export type HelpCategoryInput = z.input<typeof helpCategoryInput>;

export const adminCategoryData = z.object({
  id,
  slug: z.string(),
  name: helpLocalizedName,
  sort_order: z.number().int(),
  /** Documents of the category in every language, published or not. */
  document_count: z.number().int(),
});
export type AdminHelpCategory = z.infer<typeof adminCategoryData>;

export const adminListCategories = defineEndpoint({
  method: 'GET',
  path: '/help/categories',
  summary: 'Every help category with its names in all languages',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.read',
  data: z.array(adminCategoryData),
});

export const adminCreateCategory = defineEndpoint({
  method: 'POST',
  path: '/help/categories',
  summary: 'Create a help category',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.write',
  body: helpCategoryInput,
  data: adminCategoryData,
});

export const adminUpdateCategory = defineEndpoint({
  method: 'PUT',
  path: '/help/categories/:id',
  summary: 'Replace a help category (slug, names, order)',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.write',
  params: z.object({ id: idParamSchema }),
  body: helpCategoryInput,
  data: adminCategoryData,
});

/** Fields of a document; no defaults here, so the partial (edit) form leaves what it does not name alone. */
const documentFields = {
  category_id: intInput(1, MAX_INT, vkey('help_category_missing')),
  slug: slugSchema,
  locale: z.enum(LOCALES),
  title: lineText({ error: vkey('required') })
    .trim()
    .min(1, { error: vkey('required') })
    .max(HELP_LIMITS.titleMax, { error: vkey('too_long') }),
  summary: multilineText()
    .trim()
    .max(HELP_LIMITS.summaryMax, { error: vkey('too_long') }),
  /** Markdown */
  content: multilineText({ error: vkey('required') })
    .min(1, { error: vkey('required') })
    .max(HELP_LIMITS.contentMax, { error: vkey('too_long') })
    .refine((c) => c.trim().length > 0, { error: vkey('required') }),
  platform: helpPlatformSchema.nullable(),
  is_published: z.boolean(),
  sort_order: sortOrder,
};

export const helpDocumentInput = z.object({
  ...documentFields,
  summary: documentFields.summary.default(''),
  platform: documentFields.platform.default(null),
  is_published: documentFields.is_published.default(true),
  sort_order: documentFields.sort_order.default(0),
});
export type HelpDocumentInput = z.input<typeof helpDocumentInput>;

export const helpDocumentPatch = z.object(documentFields).partial();
export type HelpDocumentPatch = z.input<typeof helpDocumentPatch>;

export const adminDocumentItem = z.object({
  id,
  category_id: id,
  slug: z.string(),
  locale: z.enum(LOCALES),
  title: z.string(),
  summary: z.string(),
  platform: helpPlatformSchema.nullable(),
  is_published: z.boolean(),
  sort_order: z.number().int(),
  views: z.number().int(),
  rating: z.number().nullable(),
  rating_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminHelpDocumentItem = z.infer<typeof adminDocumentItem>;

export const adminDocumentData = adminDocumentItem.extend({ content: z.string() });
export type AdminHelpDocument = z.infer<typeof adminDocumentData>;

export const adminListDocuments = defineEndpoint({
  method: 'GET',
  path: '/help/documents',
  summary: 'Every document in every language, published or not (filter by language, category, slug)',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.read',
  query: paginationQuerySchema.extend({
    locale: z.enum(LOCALES).optional(),
    category_id: idParamSchema.optional(),
    slug: lineText().trim().max(HELP_LIMITS.slugMax).optional(),
  }),
  data: pageSchema(adminDocumentItem),
});

export const adminGetDocument = defineEndpoint({
  method: 'GET',
  path: '/help/documents/:id',
  summary: 'One document with its Markdown source',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.read',
  params: documentParams,
  data: adminDocumentData,
});

export const adminCreateDocument = defineEndpoint({
  method: 'POST',
  path: '/help/documents',
  summary: 'Create a document in one language (Markdown); it is indexed for search at once',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.write',
  body: helpDocumentInput,
  data: adminDocumentData,
});

export const adminUpdateDocument = defineEndpoint({
  method: 'PATCH',
  path: '/help/documents/:id',
  summary: 'Change some fields of a document; it is re-indexed for search at once',
  tags: ['admin', 'help'],
  auth: true,
  permission: 'content.write',
  params: documentParams,
  body: helpDocumentPatch,
  data: adminDocumentData,
});
