import { useTranslation } from '../../i18n/use-translation';
import { currentLocale } from '../../i18n/i18n';
import { byteAxis, formatByteTick } from '../../lib/byte-axis';
import { formatBytes } from '../../lib/format-number';
import { Chart } from './chart';
import { formatDay } from './day';

export interface TrafficBar {
  /** The day as the axis shows it ("5", "11-05"). */
  label: string;
  /** The calendar day ("2026-11-05"), written "11月5日" in the tooltip and the table; the label when not given. */
  day?: string;
  /** Bytes. */
  upload: number;
  download: number;
}

/**
 * Download and upload per day, stacked (download below); every day given has a bar slot. The axis counts in one
 * unit chosen from the highest day, with round ticks (0 / 0.5 GB / 1 GB / 1.5 GB); the tooltip has the exact bytes.
 */
export function TrafficChart({
  days,
  height,
  label,
  labelledBy,
}: {
  days: readonly TrafficBar[];
  height: number;
  /** The accessible name, or the id of the heading that gives it. */
  label?: string;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const axis = byteAxis(Math.max(0, ...days.map((d) => d.upload + d.download)));
  return (
    <Chart
      type="bar"
      legend
      height={height}
      label={label}
      labelledBy={labelledBy}
      data={days.map((d) => ({
        label: d.label,
        title: d.day ? formatDay(d.day, locale) : undefined,
        values: { download: d.download, upload: d.upload },
      }))}
      series={[
        { key: 'download', label: t('common.traffic.download'), color: 'var(--mantine-color-teal-6)' },
        { key: 'upload', label: t('common.traffic.upload'), color: 'var(--mantine-color-brand-6)' },
      ]}
      ticks={axis.ticks.map((tick) => tick * axis.size)}
      formatTick={(value) => formatByteTick(value / axis.size, axis.unit, locale)}
      formatValue={(value) => formatBytes(value, locale)}
    />
  );
}
