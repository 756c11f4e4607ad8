import { Button, Group, NativeSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NODE_PROTOCOLS, NODE_STATUSES } from '@portal/contract';
import type { NodeProtocol, NodeStatus } from '@portal/contract';
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

const ALL = '';
const FIELD_WIDTH = { base: '100%', sm: 180 } as const;

/** Region, protocol and status: stacked on phones, in a row from 768 px. */
export function NodeFilters({ values, regions, onChange, onReset }: NodeFiltersProps) {
  const { t } = useTranslation();
  const regionLabel = useRegionLabel();
  const regionOptions =
    values.region && !regions.includes(values.region) ? [...regions, values.region] : regions;
  const active = values.region !== null || values.type !== null || values.status !== null;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('nodes.filters.label')}>
      <NativeSelect
        label={t('nodes.filters.region')}
        value={values.region ?? ALL}
        onChange={(event) => onChange({ ...values, region: event.currentTarget.value || null })}
        data={[
          { value: ALL, label: t('nodes.filters.allRegions') },
          ...regionOptions.map((r) => ({ value: r, label: regionLabel(r) })),
        ]}
        w={FIELD_WIDTH}
        data-testid="nodes-filter-region"
      />
      <NativeSelect
        label={t('nodes.filters.type')}
        value={values.type ?? ALL}
        onChange={(event) =>
          onChange({ ...values, type: (event.currentTarget.value || null) as NodeProtocol | null })
        }
        data={[
          { value: ALL, label: t('nodes.filters.allTypes') },
          ...NODE_PROTOCOLS.map((p) => ({ value: p, label: t(`nodes.protocols.${p}`) })),
        ]}
        w={FIELD_WIDTH}
        data-testid="nodes-filter-type"
      />
      <NativeSelect
        label={t('nodes.filters.status')}
        value={values.status ?? ALL}
        onChange={(event) =>
          onChange({ ...values, status: (event.currentTarget.value || null) as NodeStatus | null })
        }
        data={[
          { value: ALL, label: t('nodes.filters.allStatuses') },
          ...NODE_STATUSES.map((s) => ({ value: s, label: t(`nodes.status.${s}`) })),
        ]}
        w={FIELD_WIDTH}
        data-testid="nodes-filter-status"
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onReset}
        disabled={!active}
        w={{ base: '100%', sm: 'auto' }}
        data-testid="nodes-filter-reset"
      >
        {t('nodes.filters.reset')}
      </Button>
    </Group>
  );
}
