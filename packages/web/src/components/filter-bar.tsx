import { Button, Group, NativeSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PhoneFilters } from './phone-filters';

interface FilterBarProps {
  /** The accessible name of the filters ("筛选节点"). */
  label: string;
  /** Some filter is in force: only then can it be reset. */
  active: boolean;
  /** How many of the fields here are set: the folded filters' button says it on phones. */
  count: number;
  onReset: () => void;
  resetLabel: string;
  /** `<testId>-reset` on the reset button. */
  testId: string;
  /** The fields, usually FilterSelects. */
  children: ReactNode;
}

/**
 * A list's filters and their reset button: in a row from 768 px; on phones folded behind one button (named by
 * `label`, with the count), stacked when opened.
 */
export function FilterBar({ label, active, count, onReset, resetLabel, testId, children }: FilterBarProps) {
  return (
    <PhoneFilters label={label} activeCount={count} testId={testId}>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={label}>
        {children}
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onReset}
          disabled={!active}
          w={{ base: '100%', sm: 'auto' }}
          data-testid={`${testId}-reset`}
        >
          {resetLabel}
        </Button>
      </Group>
    </PhoneFilters>
  );
}

interface FilterSelectProps {
  label: string;
  /** The chosen option; null: all. */
  value: string | null;
  /** The text of the "all" option ("全部地区"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
  /** The width from 768 px; full width on phones. */
  width?: number;
  testId: string;
}

const ALL = '';

/** One filter of a FilterBar: a native select whose first option is "all". */
export function FilterSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
  width = 180,
  testId,
}: FilterSelectProps) {
  return (
    <NativeSelect
      label={label}
      value={value ?? ALL}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      data={[{ value: ALL, label: allLabel }, ...options]}
      w={{ base: '100%', sm: width }}
      data-testid={testId}
    />
  );
}
