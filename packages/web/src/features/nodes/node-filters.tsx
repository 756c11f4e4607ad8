import { useTranslation } from '../../i18n/use-translation';
import { NODE_PROTOCOLS, NODE_STATUSES } from '@portal/contract';
import type { NodeProtocol, NodeStatus } from '@portal/contract';
import { FilterBar, FilterSelect } from '../../components/filter-bar';
import { useRegionLabel } from './format';

export interface NodeFilterValues {
  region: string | null;
  type: NodeProtocol | null;
  status: NodeStatus | null;
}

interface NodeFiltersProps {
  values: NodeFilterValues;
  /** The regions the summary returned (the selected one is kept even when it is not among them). */
  regions: readonly string[];
  onChange: (values: NodeFilterValues) => void;
  onReset: () => void;
}

/** Region, protocol and status. */
export function NodeFilters({ values, regions, onChange, onReset }: NodeFiltersProps) {
  const { t } = useTranslation();
  const regionLabel = useRegionLabel();
  const regionOptions =
    values.region && !regions.includes(values.region) ? [...regions, values.region] : regions;
  const count = [values.region, values.type, values.status].filter((v) => v !== null).length;
  const active = count > 0;

  return (
    <FilterBar
      label={t('nodes.filters.label')}
      active={active}
      count={count}
      onReset={onReset}
      resetLabel={t('nodes.filters.reset')}
      testId="nodes-filter"
    >
      <FilterSelect
        label={t('nodes.filters.region')}
        value={values.region}
        allLabel={t('nodes.filters.allRegions')}
        options={regionOptions.map((r) => ({ value: r, label: regionLabel(r) }))}
        onChange={(region) => onChange({ ...values, region })}
        testId="nodes-filter-region"
      />
      <FilterSelect
        label={t('nodes.filters.type')}
        value={values.type}
        allLabel={t('nodes.filters.allTypes')}
        options={NODE_PROTOCOLS.map((p) => ({ value: p, label: t(`nodes.protocols.${p}`) }))}
        onChange={(type) => onChange({ ...values, type: type as NodeProtocol | null })}
        testId="nodes-filter-type"
      />
      <FilterSelect
        label={t('nodes.filters.status')}
        value={values.status}
        allLabel={t('nodes.filters.allStatuses')}
        options={NODE_STATUSES.map((s) => ({ value: s, label: t(`nodes.status.${s}`) }))}
        onChange={(status) => onChange({ ...values, status: status as NodeStatus | null })}
        testId="nodes-filter-status"
      />
    </FilterBar>
  );
}
