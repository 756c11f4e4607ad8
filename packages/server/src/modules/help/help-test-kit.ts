import type { Locale } from '@portal/contract';
import type { AdminHelpCategory, AdminHelpDocument, HelpDocumentInput } from '@portal/contract/admin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { call, enrolTwoFactor, login, registerUser } from '../../test/accounts.js';

/** Shared by the help centre's API suites: accounts, languages and staff calls that build fixtures. */
export const API = '/api/v1/portal';
export const ADMIN = '/api/v1/admin';

export const HEADER_LOCALE: Record<Locale, string> = { zh_CN: 'zh-CN', zh_TW: 'zh-TW', en: 'en' };

export const lang = (locale: Locale) => ({ 'accept-language': HEADER_LOCALE[locale] });

/** A signed-in customer (help needs no verified email). */
export async function member(app: FastifyInstance): Promise<string> {
  const email = await registerUser(app);
  return (await login(app, email)).access_token;
}

/** A signed-in operator: a customer promoted as `npm run cli -- user:promote` does. */
export async function staff(app: FastifyInstance, db: Kysely<Database>): Promise<string> {
  const email = await registerUser(app);
  await db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
  const token = (await login(app, email)).access_token;
  await enrolTwoFactor(app, token);
  return token;
}

export async function createCategory(
  app: FastifyInstance,
  token: string,
  slug: string,
  name: Record<Locale, string>,
  sort_order = 0,
): Promise<AdminHelpCategory> {
  const r = await call<AdminHelpCategory>(app, {
    method: 'POST',
    url: `${ADMIN}/help/categories`,
    token,
    payload: { slug, name, sort_order },
  });
  if (r.code !== 20000) throw new Error(`create category failed: ${r.code} ${r.message}`);
  return r.data;
}

export async function createDocument(
  app: FastifyInstance,
  token: string,
  input: HelpDocumentInput,
): Promise<AdminHelpDocument> {
  const r = await call<AdminHelpDocument>(app, {
    method: 'POST',
    url: `${ADMIN}/help/documents`,
    token,
    payload: input,
  });
  if (r.code !== 20000) throw new Error(`create document failed: ${r.code} ${r.message}`);
  return r.data;
}

/** One document in several languages: { locale: [title, summary, content] }. */
export async function createTranslated(
  app: FastifyInstance,
  token: string,
  base: Omit<HelpDocumentInput, 'locale' | 'title' | 'summary' | 'content'>,
  texts: Partial<Record<Locale, [string, string, string]>>,
): Promise<Partial<Record<Locale, AdminHelpDocument>>> {
  const out: Partial<Record<Locale, AdminHelpDocument>> = {};
  for (const [locale, [title, summary, content]] of Object.entries(texts) as [
    Locale,
    [string, string, string],
  ][]) {
    out[locale] = await createDocument(app, token, { ...base, locale, title, summary, content });
  }
  return out;
}

/** rating_sum / rating_count of a document equal what its rating rows add up to. */
export async function ratingTotals(db: Kysely<Database>, documentId: number) {
  const doc = await db
    .selectFrom('help_documents')
    .select(['rating_sum', 'rating_count'])
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('help_document_ratings')
    .select('rating')
    .where('document_id', '=', documentId)
    .execute();
  return {
    stored: { sum: Number(doc.rating_sum), count: Number(doc.rating_count) },
    actual: { sum: rows.reduce((s, r) => s + Number(r.rating), 0), count: rows.length },
  };
}
