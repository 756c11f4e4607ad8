import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatBytes, type TrafficPoint } from './format';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** Download and upload per day of this month, stacked; every day has a bar slot, zero days included. */
export function TrafficChart({ points, height }: { points: readonly TrafficPoint[]; height: number }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...points.map((p) => p.upload + p.download));
  const unit = max >= GB ? { size: GB, label: 'GB' } : { size: MB, label: 'MB' };
  const data = points.map((p) => ({
    // "2026-11-05" -> "5": the month is in the card's title.
    day: String(Number(p.day.slice(8, 10)) || p.day),
    download: p.download / unit.size,
    upload: p.upload / unit.size,
  }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="day"
      type="stacked"
      series={[
        { name: 'download', label: t('dashboard.traffic.download'), color: 'teal.6' },
        { name: 'upload', label: t('dashboard.traffic.upload'), color: 'blue.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 32 }}
      gridAxis="y"
      tickLine="none"
      valueFormatter={(value) => formatBytes(value * unit.size)}
      yAxisProps={{
        width: 64,
        tickFormatter: (value: number) => (value === 0 ? '0' : `${Number(value.toFixed(2))} ${unit.label}`),
      }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
    />
  );
}
