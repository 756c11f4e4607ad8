import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import {
  createTicketBody,
  ERRORS,
  LIMITS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKETS,
} from '@portal/contract';
import type { TicketCategory, TicketPriority } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { useCreateTicket } from './api';
import { AttachmentPicker } from './attachment-picker';
import { useAttachmentUploads } from './use-attachment-uploads';

const formSchema = createTicketBody.omit({ attachment_ids: true });

type FormValues = {
  title: string;
  category: TicketCategory | '';
  priority: TicketPriority;
  description: string;
};

const INITIAL: FormValues = { title: '', category: '', priority: 'medium', description: '' };
const FIELDS = ['title', 'category', 'priority', 'description'] as const;

/** The field errors of a 40004 answer (`body.title` -> title), already in the user's language. */
function serverFieldErrors(data: unknown): Partial<Record<keyof FormValues, string>> {
  const errors = (data as { errors?: { field?: unknown; message?: unknown }[] } | null)?.errors;
  const out: Partial<Record<keyof FormValues, string>> = {};
  for (const e of Array.isArray(errors) ? errors : []) {
    const field = String(e.field ?? '').replace(/^body\./, '');
    if ((FIELDS as readonly string[]).includes(field) && typeof e.message === 'string') {
      out[field as keyof FormValues] ??= e.message;
    }
  }
  return out;
}

interface NewTicketModalProps {
  opened: boolean;
  fullScreen: boolean;
  onClose: () => void;
}

/** Title, category, priority, description and files; on success the new ticket opens. */
export function NewTicketModal({ opened, fullScreen, onClose }: NewTicketModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const uploads = useAttachmentUploads();
  const form = useZodForm<FormValues, unknown>(formSchema, INITIAL);
  const [failure, setFailure] = useState<string | null>(null);

  /** Closing keeps the draft (text and uploaded files) for the next time the form opens. */
  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = form.handleSubmit(async () => {
    if (uploads.blocker) {
      setFailure(uploads.blocker);
      return;
    }
    setFailure(null);
    const v = form.values;
    try {
      const ticket = await create.mutateAsync({
        body: {
          title: v.title,
          category: v.category as TicketCategory,
          priority: v.priority,
          description: v.description,
          attachment_ids: uploads.ids,
        },
      });
      notify.success(t('tickets.form.created'));
      uploads.reset();
      for (const field of FIELDS) form.setField(field, INITIAL[field]);
      onClose();
      void navigate(`/support/${ticket.id}`);
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.VALIDATION.code) {
        const fields = serverFieldErrors(error.data);
        if (Object.keys(fields).length > 0) {
          form.setFieldErrors(fields);
          return;
        }
      }
      setFailure(isApiError(error) ? error.message : t('tickets.form.failed'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('tickets.form.title')}
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="new-ticket-modal"
    >
      <form onSubmit={submit} noValidate aria-label={t('tickets.form.title')}>
        <Stack gap="md">
          <FormErrorAlert message={failure} testId="ticket-form-error" />
          <TextInput
            label={t('tickets.form.subject')}
            placeholder={t('tickets.form.subjectPlaceholder')}
            description={t('tickets.form.subjectHint')}
            required
            maxLength={LIMITS.ticketTitleMax + 20}
            {...form.bind('title')}
            data-testid="ticket-title"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label={t('tickets.form.category')}
              required
              value={form.values.category}
              onChange={(event) => form.setField('category', event.currentTarget.value as TicketCategory)}
              onBlur={() => form.validateField('category')}
              error={form.bind('category').error}
              data={[
                { value: '', label: t('tickets.form.categoryPlaceholder'), disabled: true },
                ...TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets.category.${c}`) })),
              ]}
              data-testid="ticket-category"
            />
            <NativeSelect
              label={t('tickets.form.priority')}
              value={form.values.priority}
              onChange={(event) => form.setField('priority', event.currentTarget.value as TicketPriority)}
              data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priority.${p}`) }))}
              data-testid="ticket-priority-select"
            />
          </SimpleGrid>
          <Textarea
            label={t('tickets.form.description')}
            placeholder={t('tickets.form.descriptionPlaceholder')}
            required
            autosize
            minRows={5}
            maxRows={12}
            maxLength={TICKETS.descriptionMax}
            value={form.values.description}
            onChange={(event) => form.setField('description', event.currentTarget.value)}
            onBlur={() => form.validateField('description')}
            error={form.bind('description').error}
            data-testid="ticket-description"
          />
          <AttachmentPicker uploads={uploads} disabled={create.isPending} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('tickets.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="ticket-submit">
              {t('tickets.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
