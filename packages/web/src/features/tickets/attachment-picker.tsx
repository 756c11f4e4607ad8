import { ActionIcon, Alert, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { LIMITS, TICKETS } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatBytes } from '../../lib/format-number';
import type { AttachmentUploads } from './use-attachment-uploads';

interface AttachmentPickerProps {
  uploads: AttachmentUploads;
  disabled?: boolean;
}

/** "Add files", the limits, and each picked file with its size, upload state and a remove button. */
export function AttachmentPicker({ uploads, disabled = false }: AttachmentPickerProps) {
  const { t } = useTranslation();
  const full = uploads.items.length >= TICKETS.attachmentsPerMessage;
  return (
    <Stack gap="xs" data-testid="attachment-picker">
      <Group gap="sm" wrap="wrap" align="center">
        <FileButton
          multiple
          accept={TICKETS.accept}
          onChange={(files) => uploads.add(files)}
          disabled={disabled || full}
          inputProps={{ 'data-testid': 'attachment-input' } as Record<string, string>}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              disabled={disabled || full}
              data-testid="attachment-add"
            >
              {t('tickets.attachments.add')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" style={{ flex: '1 1 220px' }}>
          {t('tickets.attachments.hint', {
            count: TICKETS.attachmentsPerMessage,
            size: LIMITS.ticketAttachmentMaxMb,
          })}
        </Text>
      </Group>
      {uploads.notice && (
        <Alert
          color="orange"
          p="xs"
          icon={<IconAlertCircle size={16} aria-hidden />}
          data-testid="attachment-notice"
        >
          <Text size="sm">{uploads.notice}</Text>
        </Alert>
      )}
      {uploads.items.length > 0 && (
        <Stack gap={6} role="list" aria-label={t('tickets.attachments.list')}>
          {uploads.items.map((item) => (
            <Paper
              key={item.key}
              withBorder
              radius="sm"
              px="sm"
              py={6}
              role="listitem"
              data-testid="attachment-item"
              data-status={item.status}
              style={item.status === 'error' ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}
            >
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  {item.status === 'uploading' && (
                    <Loader size={14} aria-label={t('tickets.attachments.uploading')} />
                  )}
                  {item.status === 'done' && (
                    <IconCheck
                      size={16}
                      color="var(--mantine-color-teal-filled)"
                      aria-label={t('tickets.attachments.uploaded')}
                    />
                  )}
                  {item.status === 'error' && (
                    <IconAlertCircle size={16} color="var(--mantine-color-red-filled)" aria-hidden />
                  )}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end" title={item.name}>
                      {item.name}
                    </Text>
                    <Text
                      size="xs"
                      c={item.status === 'error' ? 'red' : 'dimmed'}
                      data-testid="attachment-item-info"
                    >
                      {item.status === 'error' ? item.error : formatBytes(item.size, currentLocale())}
                    </Text>
                  </Stack>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => uploads.remove(item.key)}
                  aria-label={t('tickets.attachments.remove', { name: item.name })}
                  data-testid="attachment-remove"
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
