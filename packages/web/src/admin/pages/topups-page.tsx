import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TOPUP_STATUS_COLORS } from '../../features/wallet';
import { rechargeApi } from '@portal/contract';
import { moneyApi } from '@portal/contract/admin';
import type { AdminTopup, AdminTransfer, StaffMe } from '@portal/contract/admin';
import { timeColumn, type DataColumn } from '../../components/data-list';
import { FilterBar } from '../../components/filter-bar';
import { currentLocale } from '../../i18n/i18n';
import { formatYuan } from '../../lib/format-number';
import { notify } from '../../lib/notify';
import { useCreditTransfer, useCursorList, useIgnoreTransfer } from '../api';
import type { MoneyFilter } from '../api';
import { useLinkedFilter } from '../linked-filter';
import { CursorList, shortHash } from './money-parts';
import { PageTitle } from './page-title';
import { ConsoleModal } from '../console-modal';

/** Credit a transfer to a user (the user of its late order by default) or ignore it, with a reason. */
function DecisionModal({
  transfer,
  mode,
  onClose,
}: {
  transfer: AdminTransfer;
  mode: 'credit' | 'ignore';
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const credit = useCreditTransfer();
  const ignore = useIgnoreTransfer();
  const [userId, setUserId] = useState(transfer.order_user_id ? String(transfer.order_user_id) : '');
  const [note, setNote] = useState('');
  const failed = (error: Error) => notify.error(t('common.failed', { message: error.message }));
  const submit = () => {
    if (mode === 'credit')
      credit.mutate(
        { params: { id: transfer.id }, body: { user_id: Number(userId), note: note.trim() } },
        {
          onSuccess: (done) => {
            notify.success(
              t('topups.credited', { amount: formatYuan(done.amount, locale), order: done.order_no }),
            );
            onClose();
          },
          onError: failed,
        },
      );
    else
      ignore.mutate(
        { params: { id: transfer.id }, body: { note: note.trim() } },
        {
          onSuccess: () => {
            notify.success(t('topups.ignored'));
            onClose();
          },
          onError: failed,
        },
      );
  };
  const valid = note.trim() !== '' && (mode === 'ignore' || Number(userId) > 0);
  return (
    <ConsoleModal
      opened
      onClose={onClose}
      centered
      title={t(mode === 'credit' ? 'topups.creditTitle' : 'topups.ignoreTitle', { id: transfer.id })}
    >
      <Stack gap="sm">
        <Text size="sm">
          {transfer.usdt_amount} USDT ({transfer.network}) → {formatYuan(transfer.credit_amount, locale)}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {transfer.tx_hash}
        </Text>
        {mode === 'credit' && (
          <TextInput
            label={t('topups.userId')}
            inputMode="numeric"
            value={userId}
            onChange={(e) => setUserId(e.currentTarget.value.replace(/\D/g, ''))}
            required
            data-testid="transfer-user"
          />
        )}
        <Textarea
          label={t('common.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          rows={2}
          required
          data-testid="transfer-note"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={mode === 'credit' ? 'green' : 'gray'}
            disabled={!valid}
            loading={credit.isPending || ignore.isPending}
            onClick={submit}
            data-testid="transfer-confirm"
          >
            {t(mode === 'credit' ? 'topups.credit' : 'topups.ignore')}
          </Button>
        </Group>
      </Stack>
    </ConsoleModal>
  );
}

/** USDT top-up orders with their chain state, and the transfers an operator has to decide on. */
export function TopupsPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const [view, setView] = useState<(typeof moneyApi.TRANSFER_VIEWS)[number]>('open');
  const linked = useLinkedFilter(['status']);
  const [orderFilter, setOrderFilter] = useState<MoneyFilter<typeof moneyApi.listTopups>>(() => {
    const status = rechargeApi.TOPUP_STATUSES.find((s) => s === linked.status);
    return status ? { status } : {};
  });
  const [deciding, setDeciding] = useState<{ transfer: AdminTransfer; mode: 'credit' | 'ignore' } | null>(
    null,
  );
  const transfers = useCursorList(moneyApi.listTransfers, { view });
  const orders = useCursorList(moneyApi.listTopups, orderFilter);
  const canWrite = me.permissions.includes('money.write');

  const transferColumns: DataColumn<AdminTransfer>[] = [
    timeColumn(t('common.time'), (x) => x.block_time ?? x.created_at, locale),
    {
      key: 'amount',
      header: t('topups.usdt'),
      cell: (x) => `${x.usdt_amount} · ${x.network}`,
      nowrap: true,
      card: 'title',
    },
    {
      key: 'credit',
      header: t('topups.creditAmount'),
      cell: (x) => formatYuan(x.credit_amount, locale),
      nowrap: true,
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (x) => (
        <Stack gap={2}>
          <Badge
            variant="outline"
            color={x.status === 'credited' ? 'green' : x.status === 'ignored' ? 'gray' : 'orange'}
          >
            {t(`topups.transferStatuses.${x.status}`)}
          </Badge>
          {x.order_no && x.status === 'late' && (
            <Text size="xs" c="dimmed">
              {t('topups.lateFor', { order: x.order_no })}
            </Text>
          )}
          {x.resolved_user_id && (
            <Text size="xs" c="dimmed">
              {t('topups.resolvedFor', { id: x.resolved_user_id })}
            </Text>
          )}
          {x.note && (
            <Text size="xs" c="dimmed">
              {x.note}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'tx',
      header: t('topups.tx'),
      cell: (x) => <span title={x.tx_hash}>{shortHash(x.tx_hash)}</span>,
      nowrap: true,
    },
    { key: 'from', header: t('topups.from'), cell: (x) => shortHash(x.from_address), nowrap: true },
    {
      key: 'actions',
      header: t('common.actions'),
      card: 'actions',
      cell: (x) =>
        canWrite && (x.status === 'unmatched' || x.status === 'late') ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setDeciding({ transfer: x, mode: 'credit' })}
              data-testid="transfer-credit"
            >
              {t('topups.credit')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDeciding({ transfer: x, mode: 'ignore' })}>
              {t('topups.ignore')}
            </Button>
          </Group>
        ) : null,
    },
  ];

  const orderColumns: DataColumn<AdminTopup>[] = [
    timeColumn(t('common.time'), (o) => o.created_at, locale),
    { key: 'order', header: t('orders.orderNo'), cell: (o) => o.order_no, nowrap: true, card: 'title' },
    { key: 'user', header: t('common.user'), cell: (o) => `${o.user_email} (#${o.user_id})`, truncate: true },
    {
      key: 'usdt',
      header: t('topups.usdt'),
      cell: (o) => (o.usdt_amount ? `${o.usdt_amount} · ${o.network ?? '—'}` : '—'),
      nowrap: true,
    },
    {
      key: 'credit',
      header: t('topups.creditAmount'),
      cell: (o) => formatYuan(o.amount, locale),
      nowrap: true,
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (o) => (
        <Stack gap={2}>
          <Badge variant="light" color={TOPUP_STATUS_COLORS[o.status]}>
            {t(`topups.orderStatuses.${o.status}`)}
          </Badge>
          {o.transfer_status && (
            <Text size="xs" c="dimmed">
              {t(`topups.transferStatuses.${o.transfer_status}`)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'confirmations',
      header: t('topups.confirmations'),
      // A transfer an operator credited by hand did not wait for its confirmations: no count to show.
      cell: (o) =>
        o.transfer_status === 'credited' ? '—' : `${o.confirmations} / ${o.confirmations_required ?? '—'}`,
      nowrap: true,
    },
    {
      key: 'tx',
      header: t('topups.tx'),
      cell: (o) => (o.tx_hash ? shortHash(o.tx_hash) : '—'),
      nowrap: true,
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.topups')} intro={t('topups.intro')} />
      <Stack gap="xl">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={2} size="h4">
              {t('topups.transfers')}
            </Title>
            <SegmentedControl
              value={view}
              onChange={(v) => setView(v as typeof view)}
              data={moneyApi.TRANSFER_VIEWS.map((v) => ({ value: v, label: t(`topups.views.${v}`) }))}
            />
          </Group>
          <CursorList
            list={transfers}
            columns={transferColumns}
            rowKey={(x) => x.id}
            rowAttributes={(x) => ({
              'data-testid': 'transfer-row',
              'data-status': x.status,
              'data-tx': x.tx_hash,
            })}
            label={t('topups.transfers')}
            minWidth={1000}
          />
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('topups.orders')}
          </Title>
          <Card withBorder radius="md" padding="md">
            <FilterBar
              label={t('common.filters')}
              active={Boolean(orderFilter.status || orderFilter.network)}
              count={[orderFilter.status, orderFilter.network].filter(Boolean).length}
              onReset={() => setOrderFilter({})}
              resetLabel={t('common.reset')}
              testId="topups-filters"
            >
              <NativeSelect
                label={t('common.status')}
                w={{ base: '100%', sm: 160 }}
                value={orderFilter.status ?? ''}
                onChange={(e) =>
                  setOrderFilter({
                    ...orderFilter,
                    status: (e.currentTarget.value || undefined) as MoneyFilter<
                      typeof moneyApi.listTopups
                    >['status'],
                  })
                }
                data={[
                  { value: '', label: t('common.all') },
                  ...rechargeApi.TOPUP_STATUSES.map((s) => ({
                    value: s,
                    label: t(`topups.orderStatuses.${s}`),
                  })),
                ]}
              />
              <NativeSelect
                label={t('topups.network')}
                w={{ base: '100%', sm: 160 }}
                value={orderFilter.network ?? ''}
                onChange={(e) =>
                  setOrderFilter({
                    ...orderFilter,
                    network: (e.currentTarget.value || undefined) as MoneyFilter<
                      typeof moneyApi.listTopups
                    >['network'],
                  })
                }
                data={[
                  { value: '', label: t('common.all') },
                  ...rechargeApi.NETWORKS.map((n) => ({ value: n, label: n })),
                ]}
              />
            </FilterBar>
          </Card>
          <CursorList
            list={orders}
            columns={orderColumns}
            rowKey={(o) => o.id}
            rowAttributes={(o) => ({ 'data-testid': 'topup-row', 'data-status': o.status })}
            label={t('topups.orders')}
            minWidth={1000}
          />
        </Stack>
      </Stack>
      {deciding && <DecisionModal {...deciding} onClose={() => setDeciding(null)} />}
    </>
  );
}
