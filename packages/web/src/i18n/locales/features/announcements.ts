import type { DeepStringRecord } from '../zh_CN';

/** Messages of the announcements feature, kept in their own file (zh_CN is the source; zh_TW and en have the same keys). */
export const announcementsZhCN = {} as const;

export const announcementsZhTW: DeepStringRecord<typeof announcementsZhCN> = {};

export const announcementsEn: DeepStringRecord<typeof announcementsZhCN> = {};
