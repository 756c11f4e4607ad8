import { LOCALES, type Localized } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { categoryTranslations } from '../modules/help/mapping.js';
import { documentIndex } from '../modules/help/tokenizer.js';
import { ACCOUNT_BILLING } from './demo-help/account-billing.js';
import { DESKTOP_CLIENTS } from './demo-help/clients-desktop.js';
import { MOBILE_CLIENTS } from './demo-help/clients-mobile.js';
import { GETTING_STARTED } from './demo-help/getting-started.js';
import { TROUBLESHOOTING } from './demo-help/troubleshooting.js';
import type { DemoHelpDocument } from './demo-help/types.js';

export type { DemoHelpDocument };

/** The help centre of a fresh portal: real guides in every language, grouped in four categories. */
export const DEMO_HELP_CATEGORIES: { slug: string; name: Localized }[] = [
  { slug: 'getting-started', name: { zh_CN: '快速入门', zh_TW: '快速入門', en: 'Getting started' } },
  { slug: 'clients', name: { zh_CN: '客户端配置', zh_TW: '用戶端設定', en: 'Client setup' } },
  { slug: 'troubleshooting', name: { zh_CN: '故障排查', zh_TW: '疑難排解', en: 'Troubleshooting' } },
  { slug: 'account-billing', name: { zh_CN: '账户与账单', zh_TW: '帳戶與帳單', en: 'Account & billing' } },
];

export const DEMO_HELP_DOCUMENTS: DemoHelpDocument[] = [
  ...GETTING_STARTED,
  ...DESKTOP_CLIENTS,
  ...MOBILE_CLIENTS,
  ...TROUBLESHOOTING,
  ...ACCOUNT_BILLING,
];

/** Inserts the demo help centre (inside the demo seed's transaction), every document indexed for search. */
export async function seedDemoHelp(trx: Transaction<Database>, now: string): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const [i, c] of DEMO_HELP_CATEGORIES.entries()) {
    const row = await trx
      .insertInto('help_categories')
      .values({ slug: c.slug, name: c.name.zh_CN, translations: categoryTranslations(c.name), sort_order: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(c.slug, row.id);
  }
  const rows = DEMO_HELP_DOCUMENTS.flatMap((d, i) => {
    const categoryId = categoryIds.get(d.category);
    if (categoryId === undefined) throw new Error(`demo help document ${d.slug}: no category ${d.category}`);
    return LOCALES.map((locale) => {
      const text = { title: d.title[locale], summary: d.summary[locale], content: d.content[locale] };
      return {
        category_id: categoryId,
        slug: d.slug,
        locale,
        ...text,
        ...documentIndex(text),
        platform: d.platform,
        sort_order: i,
        created_at: now,
        updated_at: now,
      };
    });
  });
  await trx.insertInto('help_documents').values(rows).execute();
}
