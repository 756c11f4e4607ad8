import { Alert, Card, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import classes from './stats-panel.module.css';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { currentLocale } from '../../i18n/i18n';
import { formatBytes } from '../../lib/format-number';
import { yuan } from '../../lib/money';
import { useSubscriptionStats } from './api';
import { OrdersTable } from './orders-table';

/** The chart library is loaded only when the statistics tab is opened. */
const TrafficCard = lazy(() => import('./traffic-card').then((m) => ({ default: m.TrafficCard })));

function ChartPlaceholder() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Skeleton height={260} />
    </Card>
  );
}

function StatCard({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <Card withBorder padding="md" radius="md" className={className}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** The "statistics" tab: counts, traffic this month, days remaining, total spent, daily traffic, then the orders. */
export function StatsPanel() {
  const { t } = useTranslation();
  const stats = useSubscriptionStats();
  return (
    <Stack gap="lg">
      {stats.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : stats.isError ? (
        <Alert color="red" role="alert">
          {stats.error.message || t('subscriptions.stats.loadFailed')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
          <StatCard label={t('subscriptions.stats.active')} value={stats.data.active} testId="stats-active" />
          <StatCard label={t('subscriptions.stats.total')} value={stats.data.total} testId="stats-total" />
          <StatCard
            label={t('subscriptions.stats.trafficMonth')}
            value={formatBytes(stats.data.traffic_used_month, currentLocale())}
            testId="stats-traffic"
          />
          <StatCard
            label={t('subscriptions.stats.daysRemaining')}
            value={t('subscriptions.card.days', { count: stats.data.days_remaining })}
            testId="stats-days"
          />
          <StatCard
            label={t('subscriptions.stats.totalSpent')}
            value={yuan(stats.data.total_spent)}
            testId="stats-spent"
            className={classes.lastTile}
          />
        </SimpleGrid>
      )}
      <Suspense fallback={<ChartPlaceholder />}>
        <TrafficCard />
      </Suspense>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('subscriptions.stats.ordersTitle')}
          </Title>
          <OrdersTable />
        </Stack>
      </Card>
    </Stack>
  );
}
