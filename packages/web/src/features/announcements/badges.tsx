import { Badge, Group } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { Announcement } from '@portal/contract';
import { CATEGORY_COLORS, categoryKey, PRIORITY_COLORS, priorityKey } from './format';

/** Pinned (popup), category and priority as small badges (outlined priority stays readable on unread rows). */
export function AnnouncementBadges({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const category = categoryKey(announcement.category);
  const priority = priorityKey(announcement.priority);
  return (
    <Group gap={6} wrap="wrap">
      {announcement.is_popup && (
        <Badge
          size="sm"
          variant="filled"
          color="grape"
          leftSection={<IconPin size={12} aria-hidden />}
          data-testid="announcement-pinned"
        >
          {t('announcements.pinned')}
        </Badge>
      )}
      <Badge size="sm" variant="light" color={CATEGORY_COLORS[category]} data-testid="announcement-category">
        {t(`announcements.categories.${category}`)}
      </Badge>
      <Badge
        size="sm"
        variant={priority === 'urgent' ? 'filled' : 'outline'}
        color={PRIORITY_COLORS[priority]}
        data-testid="announcement-priority"
      >
        {t(`announcements.priorities.${priority}`)}
      </Badge>
    </Group>
  );
}
