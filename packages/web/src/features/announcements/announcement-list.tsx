import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { Announcement } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { AnnouncementBadges } from './badges';
import { excerptOf } from './excerpt';
import classes from './announcements.module.css';

interface ListProps {
  items: Announcement[];
  onOpen: (id: number) => void;
}

/** The list: unread ones carry a dot, a bold title and a tinted background; a click opens the detail. */
export function AnnouncementList({ items, onOpen }: ListProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Stack gap={0} component="ul" className={classes.list} aria-label={t('announcements.list.title')}>
      {items.map((a) => (
        <li key={a.id}>
          <UnstyledButton
            className={classes.item}
            data-unread={a.is_read ? undefined : true}
            onClick={() => onOpen(a.id)}
            aria-label={`${a.title}${a.is_read ? '' : ` (${t('announcements.list.unreadMark')})`}`}
            data-testid="announcement-row"
            data-id={a.id}
            data-read={a.is_read ? 'true' : 'false'}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Box className={classes.dot} aria-hidden data-testid={a.is_read ? undefined : 'unread-dot'} />
              <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                  <Text fw={a.is_read ? 500 : 700} className={classes.title} lineClamp={2}>
                    {a.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(a.publish_at, locale)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {excerptOf(a.content)}
                </Text>
                <AnnouncementBadges announcement={a} />
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
