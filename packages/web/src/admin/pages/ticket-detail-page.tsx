import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Input,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from '../../lib/router';
import { TICKET_STATUSES, TICKETS } from '@portal/contract';
import type { TicketStatus } from '@portal/contract';
import type { AdminTicketDetail, StaffMe } from '@portal/contract/admin';
import { FormErrorAlert } from '../../components/form-error-alert';
import {
  AttachmentPicker,
  Conversation,
  PriorityBadge,
  TicketStatusBadge,
  ticketIdOf,
  useAttachmentUploads,
} from '../../features/tickets';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useAdminTitle } from '../admin-title';
import {
  useAdminTicket,
  useAssignTicket,
  useSetTicketStatus,
  useStaffReplyTicket,
  useTicketAssignees,
} from '../api';
import { staffName } from './tickets-page';

function BackLink() {
  const { t } = useTranslation('admin');
  return (
    <Anchor component={Link} to="/tickets" size="sm" data-testid="ticket-back" mb="sm" display="inline-block">
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('tickets.back')}
      </Group>
    </Anchor>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Number, status, priority, category; the customer (their account page), the assignee and the times. */
function TicketHeader({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation('admin');
  const { t: customerT } = useTranslation();
  const locale = currentLocale();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="ticket-header">
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" ff="monospace" fw={600} data-testid="ticket-number">
            {ticket.ticket_no}
          </Text>
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          <Text size="sm" c="dimmed">
            {customerT(`tickets.category.${ticket.category}`)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('tickets.customer')} testId="ticket-customer">
            <Anchor component={Link} to={`/users/${ticket.user_id}`} size="sm">
              {ticket.user_email}
            </Anchor>
            {ticket.user_nickname && (
              <Text size="xs" c="dimmed">
                {ticket.user_nickname}
              </Text>
            )}
          </Fact>
          <Fact label={t('tickets.assignee')} testId="ticket-assignee">
            {ticket.assignee_name ?? t('tickets.nobody')}
          </Fact>
          <Fact label={t('tickets.opened')}>{formatDateTime(ticket.created_at, locale)}</Fact>
          <Fact label={t('tickets.lastActivity')}>{formatDateTime(ticket.updated_at, locale)}</Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Set the status; assign to oneself, to another staff member who handles tickets, or to nobody. */
function TicketActions({ ticket, me }: { ticket: AdminTicketDetail; me: StaffMe }) {
  const { t } = useTranslation('admin');
  const { t: customerT } = useTranslation();
  const setStatus = useSetTicketStatus();
  const assign = useAssignTicket();
  const assignees = useTicketAssignees();
  const [status, setStatusDraft] = useState<TicketStatus>(ticket.status);
  const [assignee, setAssignee] = useState('');
  const failed = (error: Error) => notify.error(t('common.failed', { message: error.message }));
  const others = (assignees.data ?? []).filter((s) => s.id !== me.id && s.id !== ticket.assignee_id);
  const assignTo = (assignee_id: number | null, done: string) =>
    assign.mutate(
      { params: { id: ticket.id }, body: { assignee_id } },
      {
        onSuccess: () => {
          setAssignee('');
          notify.success(done);
        },
        onError: failed,
      },
    );
  return (
    <Card withBorder radius="md" padding="lg" data-testid="ticket-actions">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('tickets.actions')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('common.status')}
            data={TICKET_STATUSES.map((s) => ({ value: s, label: customerT(`tickets.status.${s}`) }))}
            value={status}
            onChange={(e) => setStatusDraft(e.currentTarget.value as TicketStatus)}
            style={{ flex: '1 1 140px' }}
            data-testid="ticket-status-select"
          />
          <Button
            variant="default"
            disabled={status === ticket.status}
            loading={setStatus.isPending}
            onClick={() =>
              setStatus.mutate(
                { params: { id: ticket.id }, body: { status } },
                {
                  onSuccess: (next) =>
                    notify.success(
                      t('tickets.statusSet', { status: customerT(`tickets.status.${next.status}`) }),
                    ),
                  onError: failed,
                },
              )
            }
            data-testid="ticket-status-save"
          >
            {t('tickets.setStatus')}
          </Button>
        </Group>
        <Stack gap="xs">
          <Input.Label component="div">{t('tickets.assignee')}</Input.Label>
          <Group gap="sm" wrap="wrap">
            {ticket.assignee_id !== me.id && (
              <Button
                variant="light"
                loading={assign.isPending}
                onClick={() => assignTo(me.id, t('tickets.assignedToYou'))}
                data-testid="ticket-assign-me"
              >
                {t('tickets.assignMe')}
              </Button>
            )}
            {ticket.assignee_id !== null && (
              <Button
                variant="default"
                loading={assign.isPending}
                onClick={() => assignTo(null, t('tickets.unassigned'))}
                data-testid="ticket-unassign"
              >
                {t('tickets.unassign')}
              </Button>
            )}
          </Group>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('tickets.assignOther')}
              data={[
                { value: '', label: t('tickets.pickStaff') },
                ...others.map((s) => ({ value: String(s.id), label: staffName(s) })),
              ]}
              value={assignee}
              onChange={(e) => setAssignee(e.currentTarget.value)}
              disabled={others.length === 0}
              style={{ flex: '1 1 180px' }}
              data-testid="ticket-assignee-select"
            />
            <Button
              variant="default"
              disabled={!assignee}
              loading={assign.isPending}
              onClick={() => {
                const person = others.find((s) => String(s.id) === assignee);
                if (person) assignTo(person.id, t('tickets.assignedTo', { name: staffName(person) }));
              }}
              data-testid="ticket-assign"
            >
              {t('tickets.assign')}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * A staff answer: plain text as the customer writes it, files through the same upload, and optionally the status
 * the ticket takes with it (else a pending ticket becomes processing). A closed ticket takes none until reopened.
 */
function StaffReplyBox({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation('admin');
  const { t: customerT } = useTranslation();
  const send = useStaffReplyTicket();
  const uploads = useAttachmentUploads();
  const [content, setContent] = useState('');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const closed = ticket.status === 'closed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setFieldError(customerT('v.required'));
      return;
    }
    if (uploads.blocker) {
      setFailure(uploads.blocker);
      return;
    }
    setFailure(null);
    send.mutate(
      {
        params: { id: ticket.id },
        body: { content, attachment_ids: uploads.ids, ...(status ? { status } : {}) },
      },
      {
        onSuccess: () => {
          setContent('');
          setStatus('');
          uploads.reset();
          notify.success(t('tickets.replySent'));
        },
        onError: (error) => setFailure(error.message),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label={t('tickets.reply')}>
        <Stack gap="sm" data-testid="staff-reply" data-closed={closed}>
          <Title order={2} size="h4">
            {t('tickets.reply')}
          </Title>
          {closed && (
            <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="staff-reply-closed">
              {t('tickets.closedNotice')}
            </Alert>
          )}
          <FormErrorAlert message={failure} testId="staff-reply-error" />
          <Textarea
            label={t('tickets.replyLabel')}
            description={t('tickets.replyHint')}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={TICKETS.replyMax}
            value={content}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            disabled={closed}
            data-testid="staff-reply-input"
          />
          <AttachmentPicker uploads={uploads} disabled={closed || send.isPending} />
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('tickets.replyStatus')}
              data={[
                { value: '', label: t('tickets.replyStatusAuto') },
                ...TICKET_STATUSES.map((s) => ({ value: s, label: customerT(`tickets.status.${s}`) })),
              ]}
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as TicketStatus | '')}
              disabled={closed}
              w={{ base: '100%', sm: 320 }}
              data-testid="staff-reply-status"
            />
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              disabled={closed}
              data-testid="staff-reply-send"
            >
              {t('tickets.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * One ticket for the support team: who asked and who has it, the conversation (staff and customer sides apart, every
 * file downloadable through its signed address), and with tickets.write the answer box and the actions. The tab's
 * title is the ticket's number.
 */
export function TicketDetailPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const id = ticketIdOf(useParams().id);
  const ticket = useAdminTicket(id);
  useAdminTitle(ticket.data ? t('tickets.tabTitle', { no: ticket.data.ticket_no }) : t('nav.tickets'));
  const write = me.permissions.includes('tickets.write');

  if (id === 0 || ticket.isError)
    return (
      <>
        <BackLink />
        <Alert color="red" role="alert" data-testid="ticket-error">
          {ticket.error?.message ?? t('tickets.notFound')}
        </Alert>
      </>
    );
  if (ticket.isPending) return <Loader aria-label={t('tickets.loading')} />;
  const data = ticket.data;
  return (
    <>
      <BackLink />
      <PageTitleOf ticket={data} />
      <Stack gap="md">
        <TicketHeader ticket={data} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: write ? 8 : 12 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="lg">
                <Title order={2} size="h4" mb="md">
                  {t('tickets.conversation')}
                </Title>
                <Conversation
                  ticket={data}
                  viewer={{ side: 'staff', customer: data.user_nickname ?? data.user_email }}
                />
              </Card>
              {write ? (
                <StaffReplyBox key={data.id} ticket={data} />
              ) : (
                <Text size="sm" c="dimmed" data-testid="ticket-read-only">
                  {t('tickets.readOnly')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          {write && (
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <TicketActions key={`${data.id}-${data.status}`} ticket={data} me={me} />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
    </>
  );
}

/** The page's h1: the ticket's title. */
function PageTitleOf({ ticket }: { ticket: AdminTicketDetail }) {
  return (
    <Title order={1} size="h2" mb="md" style={{ overflowWrap: 'anywhere' }} data-testid="admin-page-title">
      {ticket.title}
    </Title>
  );
}
