import { Group, Text } from '@mantine/core';
import { IconEye, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { HelpDocumentItem } from '@portal/contract';

type Stats = Pick<HelpDocumentItem, 'views' | 'rating' | 'rating_count'>;

/**
 * Views and the average rating of a document, as list rows and the document page show them: only what says
 * something (no "0 views", no "no ratings yet" on every card); nothing at all for a new document.
 */
export function DocumentStats({ doc, variant = 'list' }: { doc: Stats; variant?: 'list' | 'document' }) {
  const { t } = useTranslation();
  const views = doc.views > 0;
  const rating = doc.rating !== null && doc.rating_count > 0 ? doc.rating : null;
  if (!views && rating === null) return null;
  return (
    <Group gap="md" wrap="wrap" data-testid="help-stats">
      {views && (
        <Group gap={4} wrap="nowrap">
          <IconEye size={14} aria-hidden />
          <Text size="xs" c="dimmed" data-testid="help-views">
            {t(`help.${variant}.views`, { count: doc.views })}
          </Text>
        </Group>
      )}
      {rating !== null && (
        <Group gap={4} wrap="nowrap">
          <IconStarFilled size={14} aria-hidden color="var(--mantine-color-yellow-6)" />
          <Text size="xs" c="dimmed" data-testid="help-rating">
            {t(`help.${variant}.rating`, { rating: rating.toFixed(1), count: doc.rating_count })}
          </Text>
        </Group>
      )}
    </Group>
  );
}
