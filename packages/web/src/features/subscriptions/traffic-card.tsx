import { Alert, Card, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { TrafficChart } from '../../components/charts';
import { TRAFFIC_DAYS, useSubscriptionTraffic } from './api';

/** "2026-11-05" -> "11-05" for the axis. */
function shortDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day;
}

function bytes(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

const CHART_HEIGHT = 220;

/** Upload and download per day of the last 30 days, stacked; a line of text when nothing was used. */
export function TrafficCard() {
  const { t } = useTranslation();
  const traffic = useSubscriptionTraffic();
  const days = (traffic.data ?? []).map((point) => ({
    label: shortDay(point.day),
    day: point.day,
    upload: bytes(point.upload),
    download: bytes(point.download),
  }));
  const used = days.some((point) => point.upload > 0 || point.download > 0);
  const title = t('subscriptions.stats.traffic.title', { days: TRAFFIC_DAYS });

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="traffic-chart-title">
          {title}
        </Title>
        {traffic.isPending && <Skeleton height={CHART_HEIGHT} />}
        {traffic.isError && (
          <Alert color="red" role="alert">
            {traffic.error.message || t('subscriptions.stats.traffic.loadFailed')}
          </Alert>
        )}
        {traffic.isSuccess && !used && (
          <Center h={CHART_HEIGHT / 2}>
            <Text c="dimmed" data-testid="traffic-chart-empty">
              {t('subscriptions.stats.traffic.empty', { days: TRAFFIC_DAYS })}
            </Text>
          </Center>
        )}
        {traffic.isSuccess && used && (
          <div data-testid="traffic-chart">
            <TrafficChart days={days} height={CHART_HEIGHT} labelledBy="traffic-chart-title" />
          </div>
        )}
      </Stack>
    </Card>
  );
}
