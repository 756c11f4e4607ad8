import { Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCoin, IconHeadset, IconPackage, IconSpeakerphone } from '@tabler/icons-react';
import type { Activity, ActivityType, TicketStatus } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime, formatRelativeTime } from '../../lib/format-date';
import { activityLink, activityText } from './format';
import classes from './dashboard.module.css';

const ICONS: Record<ActivityType, { icon: ReactNode; color: string }> = {
  ledger: { icon: <IconCoin size={18} />, color: 'teal' },
  order: { icon: <IconPackage size={18} />, color: 'blue' },
  ticket: { icon: <IconHeadset size={18} />, color: 'orange' },
  announcement: { icon: <IconSpeakerphone size={18} />, color: 'grape' },
};

const TONE_COLORS = { credit: 'teal', debit: 'red', neutral: undefined } as const;

const TICKET_COLORS: Record<TicketStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  resolved: 'teal',
  closed: 'gray',
};

function StatusBadge({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  if (activity.type === 'ticket')
    return (
      <Badge size="sm" variant="light" color={TICKET_COLORS[activity.status]}>
        {t(`tickets.status.${activity.status}`)}
      </Badge>
    );
  if (activity.type === 'announcement' && !activity.is_read)
    return (
      <Badge size="sm" variant="filled" color="red" data-testid="activity-unread">
        {t('dashboard.activities.unread')}
      </Badge>
    );
  return null;
}

/**
 * Activities newest first: an icon per type, what happened, when (relative and exact), each linking to its page.
 * `now` is the clock of the relative times; an activity newer than it counts as just now.
 */
export function ActivityList({ items, now }: { items: readonly Activity[]; now: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Stack
      component="ul"
      gap={0}
      m={0}
      p={0}
      aria-label={t('dashboard.activities.listLabel')}
      className={classes.list}
    >
      {items.map((activity) => {
        const text = activityText(activity, t);
        const { icon, color } = ICONS[activity.type];
        return (
          <li key={`${activity.type}-${activity.id}`} className={classes.item}>
            <UnstyledButton
              component={Link}
              to={activityLink(activity)}
              className={classes.row}
              data-testid="activity-item"
              data-type={activity.type}
              data-id={activity.id}
              data-date={activity.date}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon
                  variant="light"
                  color={color}
                  radius="xl"
                  size="lg"
                  role="img"
                  aria-label={t(`dashboard.activities.types.${activity.type}`)}
                >
                  {icon}
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={500} lineClamp={2} data-testid="activity-title">
                      {text.title}
                    </Text>
                    {text.amount && (
                      <Text
                        size="sm"
                        fw={600}
                        c={TONE_COLORS[text.tone]}
                        style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                        data-testid="activity-amount"
                        data-tone={text.tone}
                      >
                        {text.amount}
                      </Text>
                    )}
                  </Group>
                  <Group gap={6} mt={2} wrap="wrap">
                    <Text size="xs" c="dimmed" component="time" dateTime={activity.date}>
                      {formatRelativeTime(
                        activity.date,
                        locale,
                        Math.max(now, Date.parse(activity.date) || now),
                      )}
                      {' · '}
                      {formatDateTime(activity.date, locale)}
                    </Text>
                    {text.detail && (
                      <Text size="xs" c="dimmed" truncate>
                        {text.detail}
                      </Text>
                    )}
                    <StatusBadge activity={activity} />
                  </Group>
                </div>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
