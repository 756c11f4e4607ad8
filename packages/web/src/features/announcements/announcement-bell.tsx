import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LAYOUT } from '@portal/contract';
import { FrameHint } from '../../components/frame-hint';
import { useUnreadCount } from './api';

/** The bell's label: hidden (null) at 0 or when the call fails, "99+" above 99. */
export function bellLabel(count: number | undefined | null): string | null {
  if (!count || count <= 0) return null;
  return count > LAYOUT.bellMaxCount ? `${LAYOUT.bellMaxCount}+` : String(count);
}

/** The top bar's bell: the unread count (stale after 30 s) on a link to /announcements. */
export function AnnouncementBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const badge = bellLabel(unread);
  const label = badge
    ? `${t('console.notifications')} (${t('console.unreadCount', { count: unread ?? 0 })})`
    : t('console.notifications');
  return (
    <FrameHint label={label} position="bottom-end">
      <Indicator
        label={badge}
        disabled={badge === null}
        size={16}
        offset={4}
        color="red"
        data-testid="bell-indicator"
      >
        <ActionIcon
          component={Link}
          to="/announcements"
          variant="default"
          size="lg"
          aria-label={label}
          data-testid="announcements-bell"
          data-count={badge ?? '0'}
        >
          <IconBell size={18} aria-hidden />
        </ActionIcon>
      </Indicator>
    </FrameHint>
  );
}
