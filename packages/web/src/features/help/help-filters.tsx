import { ActionIcon, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HELP_LIMITS, HELP_PLATFORMS } from '@portal/contract';
import type { HelpCategory, HelpPlatform } from '@portal/contract';

export interface HelpFilterValues {
  categoryId: number | null;
  platform: HelpPlatform | null;
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now instead of after the pause. */
  onSubmit: () => void;
}

/** The search box: what is typed is searched after a short pause (the page keeps it in the URL). */
export function HelpSearchBox({ value, onChange, onSubmit }: SearchBoxProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="md"
      type="search"
      value={value}
      maxLength={HELP_LIMITS.searchMax}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSubmit();
      }}
      placeholder={t('help.search.placeholder')}
      aria-label={t('help.search.label')}
      leftSection={<IconSearch size={18} aria-hidden />}
      rightSection={
        value ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onChange('')}
            aria-label={t('help.search.clear')}
            data-testid="help-search-clear"
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        ) : null
      }
      data-testid="help-search"
    />
  );
}

interface FiltersProps {
  values: HelpFilterValues;
  categories: readonly HelpCategory[];
  /** Search or filters in force: the reset button clears them all. */
  active: boolean;
  onChange: (values: HelpFilterValues) => void;
  onReset: () => void;
}

const ALL = '';
const FIELD_WIDTH = { base: '100%', sm: 220 } as const;

/** Category (with its document count) and platform: stacked on phones, in a row from 768 px. */
export function HelpFilters({ values, categories, active, onChange, onReset }: FiltersProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('help.filters.label')}>
      <NativeSelect
        label={t('help.filters.category')}
        value={values.categoryId === null ? ALL : String(values.categoryId)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ ...values, categoryId: value ? Number(value) : null });
        }}
        data={[
          { value: ALL, label: t('help.filters.allCategories') },
          ...categories.map((c) => ({
            value: String(c.id),
            label: t('help.filters.categoryOption', { name: c.name, count: c.document_count }),
          })),
        ]}
        w={FIELD_WIDTH}
        data-testid="help-filter-category"
      />
      <NativeSelect
        label={t('help.filters.platform')}
        value={values.platform ?? ALL}
        onChange={(event) =>
          onChange({ ...values, platform: (event.currentTarget.value || null) as HelpPlatform | null })
        }
        data={[
          { value: ALL, label: t('help.filters.allPlatforms') },
          ...HELP_PLATFORMS.map((p) => ({ value: p, label: t(`help.platforms.${p}`) })),
        ]}
        w={FIELD_WIDTH}
        data-testid="help-filter-platform"
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onReset}
        disabled={!active}
        w={{ base: '100%', sm: 'auto' }}
        data-testid="help-filter-reset"
      >
        {t('help.filters.reset')}
      </Button>
    </Group>
  );
}
