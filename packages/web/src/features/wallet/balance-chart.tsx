import { Alert, Card, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { BALANCE_HISTORY_DAYS, useBalanceHistory } from './api';
import { Chart, formatDay, niceTicks } from '../../components/charts';
import { currentLocale } from '../../i18n/i18n';
import { yuan, yuanTick } from '../../lib/money';

const CHART_HEIGHT = 220;

/** "2026-11-05" -> "11-05" for the axis. */
function shortDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date;
}

/** The balance at the end of each of the last 30 days: an area from ¥0, round amounts on the axis. */
export function BalanceChart() {
  const { t } = useTranslation();
  const history = useBalanceHistory();
  const locale = currentLocale();
  const data = (history.data ?? []).map((point) => {
    const balance = Number(point.balance);
    return {
      label: shortDate(point.date),
      title: formatDay(point.date, locale),
      values: { balance: Number.isFinite(balance) ? balance : 0 },
    };
  });
  const balances = data.map((d) => d.values.balance);
  const title = t('wallet.chart.title', { days: BALANCE_HISTORY_DAYS });

  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h5" id="wallet-chart-title">
          {title}
        </Title>
        {history.isPending && <Skeleton height={CHART_HEIGHT} />}
        {history.isError && (
          <Alert color="red" role="alert">
            {history.error.message || t('common.loadFailed')}
          </Alert>
        )}
        {history.isSuccess && data.length === 0 && (
          <Center h={CHART_HEIGHT}>
            <Text c="dimmed">{t('wallet.chart.empty')}</Text>
          </Center>
        )}
        {history.isSuccess && data.length > 0 && (
          <div data-testid="balance-chart">
            <Chart
              type="area"
              height={CHART_HEIGHT}
              labelledBy="wallet-chart-title"
              data={data}
              series={[
                { key: 'balance', label: t('wallet.chart.series'), color: 'var(--mantine-color-teal-6)' },
              ]}
              ticks={niceTicks(Math.min(...balances), Math.max(...balances))}
              formatTick={(value) => yuanTick(value, locale)}
              formatValue={(value) => yuan(value, locale)}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}
