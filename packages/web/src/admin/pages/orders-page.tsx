import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { moneyApi } from '@portal/contract/admin';
import type { AdminOrder, StaffMe, TimeSort } from '@portal/contract/admin';
import { timeColumn, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { formatBytes, formatPercent, formatYuan } from '../../lib/format-number';
import { notify } from '../../lib/notify';
import { useCursorList, useRefundOrder, useRefundPreview } from '../api';
import type { MoneyFilter } from '../api';
import { useLinkedFilter, linkedTime } from '../linked-filter';
import { CursorList, ListFilters, UserSearch, TimeSortSelect, exportCsv, isoOf } from './money-parts';
import { PageTitle } from './page-title';
import { ConsoleModal } from '../console-modal';

type Filter = MoneyFilter<typeof moneyApi.listOrders>;

/** The preview of a refund (amount and why), then the refund itself with a reason. */
function RefundModal({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const preview = useRefundPreview(order.id);
  const refund = useRefundOrder();
  const [note, setNote] = useState('');
  const p = preview.data;
  const line = (label: string, value: string) => (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
  const submit = () =>
    refund.mutate(
      { params: { id: order.id }, body: { note: note.trim() } },
      {
        onSuccess: (done) => {
          notify.success(
            t('orders.done', {
              amount: formatYuan(done.refund.amount, locale),
              balance: formatYuan(done.balance, locale),
            }),
          );
          onClose();
        },
        onError: (error) => notify.error(t('common.failed', { message: error.message })),
      },
    );
  return (
    <ConsoleModal
      opened
      onClose={onClose}
      title={t('orders.refundTitle', { order: order.order_no })}
      centered
    >
      {preview.isError ? (
        <Alert color="red">{t('common.failed', { message: preview.error.message })}</Alert>
      ) : !p ? null : (
        <Stack gap="xs" data-testid="refund-preview">
          {line(t('orders.paid'), formatYuan(p.paid, locale))}
          {line(t('orders.codePaid'), formatYuan(p.code_paid, locale))}
          {line(t('orders.base'), formatYuan(p.refundable_base, locale))}
          {line(
            t('orders.traffic'),
            `${formatBytes(p.traffic_used, locale)} / ${p.traffic_limit === null ? t('orders.unlimited') : formatBytes(p.traffic_limit, locale)}`,
          )}
          {line(t('orders.remaining'), formatPercent(p.remaining_ppm / 10_000, locale))}
          {line(t('orders.refundAmount'), formatYuan(p.amount, locale))}
          {p.refused ? (
            <Alert color="yellow" data-testid="refund-refused">
              {t(`orders.refused.${p.refused}`)}
            </Alert>
          ) : (
            <>
              <Text size="sm">{t(`orders.rules.${p.rule ?? 'full'}`)}</Text>
              <Text size="xs" c="dimmed">
                {t('orders.deadline', { date: formatDateTime(p.deadline, locale) })}
                {p.subscription_end_at &&
                  ` · ${t('orders.endsAt', { date: formatDateTime(p.subscription_end_at, locale) })}`}
              </Text>
              <Textarea
                label={t('common.note')}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={500}
                rows={2}
                required
                data-testid="refund-note"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button
                  color="red"
                  disabled={note.trim() === ''}
                  loading={refund.isPending}
                  onClick={submit}
                  data-testid="refund-confirm"
                >
                  {t('orders.confirm', { amount: formatYuan(p.amount, locale) })}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </ConsoleModal>
  );
}

/** Subscription orders of every user: filters, pages, CSV, and a refund from a row. */
export function OrdersPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const empty = { user: '', kind: '', package_id: '', from: '', to: '' };
  const linked = useLinkedFilter(['from', 'to']);
  const [draft, setDraft] = useState(() => ({
    ...empty,
    from: linkedTime(linked.from),
    to: linkedTime(linked.to),
  }));
  const [filter, setFilter] = useState<Filter>(() => ({ from: isoOf(draft.from), to: isoOf(draft.to) }));
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [sort, setSort] = useState<TimeSort>('newest');
  const list = useCursorList(moneyApi.listOrders, sort === 'newest' ? filter : { ...filter, sort });
  const canRefund = me.permissions.includes('money.write');

  const apply = () => {
    const packageId = Number(draft.package_id);
    setFilter({
      user: draft.user.trim() || undefined,
      kind: (draft.kind || undefined) as Filter['kind'],
      package_id: Number.isInteger(packageId) && packageId > 0 ? packageId : undefined,
      from: isoOf(draft.from),
      to: isoOf(draft.to),
    });
  };

  const columns: DataColumn<AdminOrder>[] = [
    timeColumn(t('common.time'), (o) => o.created_at, locale),
    { key: 'order', header: t('orders.orderNo'), cell: (o) => o.order_no, nowrap: true, card: 'title' },
    { key: 'user', header: t('common.user'), cell: (o) => `${o.user_email} (#${o.user_id})`, truncate: true },
    {
      key: 'package',
      header: t('orders.package'),
      cell: (o) => `${o.package_name} · ${t(`orders.kinds.${o.kind}`)}`,
    },
    { key: 'amount', header: t('common.amount'), cell: (o) => formatYuan(o.amount, locale), nowrap: true },
    {
      key: 'status',
      header: t('common.status'),
      cell: (o) => (
        <Badge variant="light" color={o.status === 'refunded' ? 'gray' : 'green'}>
          {t(`orders.statuses.${o.status}` as 'orders.statuses.paid', { defaultValue: o.status })}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      card: 'actions',
      cell: (o) =>
        canRefund && o.status === 'paid' ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setRefunding(o)}
            data-testid="order-refund"
          >
            {t('orders.refund')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.orders')} intro={t('orders.intro')} />
      <ListFilters
        draft={draft}
        applied={{ ...filter, user: undefined }}
        onDraft={setDraft}
        onApply={apply}
        onReset={() => {
          setDraft(empty);
          setFilter({});
        }}
        onExport={() =>
          void exportCsv(moneyApi.exportOrders.path, filter, 'orders.csv', (message) =>
            t('common.exportFailed', { message }),
          )
        }
        testId="orders"
        search={
          <UserSearch
            value={draft.user}
            onChange={(user) => setDraft({ ...draft, user })}
            testId="orders-filter-user"
          />
        }
      >
        <NativeSelect
          label={t('orders.kind')}
          value={draft.kind}
          onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value })}
          data={[
            { value: '', label: t('common.all') },
            ...moneyApi.ORDER_KINDS.map((k) => ({ value: k, label: t(`orders.kinds.${k}`) })),
          ]}
        />
        <TextInput
          label={t('orders.packageId')}
          inputMode="numeric"
          maw={120}
          value={draft.package_id}
          onChange={(e) => setDraft({ ...draft, package_id: e.currentTarget.value.replace(/\D/g, '') })}
        />
        <TimeSortSelect value={sort} onChange={setSort} testId="orders-sort" />
      </ListFilters>
      <CursorList
        list={list}
        columns={columns}
        rowKey={(o) => o.id}
        rowAttributes={(o) => ({
          'data-testid': 'order-row',
          'data-order': o.order_no,
          'data-status': o.status,
        })}
        label={t('nav.orders')}
        minWidth={980}
      />
      {refunding && <RefundModal order={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}
