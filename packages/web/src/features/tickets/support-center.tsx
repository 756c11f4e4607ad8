import { Button, Card, Group, Loader, NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DEFAULT_PAGE_SIZE, TICKET_STATUSES } from '@portal/contract';
import type { TicketStatus } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { ListPagination } from '../../components/list-pagination';
import { useTickets } from './api';
import { NewTicketModal } from './new-ticket-modal';
import { TicketCards, TicketTable } from './ticket-list';
import { ListState } from '../../components/list-state';
import { useUrlState } from '../../lib/url-state';
import { usePhone } from '../../lib/use-phone';
import { ScrollTabsList } from '../../components/scroll-tabs-list';

const ALL = 'all';

function statusOf(value: string | null): TicketStatus | null {
  return TICKET_STATUSES.includes(value as TicketStatus) ? (value as TicketStatus) : null;
}

/** /support: the user's tickets by status (tabs; a select on phones), in pages, and the form for a new one. */
export function SupportCenter() {
  const { t } = useTranslation();
  const { params, update, setPage, page } = useUrlState();
  const status = statusOf(params.get('status'));
  const phone = usePhone();
  const [creating, setCreating] = useState(params.get('new') === '1');

  const list = useTickets({ page, size: DEFAULT_PAGE_SIZE, status: status ?? undefined });
  const items = list.data?.items ?? [];

  const setStatus = (value: string | null) =>
    update((next) => {
      const chosen = statusOf(value);
      if (chosen) next.set('status', chosen);
      else next.delete('status');
      next.delete('page');
    });

  const options = [
    { value: ALL, label: t('tickets.list.all') },
    ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`tickets.status.${s}`) })),
  ];

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4" id="tickets-title">
              {t('tickets.list.title')}
            </Title>
            {list.isFetching && !list.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
          </Group>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="ticket-new"
          >
            {t('tickets.list.new')}
          </Button>
        </Group>
        {phone ? (
          <NativeSelect
            aria-label={t('tickets.list.filter')}
            value={status ?? ALL}
            onChange={(event) => setStatus(event.currentTarget.value)}
            data={options}
            data-testid="ticket-filter-select"
          />
        ) : (
          <Tabs value={status ?? ALL} onChange={setStatus} aria-label={t('tickets.list.filter')}>
            <ScrollTabsList>
              {options.map((o) => (
                <Tabs.Tab key={o.value} value={o.value} data-testid={`ticket-filter-${o.value}`}>
                  {o.label}
                </Tabs.Tab>
              ))}
            </ScrollTabsList>
          </Tabs>
        )}
        <ListState
          query={list}
          empty={items.length === 0}
          failedText={t('tickets.loadFailed')}
          testId="tickets"
          emptyState={
            status || page > 1 ? (
              <EmptyPage
                icon={<IconLifebuoy size={32} aria-hidden />}
                title={t('tickets.list.emptyFilteredTitle')}
                description={t('tickets.list.emptyFilteredText')}
              >
                <Button variant="light" mt="md" onClick={() => setStatus(ALL)} data-testid="tickets-show-all">
                  {t('tickets.list.showAll')}
                </Button>
              </EmptyPage>
            ) : (
              <EmptyPage
                icon={<IconLifebuoy size={32} aria-hidden />}
                title={t('tickets.list.emptyTitle')}
                description={t('tickets.list.emptyText')}
              >
                <Button mt="md" onClick={() => setCreating(true)} data-testid="tickets-empty-new">
                  {t('tickets.list.new')}
                </Button>
              </EmptyPage>
            )
          }
        />
        {items.length > 0 && (phone ? <TicketCards tickets={items} /> : <TicketTable tickets={items} />)}
        {list.data && (
          <ListPagination
            page={list.data.page}
            pages={list.data.pages}
            total={list.data.total}
            onChange={setPage}
          />
        )}
      </Stack>
      <NewTicketModal opened={creating} fullScreen={phone} onClose={() => setCreating(false)} />
    </Card>
  );
}
