import { Switch } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_PRIORITIES } from '@portal/contract';
import { FilterBar, FilterSelect } from '../../components/filter-bar';
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

function numberOrNull(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/** Category, priority, unread only. */
export function AnnouncementFilters({ values, onChange, onReset }: FiltersProps) {
  const { t } = useTranslation();
  const count =
    [values.category, values.priority].filter((v) => v !== null).length + (values.unreadOnly ? 1 : 0);
  const active = count > 0;
  return (
    <FilterBar
      label={t('announcements.filters.label')}
      active={active}
      count={count}
      onReset={onReset}
      resetLabel={t('announcements.filters.reset')}
      testId="announcements-filter"
    >
      <FilterSelect
        label={t('announcements.filters.category')}
        value={values.category === null ? null : String(values.category)}
        allLabel={t('announcements.filters.allCategories')}
        options={ANNOUNCEMENT_CATEGORIES.map((c) => ({
          value: String(c),
          label: t(`announcements.categories.${categoryKey(c)}`),
        }))}
        onChange={(category) => onChange({ ...values, category: numberOrNull(category) })}
        testId="announcements-filter-category"
      />
      <FilterSelect
        label={t('announcements.filters.priority')}
        value={values.priority === null ? null : String(values.priority)}
        allLabel={t('announcements.filters.allPriorities')}
        options={[...ANNOUNCEMENT_PRIORITIES].reverse().map((p) => ({
          value: String(p),
          label: t(`announcements.priorities.${priorityKey(p)}`),
        }))}
        onChange={(priority) => onChange({ ...values, priority: numberOrNull(priority) })}
        testId="announcements-filter-priority"
      />
      <Switch
        label={t('announcements.filters.unreadOnly')}
        checked={values.unreadOnly}
        onChange={(event) => onChange({ ...values, unreadOnly: event.currentTarget.checked })}
        mb={8}
        data-testid="announcements-filter-unread"
      />
    </FilterBar>
  );
}
