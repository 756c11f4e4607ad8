import type { DeepStringRecord } from '../zh_CN';

/** Messages of the tickets feature, kept in their own file (zh_CN is the source; zh_TW and en have the same keys). */
export const ticketsZhCN = {} as const;

export const ticketsZhTW: DeepStringRecord<typeof ticketsZhCN> = {};

export const ticketsEn: DeepStringRecord<typeof ticketsZhCN> = {};
