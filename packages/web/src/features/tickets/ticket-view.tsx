import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLifebuoy, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { ERRORS, TICKETS } from '@portal/contract';
import type { TicketDetail } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { currentLocale } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/confirm';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useCloseTicket, useTicket } from './api';
import { Conversation } from './conversation';
import { ReplyBox } from './reply-box';
import { PriorityBadge, TicketStatusBadge } from './status-badge';

function TicketHeader({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const numberLabel = t('tickets.detail.number', { no: '\u0000' }).split('\u0000');
  const close = useCloseTicket();
  const askClose = () =>
    confirmAction({
      title: t('tickets.detail.closeTitle'),
      message: t('tickets.detail.closeMessage'),
      confirmLabel: t('tickets.detail.closeConfirm'),
      onConfirm: () => {
        close.mutate(
          { params: { id: ticket.id } },
          {
            onSuccess: () => notify.success(t('tickets.detail.closed')),
            onError: (error) =>
              notify.error(isApiError(error) ? error.message : t('tickets.detail.closeFailed')),
          },
        );
      },
    });
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          {/* The page's h1: the header above gives a ticket its breadcrumb, not a title. */}
          <Title
            order={1}
            size="h3"
            style={{ wordBreak: 'break-word', flex: '1 1 260px' }}
            data-testid="ticket-title"
          >
            {ticket.title}
          </Title>
        </Group>
        <Group gap="xs" wrap="wrap">
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          <Badge variant="default">{t(`tickets.category.${ticket.category}`)}</Badge>
        </Group>
        {/* The facts, then closing at the row's end: it ends the conversation, so it is not the first thing under the
            subject, and not a lone row of its own either. */}
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Group gap="md" wrap="wrap">
            {/* Only the number in the numbers' font, not the words around it ("Ticket", "工单号"). */}
            <Text size="sm" c="dimmed" data-testid="ticket-no">
              {numberLabel[0]}
              <Text span inherit ff="monospace">
                {ticket.ticket_no}
              </Text>
              {numberLabel[1]}
            </Text>
            <Text size="sm" c="dimmed">
              {t('tickets.detail.created', { time: formatDateTime(ticket.created_at, locale) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('tickets.detail.updated', { time: formatDateTime(ticket.updated_at, locale) })}
            </Text>
            {ticket.assignee_name && (
              <Text size="sm" c="dimmed">
                {t('tickets.detail.assignee', { name: ticket.assignee_name })}
              </Text>
            )}
          </Group>
          {ticket.status !== 'closed' && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconCircleX size={16} aria-hidden />}
              onClick={askClose}
              loading={close.isPending}
              data-testid="ticket-close"
            >
              {t('tickets.detail.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /support/:ticketId: the ticket, its conversation (new replies arrive by themselves), the reply box. The way back is
 * the breadcrumb.
 */
export function TicketView({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const ticket = useTicket(ticketId);
  const missing =
    ticketId === 0 ||
    (ticket.isError && isApiError(ticket.error) && ticket.error.code === ERRORS.TICKET_NOT_FOUND.code);

  if (missing) {
    return (
      <EmptyPage
        icon={<IconLifebuoy size={32} aria-hidden />}
        title={t('tickets.detail.notFoundTitle')}
        pageTitle
        description={t('tickets.detail.notFoundText')}
      >
        <Button variant="light" mt="md" component={Link} to="/support" data-testid="ticket-back">
          {t('tickets.detail.back')}
        </Button>
      </EmptyPage>
    );
  }

  return (
    <Stack gap="lg">
      {ticket.isPending && (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
      {ticket.isError && !ticket.data && (
        <Alert color="red" role="alert" data-testid="ticket-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('tickets.loadFailed')}</Text>
            {ticket.error.message && (
              <Text size="xs" c="dimmed">
                {ticket.error.message}
              </Text>
            )}
            <Button size="xs" variant="light" onClick={() => void ticket.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {ticket.data && (
        <>
          <TicketHeader ticket={ticket.data} />
          <Card withBorder padding="lg" radius="md">
            <Stack gap="lg">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Title order={2} size="h5">
                  {t('tickets.detail.conversation')}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('tickets.detail.liveHint', { seconds: TICKETS.pollMs / 1000 })}
                </Text>
              </Group>
              <Conversation ticket={ticket.data} />
              <ReplyBox ticket={ticket.data} />
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}
