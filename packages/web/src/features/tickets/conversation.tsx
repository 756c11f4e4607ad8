import { Avatar, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHeadset, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

/** Customer messages on the right, the support team's on the left, each with its files. */
export function Conversation({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const messages = messagesOf(ticket, t('tickets.detail.you'), (name) =>
    name ? t('tickets.detail.staffNamed', { name }) : t('tickets.detail.staff'),
  );
  return (
    <Stack gap="md" role="list" aria-label={t('tickets.detail.conversation')} data-testid="conversation">
      {messages.map((m) => (
        <Group
          key={m.key}
          role="listitem"
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          justify={m.staff ? 'flex-start' : 'flex-end'}
          data-testid={m.staff ? 'message-staff' : 'message-user'}
        >
          {m.staff && (
            <Avatar color="brand" radius="xl" size="md" aria-hidden>
              <IconHeadset size={18} />
            </Avatar>
          )}
          <Box maw={{ base: 'calc(100% - 48px)', sm: '78%' }} style={{ minWidth: 0 }}>
            <Group gap={6} justify={m.staff ? 'flex-start' : 'flex-end'} mb={4} wrap="wrap">
              <Text size="xs" fw={600}>
                {m.author}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.time, locale)}
              </Text>
            </Group>
            <Paper
              radius="md"
              p="sm"
              withBorder={m.staff}
              bg={m.staff ? 'var(--mantine-color-body)' : 'var(--mantine-primary-color-light)'}
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
          {!m.staff && (
            <Avatar color="gray" radius="xl" size="md" aria-hidden>
              <IconUser size={18} />
            </Avatar>
          )}
        </Group>
      ))}
    </Stack>
  );
}
