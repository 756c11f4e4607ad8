import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

interface ListPaginationProps {
  page: number;
  pages: number;
  total: number;
  onChange: (page: number) => void;
}

/** "Page 2 of 5, 93 in all" and the page buttons (hidden with one page). */
export function ListPagination({ page, pages, total, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('common.pageOf', { page, pages: Math.max(pages, 1), total })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          aria-label={t('common.pagination')}
          getItemProps={(n) => ({ 'aria-label': t('common.pageN', { page: n }) })}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('common.previousPage') : t('common.nextPage'),
          })}
        />
      )}
    </Group>
  );
}
