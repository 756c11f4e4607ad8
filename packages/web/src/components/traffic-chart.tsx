import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n/i18n';
import { byteAxis, formatByteTick } from '../lib/byte-axis';
import { formatBytes } from '../lib/format-number';

export interface TrafficBar {
  /** The day as the axis shows it ("5", "11-05"). */
  label: string;
  /** Bytes. */
  upload: number;
  download: number;
}

/**
 * Download and upload per day, stacked; every day given has a bar slot. The axis counts in one unit chosen from
 * the highest day, with round ticks (0 / 0.5 GB / 1 GB / 1.5 GB). Heavy (the chart library): load it lazily.
 */
export function TrafficChart({ days, height }: { days: readonly TrafficBar[]; height: number }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...days.map((d) => d.upload + d.download));
  const locale = currentLocale();
  const axis = byteAxis(max);
  const data = days.map((d) => ({
    day: d.label,
    download: d.download / axis.size,
    upload: d.upload / axis.size,
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
      valueFormatter={(value) => formatBytes(value * axis.size, locale)}
      yAxisProps={{
        width: 64,
        ticks: axis.ticks,
        domain: [0, axis.ticks.at(-1) ?? 1],
        interval: 0,
        tickFormatter: (value: number) => formatByteTick(value, axis.unit, locale),
      }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
    />
  );
}
