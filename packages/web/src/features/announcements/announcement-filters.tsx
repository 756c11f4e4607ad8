import { Button, Group, NativeSelect, Switch } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_PRIORITIES } from '@portal/contract';
import { categoryKey, priorityKey } from './format';

export interface AnnouncementFilterValues {
  category: number | null;
  priority: number | null;
  unreadOnly: boolean;
}

interface FiltersProps {
  values: AnnouncementFilterValues;
  onChange: (values: AnnouncementFilterValues) => void;
  onReset: () => void;
}

const ALL = '';
const FIELD_WIDTH = { base: '100%', sm: 180 } as const;

function numberOrNull(value: string): number | null {
  return value === ALL ? null : Number(value);
}

/** Category, priority, unread only: stacked on phones, in a row from 768 px. */
export function AnnouncementFilters({ values, onChange, onReset }: FiltersProps) {
  const { t } = useTranslation();
  const active = values.category !== null || values.priority !== null || values.unreadOnly;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('announcements.filters.label')}>
      <NativeSelect
        label={t('announcements.filters.category')}
        value={values.category === null ? ALL : String(values.category)}
        onChange={(event) => onChange({ ...values, category: numberOrNull(event.currentTarget.value) })}
        data={[
          { value: ALL, label: t('announcements.filters.allCategories') },
          ...ANNOUNCEMENT_CATEGORIES.map((c) => ({
            value: String(c),
            label: t(`announcements.categories.${categoryKey(c)}`),
          })),
        ]}
        w={FIELD_WIDTH}
        data-testid="announcements-filter-category"
      />
      <NativeSelect
        label={t('announcements.filters.priority')}
        value={values.priority === null ? ALL : String(values.priority)}
        onChange={(event) => onChange({ ...values, priority: numberOrNull(event.currentTarget.value) })}
        data={[
          { value: ALL, label: t('announcements.filters.allPriorities') },
          ...[...ANNOUNCEMENT_PRIORITIES].reverse().map((p) => ({
            value: String(p),
            label: t(`announcements.priorities.${priorityKey(p)}`),
          })),
        ]}
        w={FIELD_WIDTH}
        data-testid="announcements-filter-priority"
      />
      <Switch
        label={t('announcements.filters.unreadOnly')}
        checked={values.unreadOnly}
        onChange={(event) => onChange({ ...values, unreadOnly: event.currentTarget.checked })}
        mb={8}
        data-testid="announcements-filter-unread"
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onReset}
        disabled={!active}
        w={{ base: '100%', sm: 'auto' }}
        data-testid="announcements-filter-reset"
      >
        {t('announcements.filters.reset')}
      </Button>
    </Group>
  );
}
