import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LoadError } from '../../components/load-error';
import { RestrictedNotice } from '../../components/restricted-notice';
import { currentLocale } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { isRestrictedError, useMySubscriptions } from './api';
import { CardSkeleton, DashboardCard } from './dashboard-card';
import { activeByExpiry } from './format';
import { formatBytes, formatPercent } from '../../lib/format-number';

/** How many subscriptions are active, which ends first, and its traffic used of the limit. */
export function SubscriptionsCard({ restricted }: { restricted: boolean }) {
  const { t } = useTranslation();
  const subscriptions = useMySubscriptions(!restricted);
  const locked = restricted || isRestrictedError(subscriptions.error);

  let body;
  if (locked) body = <RestrictedNotice />;
  // In the rhythm of a subscription's summary below (the count, three lines of small text, the traffic bar).
  else if (subscriptions.isPending) body = <CardSkeleton lines={4} gap={6} lineBox={14 * 1.45} bar />;
  else if (subscriptions.isError)
    body = (
      <LoadError
        message={t('dashboard.subscriptions.loadFailed')}
        detail={subscriptions.error.message}
        onRetry={() => void subscriptions.refetch()}
        testId="dashboard-subscriptions"
      />
    );
  else {
    const active = activeByExpiry(subscriptions.data);
    const first = active[0];
    if (!first) {
      const ended = subscriptions.data.length > 0;
      body = (
        <Stack gap="xs" data-testid="dashboard-subscriptions-empty">
          <Text fw={600}>{t('dashboard.subscriptions.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {ended ? t('dashboard.subscriptions.endedText') : t('dashboard.subscriptions.emptyText')}
          </Text>
          <Group gap="xs">
            {ended && (
              <Button component={Link} to="/subscription?tab=my" size="sm" variant="light">
                {t('dashboard.subscriptions.renew')}
              </Button>
            )}
            <Button component={Link} to="/subscription" size="sm" data-testid="dashboard-choose-package">
              {t('dashboard.subscriptions.choose')}
            </Button>
          </Group>
        </Stack>
      );
    } else {
      const locale = currentLocale();
      body = (
        <Stack gap={6}>
          <Group gap={6} align="baseline">
            <Text fz={32} fw={700} lh={1.2} data-testid="dashboard-active-count">
              {active.length}
            </Text>
            <Text size="sm" c="dimmed">
              {t('dashboard.subscriptions.count')}
            </Text>
          </Group>
          <Text size="sm" fw={500} lineClamp={1} data-testid="dashboard-nearest">
            {t('dashboard.subscriptions.nearest', { name: first.package_name })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('dashboard.subscriptions.expires', { date: formatDate(first.end_at, locale) })}
            {' · '}
            {t('dashboard.subscriptions.daysLeft', { count: first.days_remaining })}
          </Text>
          <Text size="sm" data-testid="dashboard-traffic-used">
            {first.traffic_limit === null
              ? t('dashboard.subscriptions.unlimited')
              : t('dashboard.subscriptions.trafficUsed', {
                  used: formatBytes(first.traffic_used, locale),
                  limit: formatBytes(first.traffic_limit, locale),
                })}
          </Text>
          {first.usage_rate !== null && (
            // The bar shows what is used, as on My subscriptions: every traffic bar of the portal means the same.
            <Progress
              value={Math.min(100, first.usage_rate)}
              color={first.usage_rate >= 90 ? 'red' : first.usage_rate >= 70 ? 'yellow' : 'teal'}
              size="sm"
              aria-label={t('dashboard.subscriptions.usedShare', {
                value: formatPercent(Math.min(100, first.usage_rate), locale),
              })}
            />
          )}
        </Stack>
      );
    }
  }

  return (
    <DashboardCard
      testId="dashboard-subscriptions"
      title={t('dashboard.subscriptions.title')}
      icon={<IconPackage size={20} />}
      color="blue"
      link={{ to: '/subscription?tab=my', label: t('dashboard.subscriptions.manage') }}
    >
      {body}
    </DashboardCard>
  );
}
