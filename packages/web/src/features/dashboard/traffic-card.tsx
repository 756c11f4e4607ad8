import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LoadError } from '../../components/load-error';
import { RestrictedNotice } from '../../components/restricted-notice';
import { currentLocale } from '../../i18n/i18n';
import { isRestrictedError, useMonthTraffic, useMySubscriptions } from './api';
import { CardSkeleton, DashboardCard } from './dashboard-card';
import { dayOfMonth, summarizeTraffic } from './format';
import { formatBytes } from '../../lib/format-number';

/**
 * The chart (our own SVG, components/charts: a few KiB) is fetched only when it is drawn: a month without traffic,
 * or a restricted account, never loads it, and the dashboard's first load stays within its budget.
 */
const TrafficChart = lazy(() => import('../../components/charts').then((m) => ({ default: m.TrafficChart })));

const CHART_HEIGHT = 200;

/** Traffic used this month, today's share, and a bar per day. */
export function TrafficCard({ restricted }: { restricted: boolean }) {
  const { t } = useTranslation();
  const traffic = useMonthTraffic(!restricted);
  // The subscriptions card's call (one cache entry): without an active subscription, the first step is a package.
  const subscriptions = useMySubscriptions(!restricted);
  const subscribed = subscriptions.data?.some((s) => s.status === 'active') ?? true;
  const locked = restricted || isRestrictedError(traffic.error);

  let body;
  if (locked) body = <RestrictedNotice />;
  else if (traffic.isPending)
    body = (
      <>
        <CardSkeleton lines={1} />
        <Skeleton height={CHART_HEIGHT} />
      </>
    );
  else if (traffic.isError)
    body = (
      <LoadError
        message={t('dashboard.traffic.loadFailed')}
        detail={traffic.error.message}
        onRetry={() => void traffic.refetch()}
        testId="dashboard-traffic"
      />
    );
  else {
    const { points, total, today } = summarizeTraffic(traffic.data);
    body =
      total === 0 ? (
        <Stack gap="xs" data-testid="dashboard-traffic-empty">
          <Text fw={600}>{t('dashboard.traffic.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {subscribed ? t('dashboard.traffic.emptyText') : t('dashboard.traffic.noPlanText')}
          </Text>
          <Group>
            {subscribed ? (
              <Button component={Link} to="/subscription/link" size="sm" variant="light">
                {t('dashboard.traffic.openLink')}
              </Button>
            ) : (
              <Button component={Link} to="/subscription" size="sm" variant="light">
                {t('dashboard.subscriptions.choose')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <>
          <Group gap="md" align="baseline" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                {t('dashboard.traffic.used')}
              </Text>
              <Text fz={28} fw={700} lh={1.2} data-testid="dashboard-traffic-total">
                {formatBytes(total, currentLocale())}
              </Text>
            </div>
            <Text size="sm" c="dimmed" data-testid="dashboard-traffic-today">
              {t('dashboard.traffic.today', { value: formatBytes(today, currentLocale()) })}
            </Text>
          </Group>
          <div data-testid="dashboard-traffic-chart" data-days={points.length} data-today-bytes={today}>
            <Suspense fallback={<Skeleton height={CHART_HEIGHT + 30} />}>
              <TrafficChart
                label={t('dashboard.traffic.chartLabel')}
                days={points.map((p) => ({
                  label: dayOfMonth(p.day),
                  day: p.day,
                  upload: p.upload,
                  download: p.download,
                }))}
                height={CHART_HEIGHT}
              />
            </Suspense>
          </div>
        </>
      );
  }

  return (
    <DashboardCard
      testId="dashboard-traffic"
      title={t('dashboard.traffic.title')}
      icon={<IconChartBar size={20} />}
      color="indigo"
      link={{ to: '/subscription?tab=stats', label: t('dashboard.traffic.stats') }}
    >
      {body}
    </DashboardCard>
  );
}
