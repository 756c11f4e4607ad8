import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Announcement } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useAnnouncement, useMarkRead } from './api';
import { AnnouncementBadges } from './badges';

/** The Markdown renderer is a chunk of its own, loaded when an announcement is opened (not with the console). */
const AnnouncementContent = lazy(() =>
  import('./markdown').then((m) => ({ default: m.AnnouncementContent })),
);

interface DetailModalProps {
  id: number;
  /** The list's item, shown until the detail arrives. */
  listed?: Announcement;
  onClose: () => void;
  /** Called after a successful mark-read (the popups move on to the next one). */
  onRead?: (id: number) => void;
  /** A line under the content (the popups say how many more there are). */
  footer?: string;
}

function Body({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Stack gap="md">
      <AnnouncementBadges announcement={announcement} />
      <Text size="xs" c="dimmed">
        {t('announcements.publishedAt', { time: formatDateTime(announcement.publish_at, locale) })}
        {announcement.expire_at &&
          ` · ${t('announcements.expiresAt', { time: formatDateTime(announcement.expire_at, locale) })}`}
      </Text>
      <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
        <AnnouncementContent content={announcement.content} />
      </Suspense>
      {announcement.read_at && (
        <Text size="xs" c="dimmed" data-testid="announcement-read-at">
          {t('announcements.readAt', { time: formatDateTime(announcement.read_at, locale) })}
        </Text>
      )}
    </Stack>
  );
}

/** One announcement in a modal (size lg, at most 80% of the height), with the mark-read button. */
export function AnnouncementDetailModal({ id, listed, onClose, onRead, footer }: DetailModalProps) {
  const { t } = useTranslation();
  const detail = useAnnouncement(id, listed);
  const markRead = useMarkRead();
  const announcement = detail.data;
  const read = announcement?.is_read ?? false;

  const mark = () =>
    markRead.mutate(
      { params: { id } },
      {
        onSuccess: () => onRead?.(id),
        onError: (error) => notify.error(error.message || t('announcements.detail.markReadFailed')),
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={
        // Mantine's modal title is already the dialog's <h2>: the text goes inside it, not a second heading.
        <Text component="span" fw={700} size="lg" data-testid="announcement-title">
          {announcement?.title ?? t('announcements.detail.title')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="announcement-modal"
      data-id={id}
      styles={{ content: { maxHeight: '80vh' } }}
    >
      {detail.isPending && (
        <Group justify="center" py="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
      {detail.isError && !announcement && (
        <Alert color="red" role="alert" data-testid="announcement-detail-error">
          {detail.error.code === 40701 ? t('announcements.notFound') : t('announcements.loadFailed')}
        </Alert>
      )}
      {announcement && (
        <Stack gap="lg">
          <Body announcement={announcement} />
          {footer && (
            <Text size="sm" c="dimmed" data-testid="announcement-popup-more">
              {footer}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="announcement-close">
              {t('common.close')}
            </Button>
            <Button
              onClick={mark}
              disabled={read || markRead.isPending}
              loading={markRead.isPending}
              leftSection={read ? <IconCheck size={16} aria-hidden /> : undefined}
              data-testid="announcement-mark-read"
            >
              {read
                ? t('announcements.detail.read')
                : markRead.isPending
                  ? t('announcements.detail.marking')
                  : t('announcements.detail.markRead')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
