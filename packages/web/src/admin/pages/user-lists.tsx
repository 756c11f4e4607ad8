import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { TicketStatusBadge } from '../../features/tickets';
import { TOPUP_STATUS_COLORS } from '../../features/wallet';
import { Link, useNavigate } from '../../lib/router';
import { userAdminApi } from '@portal/contract/admin';
import type { UserTopup } from '@portal/contract/admin';
import type { TicketSummary } from '@portal/contract';
import { timeColumn, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { formatYuan } from '../../lib/format-number';
import { useCursorList } from '../api';
import { CursorList, shortHash } from './money-parts';

/** An account page's longer lists (inside its sections): a few rows first, "load more" follows the server's cursor. */
const FIRST_ROWS = 10;

/** The account's top-ups: USDT orders with their chain state, and the recharge codes it redeemed. */
export function UserTopupsList({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const list = useCursorList(userAdminApi.topups, {}, { params: { id }, size: FIRST_ROWS });
  const columns: DataColumn<UserTopup>[] = [
    timeColumn(t('common.time'), (o) => o.created_at, locale),
    { key: 'order', header: t('orders.orderNo'), cell: (o) => o.order_no, nowrap: true, card: 'title' },
    {
      key: 'method',
      header: t('users.topupMethod'),
      cell: (o) =>
        o.method === 'code' ? (
          <Stack gap={0}>
            <Text size="sm">{t('users.topupMethods.code')}</Text>
            {o.code && (
              <Text size="xs" c="dimmed" ff="monospace" title={o.code}>
                {shortHash(o.code)}
              </Text>
            )}
          </Stack>
        ) : (
          `USDT · ${o.network ?? '—'}`
        ),
    },
    {
      key: 'amount',
      header: t('common.amount'),
      cell: (o) =>
        o.method === 'usdt'
          ? `${o.usdt_amount ?? '—'} → ${formatYuan(o.amount, locale)}`
          : formatYuan(o.amount, locale),
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
      key: 'chain',
      header: t('topups.confirmations'),
      cell: (o) =>
        o.method === 'usdt' ? (
          <Stack gap={0}>
            <span>{`${o.confirmations} / ${o.confirmations_required ?? '—'}`}</span>
            {o.tx_hash && (
              <Text size="xs" c="dimmed" title={o.tx_hash}>
                {shortHash(o.tx_hash)}
              </Text>
            )}
          </Stack>
        ) : (
          '—'
        ),
      nowrap: true,
    },
  ];
  return (
    <CursorList
      list={list}
      columns={columns}
      rowKey={(o) => o.id}
      rowAttributes={(o) => ({ 'data-testid': 'user-topup', 'data-method': o.method })}
      label={t('users.topups')}
      empty={t('users.none')}
      minWidth={760}
    />
  );
}

/** The account's tickets: title, status, last activity. */
export function UserTicketsList({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const navigate = useNavigate();
  const list = useCursorList(userAdminApi.tickets, {}, { params: { id }, size: FIRST_ROWS });
  const columns: DataColumn<TicketSummary>[] = [
    {
      key: 'title',
      header: t('users.ticketTitle'),
      cell: (x) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={`/tickets/${x.id}`}
            size="sm"
            onClick={(e) => e.stopPropagation()}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="user-ticket-link"
          >
            {x.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {x.ticket_no}
          </Text>
        </Stack>
      ),
      card: 'title',
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (x) => <TicketStatusBadge status={x.status} />,
      card: 'aside',
    },
    { key: 'replies', header: t('users.replies'), cell: (x) => String(x.reply_count) },
    {
      key: 'updated',
      header: t('users.lastUpdate'),
      cell: (x) => formatDateTime(x.updated_at, locale),
      nowrap: true,
    },
  ];
  return (
    <CursorList
      list={list}
      columns={columns}
      rowKey={(x) => x.id}
      rowAttributes={(x) => ({ 'data-testid': 'user-ticket', 'data-status': x.status })}
      onRowClick={(x) => () => void navigate(`/tickets/${x.id}`)}
      label={t('users.ticketList')}
      empty={t('users.none')}
      minWidth={640}
    />
  );
}
