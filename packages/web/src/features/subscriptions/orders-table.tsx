import { Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type SubscriptionOrder, type SubscriptionStatus } from '@portal/contract';
import { KeyboardScrollArea } from '../../components/table-scroll';
import { currentLocale } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { ListPagination } from '../../components/list-pagination';
import { ListState } from '../../components/list-state';
import { yuan } from '../../lib/money';
import { useSubscriptionHistory, useSubscriptionOrders } from './api';
import { SubscriptionStatusBadge } from './status-badge';

const KIND_COLORS = { purchase: 'blue', renew: 'teal', upgrade: 'grape' } as const;

function KindBadge({ kind }: { kind: keyof typeof KIND_COLORS }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={KIND_COLORS[kind]} style={{ overflow: 'visible' }}>
      {t(`subscriptions.kinds.${kind}`)}
    </Badge>
  );
}

/** An order, and for the history also the period and status of the subscription it made. */
type OrderRow = SubscriptionOrder & {
  subscription_status?: SubscriptionStatus;
  start_at?: string;
  end_at?: string;
};

interface PagedOrders {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
  data?: { items: OrderRow[]; total: number; pages: number };
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
  const locale = currentLocale();
  const items = orders.data?.items ?? [];
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
        <KeyboardScrollArea label={label}>
          <Table striped highlightOnHover miw={withPeriod ? 760 : 560} aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscriptions.history.time')}</Table.Th>
                <Table.Th>{t('subscriptions.history.kind')}</Table.Th>
                <Table.Th>{t('subscriptions.history.package')}</Table.Th>
                <Table.Th>{t('subscriptions.history.amount')}</Table.Th>
                {withPeriod && <Table.Th>{t('subscriptions.history.period')}</Table.Th>}
                {withPeriod && <Table.Th>{t('subscriptions.history.status')}</Table.Th>}
                <Table.Th>{t('subscriptions.history.orderNo')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id} data-testid={`${testId}-row`} data-kind={row.kind}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.created_at, locale)}
                  </Table.Td>
                  <Table.Td>
                    <KindBadge kind={row.kind} />
                  </Table.Td>
                  <Table.Td>{row.package_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{yuan(row.amount)}</Table.Td>
                  {withPeriod && (
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {row.start_at && row.end_at
                        ? t('subscriptions.history.range', {
                            start: formatDate(row.start_at, locale),
                            end: formatDate(row.end_at, locale),
                          })
                        : t('common.none')}
                    </Table.Td>
                  )}
                  {withPeriod && (
                    <Table.Td>
                      {row.subscription_status && (
                        <SubscriptionStatusBadge status={row.subscription_status} />
                      )}
                    </Table.Td>
                  )}
                  <Table.Td ff="monospace">{row.order_no}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </KeyboardScrollArea>
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
