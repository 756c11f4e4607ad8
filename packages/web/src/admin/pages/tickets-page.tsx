import { Alert, Anchor, Card, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { TICKET_STATUSES } from '@portal/contract';
import type { TicketStatus } from '@portal/contract';
import { ticketAdminApi } from '@portal/contract/admin';
import type { AdminTicketSummary, StaffMe, TicketAssignee, TicketSort } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { PriorityBadge, TicketStatusBadge } from '../../features/tickets';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
import { useTicketAssignees, useTicketList } from '../api';
import type { TicketListFilter } from '../api';
import { useLinkedFilter } from '../linked-filter';
import { LoadMore } from './money-parts';
import { FilterBar } from '../../components/filter-bar';
import { PageTitle } from './page-title';

/** The assignee filter: anyone, oneself, nobody, or a staff member's id. */
type AssigneeChoice = '' | 'me' | 'none' | `${number}`;

const statusOf = (value: string | undefined): TicketStatus | '' =>
  TICKET_STATUSES.find((s) => s === value) ?? '';

const sortOf = (value: string | undefined): TicketSort =>
  ticketAdminApi.TICKET_SORTS.find((s) => s === value) ?? 'recent';

const assigneeOf = (value: string | undefined): AssigneeChoice =>
  value === 'me' || value === 'none' || (value !== undefined && /^[1-9]\d{0,9}$/.test(value))
    ? (value as AssigneeChoice)
    : '';

/** The list's query: the status, and the assignee as the API names it (`assignee_id` or `unassigned`). */
export function ticketFilterOf(
  status: TicketStatus | '',
  assignee: AssigneeChoice,
  meId: number,
  sort: TicketSort = 'recent',
) {
  const filter: TicketListFilter = {};
  if (sort !== 'recent') filter.sort = sort;
  if (status) filter.status = status;
  if (assignee === 'me') filter.assignee_id = meId;
  else if (assignee === 'none') filter.unassigned = 'true';
  else if (assignee) filter.assignee_id = Number(assignee);
  return filter;
}

/** A staff member as lists name them: the nickname, else the email address. */
export const staffName = (s: Pick<TicketAssignee, 'email' | 'nickname'>) => s.nickname ?? s.email;

/** A link inside a clickable row opens itself, not the row's page too. */
const own = (event: MouseEvent) => event.stopPropagation();

/**
 * Every customer's tickets, newest activity first: filters by status and assignee (the overview's figures link here
 * with `?status=…`; the URL keeps the filter, so going back to the list finds it as it was), "load more" after the
 * cursor; a row opens the ticket.
 */
export function TicketsPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  // Statuses are named as the customers see them (their support pages' messages), as the badges do.
  const { t: customerT } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const linked = useLinkedFilter(['status', 'assignee', 'sort']);
  const [status, setStatus] = useState(() => statusOf(linked.status));
  const [assignee, setAssignee] = useState(() => assigneeOf(linked.assignee));
  const [sort, setSort] = useState(() => sortOf(linked.sort));
  const list = useTicketList(ticketFilterOf(status, assignee, me.id, sort));
  const assignees = useTicketAssignees();
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];

  const choose = (next: { status: TicketStatus | ''; assignee: AssigneeChoice; sort?: TicketSort }) => {
    const nextSort = next.sort ?? sort;
    setStatus(next.status);
    setAssignee(next.assignee);
    setSort(nextSort);
    const params = new URLSearchParams();
    if (next.status) params.set('status', next.status);
    if (next.assignee) params.set('assignee', next.assignee);
    if (nextSort !== 'recent') params.set('sort', nextSort);
    setSearchParams(params, { replace: true });
  };

  const people = (assignees.data ?? []).filter((s) => s.id !== me.id);
  const assigneeOptions = [
    { value: '', label: t('tickets.anyone') },
    { value: 'me', label: t('tickets.mine') },
    { value: 'none', label: t('tickets.nobody') },
    ...people.map((s) => ({ value: String(s.id), label: staffName(s) })),
  ];
  // A linked staff member not (yet) in the list still shows as chosen.
  if (assignee && !assigneeOptions.some((o) => o.value === assignee))
    assigneeOptions.push({ value: assignee, label: `#${assignee}` });

  const columns: DataColumn<AdminTicketSummary>[] = [
    {
      key: 'ticket',
      header: t('tickets.ticket'),
      cell: (x) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/tickets/${x.id}`}
            onClick={own}
            size="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="ticket-link"
          >
            {x.title}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
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
    {
      key: 'customer',
      header: t('tickets.customer'),
      cell: (x) => (
        <Anchor
          component={Link}
          to={`/users/${x.user_id}`}
          onClick={own}
          size="sm"
          title={x.user_email}
          data-testid="ticket-customer"
        >
          {x.user_email}
        </Anchor>
      ),
      truncate: true,
      nowrap: true,
    },
    {
      key: 'priority',
      header: t('tickets.priority'),
      cell: (x) => <PriorityBadge priority={x.priority} />,
      nowrap: true,
    },
    {
      key: 'assignee',
      header: t('tickets.assignee'),
      cell: (x) => x.assignee_name ?? t('tickets.nobody'),
      truncate: true,
      nowrap: true,
    },
    {
      key: 'activity',
      header: t('tickets.lastActivity'),
      cell: (x) => (
        <Stack gap={0}>
          <span>{formatDateTime(x.updated_at, locale)}</span>
          {x.last_reply_by && (
            <Text size="xs" c="dimmed">
              {t(`tickets.lastBy.${x.last_reply_by}`)}
            </Text>
          )}
        </Stack>
      ),
      cardCell: (x) => formatDateTimeCompact(x.updated_at, locale),
      nowrap: true,
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.tickets')} intro={t('tickets.intro')} />
      <Card withBorder radius="md" padding="md" mb="md">
        <FilterBar
          label={t('tickets.filters')}
          active={Boolean(status || assignee || sort !== 'recent')}
          count={[status, assignee, sort !== 'recent'].filter(Boolean).length}
          onReset={() => choose({ status: '', assignee: '', sort: 'recent' })}
          resetLabel={t('common.reset')}
          testId="tickets-filters"
        >
          <NativeSelect
            label={t('common.status')}
            data={[
              { value: '', label: t('common.all') },
              ...TICKET_STATUSES.map((s) => ({ value: s, label: customerT(`tickets.status.${s}`) })),
            ]}
            value={status}
            onChange={(e) => choose({ status: statusOf(e.currentTarget.value), assignee })}
            w={{ base: '100%', sm: 160 }}
            data-testid="tickets-filter-status"
          />
          <NativeSelect
            label={t('tickets.assignee')}
            data={assigneeOptions}
            value={assignee}
            onChange={(e) => choose({ status, assignee: assigneeOf(e.currentTarget.value) })}
            w={{ base: '100%', sm: 200 }}
            data-testid="tickets-filter-assignee"
          />
          <NativeSelect
            label={t('common.sort')}
            data={ticketAdminApi.TICKET_SORTS.map((value) => ({ value, label: t(`tickets.sorts.${value}`) }))}
            value={sort}
            onChange={(e) => choose({ status, assignee, sort: sortOf(e.currentTarget.value) })}
            w={{ base: '100%', sm: 180 }}
            data-testid="tickets-sort"
          />
        </FilterBar>
      </Card>
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('common.loadFailed', { message: list.error.message })}
        </Alert>
      ) : list.isPending ? null : rows.length === 0 ? (
        <Text c="dimmed" data-testid="tickets-empty">
          {status || assignee ? t('common.empty') : t('tickets.none')}
        </Text>
      ) : (
        <Stack gap="md">
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(x) => x.id}
            rowAttributes={(x) => ({
              'data-testid': 'ticket-row',
              'data-id': String(x.id),
              'data-status': x.status,
            })}
            onRowClick={(x) => () => void navigate(`/tickets/${x.id}`)}
            label={t('nav.tickets')}
            minWidth={960}
          />
          <LoadMore list={list} testId="tickets-more" />
        </Stack>
      )}
    </>
  );
}
