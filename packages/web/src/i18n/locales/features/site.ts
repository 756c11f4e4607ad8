import type { DeepStringRecord } from '../zh_CN';

/** Messages of the site feature, kept in their own file (zh_CN is the source; zh_TW and en have the same keys). */
export const siteZhCN = {} as const;

export const siteZhTW: DeepStringRecord<typeof siteZhCN> = {};

export const siteEn: DeepStringRecord<typeof siteZhCN> = {};
