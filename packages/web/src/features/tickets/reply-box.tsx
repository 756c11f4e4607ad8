import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TICKETS, type TicketDetail } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useReplyTicket } from './api';
import { AttachmentPicker } from './attachment-picker';
import { useAttachmentUploads } from './use-attachment-uploads';

/** Text and files for a reply; a closed ticket shows why it takes none, with everything disabled. */
export function ReplyBox({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const send = useReplyTicket();
  const uploads = useAttachmentUploads();
  const [content, setContent] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const closed = ticket.status === 'closed';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setFieldError(t('v.required'));
      return;
    }
    if (uploads.blocker) {
      setFailure(uploads.blocker);
      return;
    }
    setFailure(null);
    try {
      await send.mutateAsync({
        params: { id: ticket.id },
        body: { content, attachment_ids: uploads.ids },
      });
      setContent('');
      uploads.reset();
      notify.success(t('tickets.reply.sent'));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('tickets.reply.failed'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('tickets.reply.label')}>
      <Stack gap="sm" data-testid="reply-box" data-closed={closed}>
        {closed && (
          <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="reply-closed">
            {t('tickets.reply.closedNotice')}
          </Alert>
        )}
        <FormErrorAlert message={failure} testId="reply-error" />
        <Textarea
          label={t('tickets.reply.label')}
          placeholder={t('tickets.reply.placeholder')}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={TICKETS.replyMax}
          value={content}
          onChange={(event) => {
            setContent(event.currentTarget.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          disabled={closed}
          data-testid="reply-input"
        />
        <AttachmentPicker uploads={uploads} disabled={closed || send.isPending} />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={send.isPending}
            disabled={closed}
            data-testid="reply-send"
          >
            {t('tickets.reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
