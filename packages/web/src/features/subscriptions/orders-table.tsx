import { Alert, Badge, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { ListPagination, yuan } from '../wallet';
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

/** Purchases, renewals and upgrades (statistics tab). */
export function OrdersTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useSubscriptionOrders({ page, size: DEFAULT_PAGE_SIZE });
  const locale = currentLocale();
  if (orders.isPending) return <Loader aria-label={t('common.loading')} />;
  if (orders.isError)
    return (
      <Alert color="red" role="alert">
        {orders.error.message || t('subscriptions.stats.ordersFailed')}
      </Alert>
    );
  const { items, total, pages } = orders.data;
  return (
    <Stack gap="sm">
      <ScrollArea>
        <Table striped highlightOnHover miw={560} aria-label={t('subscriptions.stats.ordersTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subscriptions.history.time')}</Table.Th>
              <Table.Th>{t('subscriptions.history.kind')}</Table.Th>
              <Table.Th>{t('subscriptions.history.package')}</Table.Th>
              <Table.Th>{t('subscriptions.history.amount')}</Table.Th>
              <Table.Th>{t('subscriptions.history.orderNo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('subscriptions.history.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              items.map((order) => (
                <Table.Tr key={order.id} data-testid="order-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(order.created_at, locale)}
                  </Table.Td>
                  <Table.Td>
                    <KindBadge kind={order.kind} />
                  </Table.Td>
                  <Table.Td>{order.package_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{yuan(order.amount)}</Table.Td>
                  <Table.Td ff="monospace">{order.order_no}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <ListPagination page={page} pages={pages} total={total} onChange={setPage} />
    </Stack>
  );
}

/** /subscription/history: every order with the subscription period and status it made. */
export function HistoryTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSubscriptionHistory({ page, size: DEFAULT_PAGE_SIZE });
  const locale = currentLocale();
  if (history.isPending) return <Loader aria-label={t('common.loading')} />;
  if (history.isError)
    return (
      <Alert color="red" role="alert" data-testid="history-error">
        {history.error.message || t('subscriptions.history.loadFailed')}
      </Alert>
    );
  const { items, total, pages } = history.data;
  return (
    <Stack gap="sm">
      <ScrollArea>
        <Table striped highlightOnHover miw={760} aria-label={t('subscriptions.history.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subscriptions.history.time')}</Table.Th>
              <Table.Th>{t('subscriptions.history.kind')}</Table.Th>
              <Table.Th>{t('subscriptions.history.package')}</Table.Th>
              <Table.Th>{t('subscriptions.history.amount')}</Table.Th>
              <Table.Th>{t('subscriptions.history.period')}</Table.Th>
              <Table.Th>{t('subscriptions.history.status')}</Table.Th>
              <Table.Th>{t('subscriptions.history.orderNo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md" data-testid="history-empty">
                    {t('subscriptions.history.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              items.map((row) => (
                <Table.Tr key={row.id} data-testid="history-row" data-kind={row.kind}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.created_at, locale)}
                  </Table.Td>
                  <Table.Td>
                    <KindBadge kind={row.kind} />
                  </Table.Td>
                  <Table.Td>{row.package_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{yuan(row.amount)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('subscriptions.history.range', {
                      start: formatDate(row.start_at, locale),
                      end: formatDate(row.end_at, locale),
                    })}
                  </Table.Td>
                  <Table.Td>
                    <SubscriptionStatusBadge status={row.subscription_status} />
                  </Table.Td>
                  <Table.Td ff="monospace">{row.order_no}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <ListPagination page={page} pages={pages} total={total} onChange={setPage} />
    </Stack>
  );
}
