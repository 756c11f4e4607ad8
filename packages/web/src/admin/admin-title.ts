import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * The tab's title: the page's name and the console's. A section's route sets it; a page that names itself (one
 * ticket, by its number) sets it instead, and its route passes null.
 */
export function useAdminTitle(page: string | null) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    if (page !== null) document.title = t('pageTitle', { page });
  }, [page, t]);
}
