import type { Locale } from '@portal/contract';
import type { AdminMessages } from './zh_CN';

/** The console's messages by language, each its own chunk (i18n namespace `admin`). */
export const ADMIN_MESSAGE_LOADERS: Record<Locale, () => Promise<AdminMessages>> = {
  zh_CN: () => import('./zh_CN').then((m) => m.adminZhCN),
  zh_TW: () => import('./zh_TW').then((m) => m.adminZhTW),
  en: () => import('./en').then((m) => m.adminEn),
};
