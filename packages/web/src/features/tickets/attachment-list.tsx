import { Anchor, Group, Image, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconFileText, IconFileTypePdf, IconFileWord } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { TicketAttachment } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatBytes } from '../../lib/format-number';

const ICONS = { pdf: IconFileTypePdf, word: IconFileWord, text: IconFileText } as const;

/** Images as thumbnails that open full size; documents as download links with their size. */
export function AttachmentList({ attachments }: { attachments: TicketAttachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => a.kind === 'image');
  const files = attachments.filter((a) => a.kind !== 'image');
  return (
    <Group
      gap="xs"
      wrap="wrap"
      align="flex-start"
      aria-label={t('tickets.attachments.list')}
      data-testid="attachments"
    >
      {images.map((a) => (
        <UnstyledButton
          key={a.id}
          component="a"
          href={a.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('tickets.attachments.open', { name: a.file_name })}
          data-testid="attachment-image"
          title={`${a.file_name} · ${formatBytes(a.size, currentLocale())}`}
        >
          <Image
            src={a.url}
            alt={a.file_name}
            w={112}
            h={84}
            fit="cover"
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)' }}
          />
        </UnstyledButton>
      ))}
      {files.map((a) => {
        const Icon = ICONS[a.kind as keyof typeof ICONS] ?? IconFileText;
        return (
          <Paper key={a.id} withBorder radius="sm" px="sm" py={6} maw="100%" data-testid="attachment-file">
            <Group gap="xs" wrap="nowrap">
              <Icon size={20} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor
                href={a.url}
                download={a.file_name}
                size="sm"
                aria-label={t('tickets.attachments.download', { name: a.file_name })}
                style={{ wordBreak: 'break-all' }}
              >
                {a.file_name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(a.size, currentLocale())}
              </Text>
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}
