import { Badge, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DEFAULT_PAGE_SIZE, type SubscriptionOrder, type SubscriptionStatus } from '@portal/contract';
import { DataList, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDate, formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
import { ListPagination } from '../../components/list-pagination';
import { ListState } from '../../components/list-state';
import { yuan } from '../../lib/money';
import { useSubscriptionHistory, useSubscriptionOrders } from './api';
import { SubscriptionStatusBadge } from './status-badge';

const KIND_COLORS = { purchase: 'blue', renew: 'teal', upgrade: 'grape' } as const;

function KindBadge({ kind }: { kind: keyof typeof KIND_COLORS }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={KIND_COLORS[kind]} style={{ overflow: 'visible', flexShrink: 0 }}>
      {t(`subscriptions.kinds.${kind}`)}
    </Badge>
  );
}

interface PagedOrders {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
  data?: { items: OrderRow[]; total: number; pages: number };
}

/** An order, and for the history also the period and status of the subscription it made. */
type OrderRow = SubscriptionOrder & {
  subscription_status?: SubscriptionStatus;
  start_at?: string;
  end_at?: string;
};

function useOrderColumns(withPeriod: boolean): DataColumn<OrderRow>[] {
  const { t } = useTranslation();
  const locale = currentLocale();
  const columns: (DataColumn<OrderRow> | false)[] = [
    {
      key: 'time',
      header: t('subscriptions.history.time'),
      nowrap: true,
      cell: (row) => formatDateTime(row.created_at, locale),
      cardCell: (row) => formatDateTimeCompact(row.created_at, locale),
    },
    {
      key: 'kind',
      header: t('subscriptions.history.kind'),
      card: 'aside',
      cell: (row) => <KindBadge kind={row.kind} />,
    },
    {
      key: 'package',
      header: t('subscriptions.history.package'),
      card: 'title',
      cell: (row) => row.package_name,
    },
    {
      key: 'amount',
      header: t('subscriptions.history.amount'),
      nowrap: true,
      cell: (row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(row.amount)}</span>,
    },
    withPeriod && {
      key: 'period',
      header: t('subscriptions.history.period'),
      nowrap: true,
      card: 'wide',
      cell: (row) =>
        row.start_at && row.end_at
          ? t('subscriptions.history.range', {
              start: formatDate(row.start_at, locale),
              end: formatDate(row.end_at, locale),
            })
          : t('common.none'),
    },
    withPeriod && {
      key: 'status',
      header: t('subscriptions.history.status'),
      card: 'aside',
      cell: (row) => row.subscription_status && <SubscriptionStatusBadge status={row.subscription_status} />,
    },
    {
      key: 'orderNo',
      header: t('subscriptions.history.orderNo'),
      card: 'wide',
      cell: (row) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {row.order_no}
        </Text>
      ),
    },
  ];
  return columns.filter((column): column is DataColumn<OrderRow> => column !== false);
}

/**
 * One table for both order lists: the statistics tab shows the orders, /subscription/history adds the period and
 * status columns. `testId` names the rows, the empty line and the error (`<testId>-row`, `-empty`, `-error`).
 */
function OrderTable({
  orders,
  page,
  onPage,
  withPeriod,
  label,
  failedText,
  testId,
}: {
  orders: PagedOrders;
  page: number;
  onPage: (page: number) => void;
  withPeriod: boolean;
  label: string;
  failedText: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const items = orders.data?.items ?? [];
  const columns = useOrderColumns(withPeriod);
  return (
    <Stack gap="sm">
      <ListState
        query={orders}
        empty={items.length === 0}
        failedText={failedText}
        testId={testId}
        emptyState={
          <Text c="dimmed" ta="center" py="md" data-testid={`${testId}-empty`}>
            {t('subscriptions.history.empty')}
          </Text>
        }
      />
      {items.length > 0 && (
        <DataList
          rows={items}
          columns={columns}
          rowKey={(row) => row.id}
          rowAttributes={(row) => ({ 'data-testid': `${testId}-row`, 'data-kind': row.kind })}
          label={label}
          minWidth={withPeriod ? 760 : 560}
        />
      )}
      {orders.data && (
        <ListPagination page={page} pages={orders.data.pages} total={orders.data.total} onChange={onPage} />
      )}
    </Stack>
  );
}

/** Purchases, renewals and upgrades (statistics tab). */
export function OrdersTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useSubscriptionOrders({ page, size: DEFAULT_PAGE_SIZE });
  return (
    <OrderTable
      orders={orders}
      page={page}
      onPage={setPage}
      withPeriod={false}
      label={t('subscriptions.stats.ordersTitle')}
      failedText={t('subscriptions.stats.ordersFailed')}
      testId="order"
    />
  );
}

/** /subscription/history: every order with the subscription period and status it made. */
export function HistoryTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSubscriptionHistory({ page, size: DEFAULT_PAGE_SIZE });
  return (
    <OrderTable
      orders={history}
      page={page}
      onPage={setPage}
      withPeriod
      label={t('subscriptions.history.title')}
      failedText={t('subscriptions.history.loadFailed')}
      testId="history"
    />
  );
}
