import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Alert, Card, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BALANCE_HISTORY_DAYS, useBalanceHistory } from './api';
import { yuan, yuanTick } from '../../lib/money';

/** "2026-11-05" -> "11-05" for the axis. */
function shortDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date;
}

/** The balance at the end of each of the last 30 days. */
export function BalanceChart() {
  const { t } = useTranslation();
  const history = useBalanceHistory();
  const data = (history.data ?? []).map((point) => ({
    date: shortDate(point.date),
    balance: Number(point.balance),
  }));
  const title = t('wallet.chart.title', { days: BALANCE_HISTORY_DAYS });

  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h5" id="wallet-chart-title">
          {title}
        </Title>
        {history.isPending && <Skeleton height={220} />}
        {history.isError && (
          <Alert color="red" role="alert">
            {history.error.message || t('common.loadFailed')}
          </Alert>
        )}
        {history.isSuccess && data.length === 0 && (
          <Center h={220}>
            <Text c="dimmed">{t('wallet.chart.empty')}</Text>
          </Center>
        )}
        {history.isSuccess && data.length > 0 && (
          <div role="img" aria-labelledby="wallet-chart-title" data-testid="balance-chart">
            <AreaChart
              h={220}
              data={data}
              dataKey="date"
              series={[{ name: 'balance', label: t('wallet.chart.series'), color: 'teal.6' }]}
              curveType="monotone"
              withDots={false}
              gridAxis="y"
              valueFormatter={(value) => yuan(value)}
              yAxisProps={{ width: 80, tickFormatter: (value: number) => yuanTick(value) }}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}
