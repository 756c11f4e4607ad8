import type { DeepStringRecord } from '../zh_CN';

/** Messages of the help feature, kept in their own file (zh_CN is the source; zh_TW and en have the same keys). */
export const helpZhCN = {} as const;

export const helpZhTW: DeepStringRecord<typeof helpZhCN> = {};

export const helpEn: DeepStringRecord<typeof helpZhCN> = {};
