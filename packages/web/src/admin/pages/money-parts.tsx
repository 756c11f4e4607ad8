import { Alert, Button, Card, Flex, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { PhoneFilters } from '../../components/phone-filters';
import { DataList } from '../../components/data-list';
import type { DataColumn, RowAttributes } from '../../components/data-list';
import { notify } from '../../lib/notify';
import { ADMIN_API_PREFIX } from '@portal/contract';
import { moneyApi } from '@portal/contract/admin';
import type { TimeSort } from '@portal/contract/admin';
import { downloadAuthenticatedFile } from '../../lib/download';

export { isoOf } from '../local-time';

/** A transaction hash or an address, shortened for a list (its start and end). */
export const shortHash = (hash: string) =>
  hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;

/** The filter's fields that are set (for the CSV export's query string). */
export function definedOf(filter: object): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;
}

export async function exportCsv(
  path: string,
  filter: object,
  fallback: string,
  failed: (m: string) => string,
) {
  try {
    await downloadAuthenticatedFile(path, definedOf(filter), fallback, ADMIN_API_PREFIX);
  } catch (error) {
    notify.error(failed(error instanceof Error ? error.message : String(error)));
  }
}

/** A money list: the rows of every page loaded, "load more", empty and failed states. */
export function CursorList<T>({
  list,
  columns,
  rowKey,
  rowAttributes,
  onRowClick,
  label,
  minWidth,
  empty,
}: {
  list: UseInfiniteQueryResult<InfiniteData<{ items: T[]; next_before: number | null }>, Error>;
  columns: DataColumn<T>[];
  rowKey: (row: T) => number;
  rowAttributes: (row: T) => RowAttributes;
  /** A row opens something (DataList's onRowClick). */
  onRowClick?: (row: T) => (() => void) | undefined;
  label: string;
  minWidth: number;
  /** What an empty list says (a filtered list's "nothing matches" unless told). */
  empty?: string;
}) {
  const { t } = useTranslation('admin');
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        {t('common.loadFailed', { message: list.error.message })}
      </Alert>
    );
  if (list.isPending) return null;
  if (rows.length === 0)
    return (
      <Text c="dimmed" data-testid="money-empty">
        {empty ?? t('common.empty')}
      </Text>
    );
  return (
    <Stack gap="md">
      <DataList
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        rowAttributes={rowAttributes}
        onRowClick={onRowClick}
        label={label}
        minWidth={minWidth}
      />
      <LoadMore list={list} />
    </Stack>
  );
}

/** "Load more" under a list paged by cursor, while the server has a next page. */
export function LoadMore({
  list,
  testId,
}: {
  list: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="default"
      onClick={() => void list.fetchNextPage()}
      loading={list.isFetchingNextPage}
      style={{ alignSelf: 'center' }}
      data-testid={testId}
    >
      {t('common.more')}
    </Button>
  );
}

/** A list's search by user (an ID or an address), the `search` of its ListFilters: in view on phones. */
export function UserSearch({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <TextInput
      label={t('common.user')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={254}
      w={{ base: '100%', sm: 260 }}
      data-testid={testId}
    />
  );
}

/** The time range every filter form has: the inputs' local date-times, '' when not set. */
export interface RangeDraft {
  from: string;
  to: string;
}

/**
 * A console list's filters, laid out alike on every list page: a card holding the search (when the list has one,
 * always in view), the page's own fields and the time range (folded behind one button on phones), then Apply,
 * Reset and (when the list has one) the CSV export. The page keeps the draft and turns it into its query on apply.
 */
export function ListFilters<D extends RangeDraft>({
  draft,
  applied,
  onDraft,
  onApply,
  onReset,
  onExport,
  exporting,
  testId,
  label,
  search,
  rangeLabels,
  children,
}: {
  draft: D;
  /** The filter in force, less the search: on phones the folded filters' button counts its fields. */
  applied: object;
  onDraft: (draft: D) => void;
  onApply: () => void;
  onReset: () => void;
  onExport?: () => void;
  exporting?: boolean;
  /** `<testId>-filter-apply`, `<testId>-filter-reset` and `<testId>-export` on the buttons. */
  testId: string;
  /** The form's accessible name; "筛选条件" unless the page names it. */
  label?: string;
  /** A search field that stays in view on phones. */
  search?: ReactNode;
  /** What the time range filters ("注册时间从"), when not the rows' time. */
  rangeLabels?: { from: string; to: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Card withBorder radius="md" padding="md" mb="md">
      <form onSubmit={submit} aria-label={label ?? t('common.filters')}>
        <Group align="flex-end" gap="sm">
          {search}
          <PhoneFilters
            label={t('common.filters')}
            activeCount={Object.keys(definedOf(applied)).length}
            testId={`${testId}-filters`}
          >
            {/* On phones the fields stack in the fold; from 768 px they sit in the row. */}
            <Stack gap="sm" display={{ base: 'flex', sm: 'contents' }}>
              {children}
              {/* The range's two ends wrap to the next line together, never one without the other. */}
              <Flex
                gap="sm"
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'stretch', sm: 'flex-end' }}
              >
                <TextInput
                  type="datetime-local"
                  label={rangeLabels?.from ?? t('common.from')}
                  value={draft.from}
                  onChange={(e) => onDraft({ ...draft, from: e.currentTarget.value })}
                />
                <TextInput
                  type="datetime-local"
                  label={rangeLabels?.to ?? t('common.to')}
                  value={draft.to}
                  onChange={(e) => onDraft({ ...draft, to: e.currentTarget.value })}
                />
              </Flex>
            </Stack>
          </PhoneFilters>
          <Group gap="sm">
            <Button type="submit" data-testid={`${testId}-filter-apply`}>
              {t('common.apply')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={onReset}
              data-testid={`${testId}-filter-reset`}
            >
              {t('common.reset')}
            </Button>
            {onExport && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={exporting}
                onClick={onExport}
                data-testid={`${testId}-export`}
              >
                {t('common.export')}
              </Button>
            )}
          </Group>
        </Group>
      </form>
    </Card>
  );
}

/**
 * A list's order (newest or oldest first), applied at once; the other filters wait for "apply". The CSV exports
 * keep the newest-first order whatever is chosen here.
 */
export function TimeSortSelect({
  value,
  onChange,
  testId,
}: {
  value: TimeSort;
  onChange: (sort: TimeSort) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <NativeSelect
      label={t('common.sort')}
      data={moneyApi.TIME_SORTS.map((sort) => ({ value: sort, label: t(`common.sorts.${sort}`) }))}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as TimeSort)}
      data-testid={testId}
    />
  );
}
