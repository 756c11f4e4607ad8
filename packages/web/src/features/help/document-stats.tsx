import { Group, Text } from '@mantine/core';
import { IconEye, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { HelpDocumentItem } from '@portal/contract';

type Stats = Pick<HelpDocumentItem, 'views' | 'rating' | 'rating_count'>;

/** Views and the average rating of a document, as list rows and the document page show them. */
export function DocumentStats({ doc, variant = 'list' }: { doc: Stats; variant?: 'list' | 'document' }) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap">
      <Group gap={4} wrap="nowrap">
        <IconEye size={14} aria-hidden />
        <Text size="xs" c="dimmed" data-testid="help-views">
          {t(`help.${variant}.views`, { count: doc.views })}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconStarFilled
          size={14}
          aria-hidden
          color={doc.rating === null ? 'var(--mantine-color-dimmed)' : 'var(--mantine-color-yellow-6)'}
        />
        <Text size="xs" c="dimmed" data-testid="help-rating">
          {doc.rating === null
            ? t(`help.${variant}.noRating`)
            : t(`help.${variant}.rating`, { rating: doc.rating.toFixed(1), count: doc.rating_count })}
        </Text>
      </Group>
    </Group>
  );
}
