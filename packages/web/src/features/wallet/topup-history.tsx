import {
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE, rechargeApi } from '@portal/contract';
import type { Topup, TopupStatus } from '@portal/contract';
import { TableScroll } from '../../components/table-scroll';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
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

function HistoryRow({ topup, onOpen }: { topup: Topup; onOpen: (topup: Topup) => void }) {
  const { t } = useTranslation();
  const reopenable = topup.method === 'usdt' && isOpenTopupStatus(topup.status);
  return (
    <Table.Tr
      data-testid="history-row"
      data-status={topup.status}
      onClick={reopenable ? () => onOpen(topup) : undefined}
      style={reopenable ? { cursor: 'pointer' } : undefined}
    >
      <Table.Td>
        <Text size="sm" ff="monospace">
          {topup.order_no}
        </Text>
      </Table.Td>
      <Table.Td>{t(`wallet.methods.${topup.method}`)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {yuan(topup.amount)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {topup.usdt_amount ?? t('common.none')}
        </Text>
      </Table.Td>
      <Table.Td>{topup.network ?? t('common.none')}</Table.Td>
      <Table.Td>
        <TopupStatusBadge status={topup.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(topup.created_at, currentLocale())}
      </Table.Td>
      <Table.Td>
        {topup.tx_hash ? (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            <Text size="sm" ff="monospace" title={topup.tx_hash}>
              {shorten(topup.tx_hash)}
            </Text>
            <CopyAction value={topup.tx_hash} label={t('wallet.history.txHash')} />
          </Group>
        ) : (
          t('common.none')
        )}
      </Table.Td>
      <Table.Td>
        {reopenable && (
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
        )}
      </Table.Td>
    </Table.Tr>
  );
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

  return (
    <Stack gap="lg">
      <RechargeStats />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} size="h4" id="history-title">
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
            <TableScroll minWidth={1000} label={t('wallet.history.title')}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="history-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('wallet.history.orderNo')}</Table.Th>
                    <Table.Th>{t('wallet.history.method')}</Table.Th>
                    <Table.Th>{t('wallet.history.amount')}</Table.Th>
                    <Table.Th>{t('wallet.history.usdtAmount')}</Table.Th>
                    <Table.Th>{t('wallet.history.network')}</Table.Th>
                    <Table.Th>{t('wallet.history.status')}</Table.Th>
                    <Table.Th>{t('wallet.history.time')}</Table.Th>
                    <Table.Th>{t('wallet.history.txHash')}</Table.Th>
                    <Table.Th>{t('wallet.history.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((topup) => (
                    <HistoryRow key={topup.id} topup={topup} onOpen={open} />
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
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
