import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { HELP_LIMITS, HELP_PLATFORMS } from '@portal/contract';
import type { HelpCategory, HelpPlatform } from '@portal/contract';
import { FilterBar, FilterSelect } from '../../components/filter-bar';

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

/** Wider than other lists' filters: category options carry their document count. */
const FIELD_WIDTH = 220;

/** Category (with its document count) and platform. */
export function HelpFilters({ values, categories, active, onChange, onReset }: FiltersProps) {
  const { t } = useTranslation();
  return (
    <FilterBar
      label={t('help.filters.label')}
      active={active}
      count={[values.categoryId, values.platform].filter((v) => v !== null).length}
      onReset={onReset}
      resetLabel={t('help.filters.reset')}
      testId="help-filter"
    >
      <FilterSelect
        label={t('help.filters.category')}
        value={values.categoryId === null ? null : String(values.categoryId)}
        allLabel={t('help.filters.allCategories')}
        options={categories.map((c) => ({
          value: String(c.id),
          label: t('help.filters.categoryOption', { name: c.name, count: c.document_count }),
        }))}
        onChange={(value) => onChange({ ...values, categoryId: value ? Number(value) : null })}
        width={FIELD_WIDTH}
        testId="help-filter-category"
      />
      <FilterSelect
        label={t('help.filters.platform')}
        value={values.platform}
        allLabel={t('help.filters.allPlatforms')}
        options={HELP_PLATFORMS.map((p) => ({ value: p, label: t(`help.platforms.${p}`) }))}
        onChange={(platform) => onChange({ ...values, platform: platform as HelpPlatform | null })}
        width={FIELD_WIDTH}
        testId="help-filter-platform"
      />
    </FilterBar>
  );
}
