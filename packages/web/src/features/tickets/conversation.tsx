import { Avatar, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHeadset, IconUser } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TicketAttachment, TicketDetail } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { AttachmentList } from './attachment-list';

interface Message {
  key: string;
  staff: boolean;
  author: string;
  content: string;
  attachments: TicketAttachment[];
  time: string;
}

/** The opening (description and its files) followed by every reply, oldest first. */
function messagesOf(
  ticket: TicketDetail,
  you: string,
  staffName: (name: string | null) => string,
): Message[] {
  return [
    {
      key: 'opening',
      staff: false,
      author: you,
      content: ticket.description,
      attachments: ticket.attachments,
      time: ticket.created_at,
    },
    ...ticket.replies.map((r) => ({
      key: `reply-${r.id}`,
      staff: r.is_staff,
      author: r.is_staff ? staffName(r.author_name) : you,
      content: r.content,
      attachments: r.attachments,
      time: r.created_at,
    })),
  ];
}

/**
 * Whose page it is: the customer's own ticket (their messages on the right, "You"), or the support team's view in
 * the operators' console (the team's messages on the right, the customer named, each staff reply by its author).
 */
export type ConversationViewer = { side: 'customer' } | { side: 'staff'; customer: string };

/** The reader's own side's messages on the right, the other side's on the left, each with its files. */
export function Conversation({
  ticket,
  viewer = { side: 'customer' },
}: {
  ticket: TicketDetail;
  viewer?: ConversationViewer;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const staffView = viewer.side === 'staff';
  const messages = messagesOf(ticket, staffView ? viewer.customer : t('tickets.detail.you'), (name) =>
    name ? t('tickets.detail.staffNamed', { name }) : t('tickets.detail.staff'),
  );
  // The reader's own messages sit on the right in the brand's light colour; the other side's on the left, outlined.
  const own = (m: Message) => m.staff === staffView;
  return (
    <Stack gap="md" role="list" aria-label={t('tickets.detail.conversation')} data-testid="conversation">
      {messages.map((m) => (
        <Group
          key={m.key}
          role="listitem"
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          justify={own(m) ? 'flex-end' : 'flex-start'}
          data-testid={m.staff ? 'message-staff' : 'message-user'}
        >
          {!own(m) && <MessageAvatar staff={m.staff} />}
          <Box maw={{ base: 'calc(100% - 48px)', sm: '78%' }} style={{ minWidth: 0 }}>
            <Group gap={6} justify={own(m) ? 'flex-end' : 'flex-start'} mb={4} wrap="wrap">
              <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.author}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.time, locale)}
              </Text>
            </Group>
            <Paper
              radius="md"
              p="sm"
              withBorder={!own(m)}
              bg={own(m) ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)'}
            >
              <Stack gap="sm">
                <Text
                  size="sm"
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  data-testid="message-text"
                >
                  {m.content}
                </Text>
                <AttachmentList attachments={m.attachments} />
              </Stack>
            </Paper>
          </Box>
          {own(m) && <MessageAvatar staff={m.staff} />}
        </Group>
      ))}
    </Stack>
  );
}

/** The support team's headset or the customer's figure. */
function MessageAvatar({ staff }: { staff: boolean }) {
  return staff ? (
    <Avatar color="brand" radius="xl" size="md" aria-hidden>
      <IconHeadset size={18} />
    </Avatar>
  ) : (
    <Avatar color="gray" radius="xl" size="md" aria-hidden>
      <IconUser size={18} />
    </Avatar>
  );
}
