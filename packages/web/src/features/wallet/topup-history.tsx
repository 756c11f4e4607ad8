import { Button, Card, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { DEFAULT_PAGE_SIZE, rechargeApi } from '@portal/contract';
import type { Topup, TopupStatus } from '@portal/contract';
import { DataList, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
import type { HistoryQuery } from './api';
import { useRechargeStats, useTopupHistory } from './api';
import { CopyAction } from '../../components/copy-action';
import { ListPagination } from '../../components/list-pagination';
import { ListState } from '../../components/list-state';
import { yuan } from '../../lib/money';
import { shorten } from './format';
import { isOpenTopupStatus } from './status';
import { TopupStatusBadge } from './status-badge';

type Method = 'usdt' | 'code';
const ALL = 'all';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  );
}

function RechargeStats() {
  const { t } = useTranslation();
  const stats = useRechargeStats();
  if (!stats.data) return null;
  const s = stats.data;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="recharge-stats">
      <Stat label={t('wallet.history.stats.total')} value={yuan(s.total_recharged)} />
      <Stat label={t('wallet.history.stats.usdt')} value={yuan(s.usdt_total)} />
      <Stat label={t('wallet.history.stats.code')} value={yuan(s.code_total)} />
      <Stat label={t('wallet.history.stats.pending')} value={String(s.pending_orders)} />
    </SimpleGrid>
  );
}

function reopenable(topup: Topup): boolean {
  return topup.method === 'usdt' && isOpenTopupStatus(topup.status);
}

function useHistoryColumns(onOpen: (topup: Topup) => void): DataColumn<Topup>[] {
  const { t } = useTranslation();
  const locale = currentLocale();
  return [
    {
      key: 'orderNo',
      header: t('wallet.history.orderNo'),
      card: 'title',
      cell: (topup) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {topup.order_no}
        </Text>
      ),
    },
    {
      key: 'method',
      header: t('wallet.history.method'),
      cell: (topup) => t(`wallet.methods.${topup.method}`),
    },
    {
      key: 'amount',
      header: t('wallet.history.amount'),
      nowrap: true,
      cell: (topup) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(topup.amount)}</span>,
    },
    {
      key: 'usdtAmount',
      header: t('wallet.history.usdtAmount'),
      applies: (topup) => topup.method === 'usdt',
      cell: (topup) =>
        topup.usdt_amount === null ? (
          t('common.none')
        ) : (
          <Text size="sm" ff="monospace">
            {topup.usdt_amount}
          </Text>
        ),
    },
    {
      key: 'network',
      header: t('wallet.history.network'),
      applies: (topup) => topup.method === 'usdt',
      cell: (topup) => topup.network ?? t('common.none'),
    },
    {
      key: 'status',
      header: t('wallet.history.status'),
      card: 'aside',
      cell: (topup) => <TopupStatusBadge status={topup.status} />,
    },
    {
      key: 'time',
      header: t('wallet.history.time'),
      nowrap: true,
      cell: (topup) => formatDateTime(topup.created_at, locale),
      cardCell: (topup) => formatDateTimeCompact(topup.created_at, locale),
    },
    {
      key: 'txHash',
      header: t('wallet.history.txHash'),
      applies: (topup) => topup.method === 'usdt',
      cell: (topup) =>
        topup.tx_hash ? (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            <Text size="sm" ff="monospace" title={topup.tx_hash}>
              {shorten(topup.tx_hash)}
            </Text>
            <CopyAction value={topup.tx_hash} label={t('wallet.history.txHash')} />
          </Group>
        ) : (
          t('common.none')
        ),
    },
    {
      key: 'actions',
      header: t('wallet.history.actions'),
      card: 'actions',
      cell: (topup) =>
        reopenable(topup) && (
          <Button
            size="xs"
            variant="light"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(topup);
            }}
            aria-label={t('wallet.history.openPaymentOf', { orderNo: topup.order_no })}
            data-testid="history-open"
          >
            {t('wallet.history.openPayment')}
          </Button>
        ),
    },
  ];
}

/** /recharge/history: totals, filters by method and status, the list; open USDT orders lead back to payment. */
export function TopupHistory() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method | typeof ALL>(ALL);
  const [status, setStatus] = useState<TopupStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const query: HistoryQuery = {
    page,
    size: DEFAULT_PAGE_SIZE,
    method: method === ALL ? undefined : method,
    status: status === ALL ? undefined : status,
  };
  const history = useTopupHistory(query);
  const items = history.data?.items ?? [];
  const open = (topup: Topup) => void navigate(`/recharge?order=${topup.id}`);
  const columns = useHistoryColumns(open);

  return (
    <Stack gap="lg">
      <RechargeStats />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} size="h4" lh="var(--input-height-sm)" id="history-title">
              {t('wallet.history.title')}
            </Title>
            <Group gap="sm" wrap="wrap">
              <NativeSelect
                label={t('wallet.history.method')}
                value={method}
                onChange={(event) => {
                  setMethod(event.currentTarget.value as Method | typeof ALL);
                  setPage(1);
                }}
                data={[
                  { value: ALL, label: t('wallet.all') },
                  { value: 'usdt', label: t('wallet.methods.usdt') },
                  { value: 'code', label: t('wallet.methods.code') },
                ]}
                data-testid="history-method"
              />
              <NativeSelect
                label={t('wallet.history.status')}
                value={status}
                onChange={(event) => {
                  setStatus(event.currentTarget.value as TopupStatus | typeof ALL);
                  setPage(1);
                }}
                data={[
                  { value: ALL, label: t('wallet.all') },
                  ...rechargeApi.TOPUP_STATUSES.map((s) => ({
                    value: s,
                    label: t(`wallet.topupStatus.${s}`),
                  })),
                ]}
                data-testid="history-status"
              />
            </Group>
          </Group>
          <ListState
            query={history}
            empty={items.length === 0}
            failedText={t('wallet.history.loadFailed')}
            testId="history"
            emptyState={
              <Text c="dimmed" ta="center" py="lg">
                {t('wallet.history.empty')}
              </Text>
            }
          />
          {items.length > 0 && (
            <DataList
              rows={items}
              columns={columns}
              rowKey={(topup) => topup.id}
              rowAttributes={(topup) => ({ 'data-testid': 'history-row', 'data-status': topup.status })}
              onRowClick={(topup) => (reopenable(topup) ? () => open(topup) : undefined)}
              labelledBy="history-title"
              label={t('wallet.history.title')}
              minWidth={1000}
            />
          )}
          {history.data && (
            <ListPagination
              page={history.data.page}
              pages={history.data.pages}
              total={history.data.total}
              onChange={setPage}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
