import 'i18next';
import type { AdminMessages } from '../admin/i18n/zh_CN';
import type { TranslationResource } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResource; admin: AdminMessages };
  }
}
