import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Card, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRAFFIC_DAYS, useSubscriptionTraffic } from './api';
import { formatTraffic } from './format';

/** "2026-11-05" -> "11-05" for the axis. */
function shortDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.slice(5) : day;
}

function bytes(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** The axis counts in GB (or MB when no day reached 1 GB) so its ticks are round numbers of that unit. */
function axisUnit(max: number) {
  return max >= GB ? { size: GB, label: 'GB' } : { size: MB, label: 'MB' };
}

const CHART_HEIGHT = 220;

/** Upload and download per day of the last 30 days, stacked; a line of text when nothing was used. */
export function TrafficChart() {
  const { t } = useTranslation();
  const traffic = useSubscriptionTraffic();
  const days = (traffic.data ?? []).map((point) => ({
    day: shortDay(point.day),
    upload: bytes(point.upload),
    download: bytes(point.download),
  }));
  const used = days.some((point) => point.upload > 0 || point.download > 0);
  const unit = axisUnit(Math.max(0, ...days.map((point) => point.upload + point.download)));
  const data = days.map((point) => ({
    day: point.day,
    upload: point.upload / unit.size,
    download: point.download / unit.size,
  }));
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
          <div role="img" aria-labelledby="traffic-chart-title" data-testid="traffic-chart">
            <BarChart
              h={CHART_HEIGHT}
              data={data}
              dataKey="day"
              type="stacked"
              series={[
                { name: 'download', label: t('subscriptions.stats.traffic.download'), color: 'teal.6' },
                { name: 'upload', label: t('subscriptions.stats.traffic.upload'), color: 'blue.6' },
              ]}
              withLegend
              legendProps={{ verticalAlign: 'top', height: 36 }}
              gridAxis="x"
              tickLine="none"
              valueFormatter={(value) => formatTraffic(value * unit.size) ?? ''}
              yAxisProps={{
                width: 64,
                tickFormatter: (value: number) =>
                  value === 0 ? '0' : `${Number(value.toFixed(2))} ${unit.label}`,
              }}
              xAxisProps={{ minTickGap: 12 }}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}
