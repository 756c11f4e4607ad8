import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatTraffic } from '../lib/package-pricing';

export interface TrafficBar {
  /** The day as the axis shows it ("5", "11-05"). */
  label: string;
  /** Bytes. */
  upload: number;
  download: number;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/**
 * Download and upload per day, stacked; every day given has a bar slot. The axis counts in GB (or MB when no day
 * reached 1 GB) so its ticks are round numbers of that unit. Heavy (the chart library): load it lazily.
 */
export function TrafficChart({ days, height }: { days: readonly TrafficBar[]; height: number }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...days.map((d) => d.upload + d.download));
  const unit = max >= GB ? { size: GB, label: 'GB' } : { size: MB, label: 'MB' };
  const data = days.map((d) => ({
    day: d.label,
    download: d.download / unit.size,
    upload: d.upload / unit.size,
  }));
  return (
    <BarChart
      h={height}
      data={data}
      dataKey="day"
      type="stacked"
      series={[
        { name: 'download', label: t('common.traffic.download'), color: 'teal.6' },
        { name: 'upload', label: t('common.traffic.upload'), color: 'brand.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 32 }}
      gridAxis="y"
      tickLine="none"
      valueFormatter={(value) => formatTraffic(value * unit.size) ?? ''}
      yAxisProps={{
        width: 64,
        tickFormatter: (value: number) => (value === 0 ? '0' : `${Number(value.toFixed(2))} ${unit.label}`),
      }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
    />
  );
}
