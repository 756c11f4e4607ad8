import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsolePageKey } from '../app/console-pages';
import { EmptyPage } from './empty-page';

/** A console page whose content arrives with its feature: what will appear here, in the current language. */
export function ConsoleEmptyPage({ page, icon }: { page: ConsolePageKey; icon: ReactNode }) {
  const { t } = useTranslation();
  return <EmptyPage icon={icon} title={t(`nav.${page}`)} description={t(`pages.${page}.description`)} />;
}
