import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate } from '../../lib/router';
import type { TicketSummary } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { PriorityBadge, TicketStatusBadge } from './status-badge';
import { RowCard, RowCards } from '../../components/row-cards';

interface TicketListProps {
  tickets: TicketSummary[];
}

/** The support team wrote last and the ticket is still open: worth a look. */
function StaffRepliedBadge({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation();
  if (ticket.last_reply_by !== 'staff' || ticket.status === 'closed') return null;
  return (
    <Badge size="xs" variant="dot" color="blue" style={{ flexShrink: 0 }} data-testid="ticket-staff-replied">
      {t('tickets.list.staffReplied')}
    </Badge>
  );
}

function TitleLink({ ticket }: { ticket: TicketSummary }) {
  return (
    <Anchor
      component={Link}
      to={`/support/${ticket.id}`}
      fw={600}
      size="sm"
      onClick={(event) => event.stopPropagation()}
      data-testid="ticket-open"
      style={{ wordBreak: 'break-word' }}
    >
      {ticket.title}
    </Anchor>
  );
}

/** Desktop: one row per ticket; the row opens it. */
export function TicketTable({ tickets }: TicketListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="tickets-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tickets.list.number')}</Table.Th>
            <Table.Th>{t('tickets.list.subject')}</Table.Th>
            <Table.Th>{t('tickets.list.category')}</Table.Th>
            <Table.Th>{t('tickets.list.priority')}</Table.Th>
            <Table.Th>{t('tickets.list.status')}</Table.Th>
            <Table.Th>{t('tickets.list.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr
              key={ticket.id}
              data-testid="ticket-row"
              data-id={ticket.id}
              data-status={ticket.status}
              onClick={() => void navigate(`/support/${ticket.id}`)}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {ticket.ticket_no}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <TitleLink ticket={ticket} />
                  <StaffRepliedBadge ticket={ticket} />
                </Group>
                <Text size="xs" c="dimmed">
                  {t('tickets.list.replies', { count: ticket.reply_count })}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`tickets.category.${ticket.category}`)}</Table.Td>
              <Table.Td>
                <PriorityBadge priority={ticket.priority} />
              </Table.Td>
              <Table.Td>
                <TicketStatusBadge status={ticket.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(ticket.updated_at, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per ticket with the same facts; tapping it opens the ticket. */
export function TicketCards({ tickets }: TicketListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  return (
    <RowCards aria-labelledby="tickets-title">
      {tickets.map((ticket) => (
        <RowCard
          key={ticket.id}
          data-testid="ticket-card"
          data-id={ticket.id}
          data-status={ticket.status}
          onClick={() => void navigate(`/support/${ticket.id}`)}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <TitleLink ticket={ticket} />
              <TicketStatusBadge status={ticket.status} />
            </Group>
            <Group gap="xs" wrap="wrap">
              <PriorityBadge priority={ticket.priority} />
              <Text size="xs" c="dimmed">
                {t(`tickets.category.${ticket.category}`)}
              </Text>
              <StaffRepliedBadge ticket={ticket} />
            </Group>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed" ff="monospace">
                {ticket.ticket_no}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(ticket.updated_at, locale)}
              </Text>
            </Group>
          </Stack>
        </RowCard>
      ))}
    </RowCards>
  );
}
