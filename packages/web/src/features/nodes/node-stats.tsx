import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { NodeSummary } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatPercent } from '../../lib/format-number';
import { useRegionLabel } from './format';
import { loadColor } from './status';

const CARD_SPAN = { base: 15, sm: 10, lg: 6 };
/**
 * 30 columns: two tiles a row on phones (the fifth, the average load, spans the row), three then two on tablets
 * (the last two share their row), five in a row from 1200 px. No tile sits alone beside a gap.
 */
const SPANS = [CARD_SPAN, CARD_SPAN, CARD_SPAN, { ...CARD_SPAN, sm: 15 }, { ...CARD_SPAN, base: 30, sm: 15 }];

function StatCard({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  color?: string;
  testId: string;
}) {
  return (
    <Card withBorder padding="md" radius="md" h="100%">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Card>
  );
}

function RegionBreakdown({ regions }: { regions: NodeSummary['regions'] }) {
  const { t } = useTranslation();
  const regionLabel = useRegionLabel();
  if (regions.length === 0) return null;
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5" id="node-regions-title">
          {t('nodes.stats.regions')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, xs: Math.min(2, regions.length), lg: regions.length <= 4 ? regions.length : 3 }}
          spacing="sm"
          aria-labelledby="node-regions-title"
          role="list"
        >
          {regions.map((r) => (
            // A region is a label and its bar in the section card, not a bordered box inside it.
            <div key={r.region} role="listitem" data-testid="node-region" data-region={r.region}>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
                <Text size="sm" fw={600} truncate="end">
                  {regionLabel(r.region)}
                </Text>
                <Text
                  size="sm"
                  c="dimmed"
                  style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {t('nodes.stats.regionOnline', { online: r.online, total: r.total })}
                </Text>
              </Group>
              <Progress
                value={r.total === 0 ? 0 : (r.online / r.total) * 100}
                color="teal"
                size="sm"
                aria-label={t('nodes.stats.regionOnlineOf', {
                  region: regionLabel(r.region),
                  online: r.online,
                  count: r.total,
                })}
              />
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

interface NodeStatsProps {
  summary: NodeSummary | undefined;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
}

/** Totals by status, average load of the online nodes, online/total per region. */
export function NodeStats({ summary, pending, error, onRetry }: NodeStatsProps) {
  const { t } = useTranslation();
  if (pending)
    return (
      <Grid columns={30} gap="md">
        {Array.from({ length: 5 }, (_, i) => (
          <Grid.Col key={i} span={SPANS[i]}>
            <Skeleton height={74} radius="md" />
          </Grid.Col>
        ))}
      </Grid>
    );
  if (!summary)
    return (
      <Alert color="red" role="alert" data-testid="node-stats-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('nodes.loadFailed')}</Text>
          {error?.message && (
            <Text size="xs" c="dimmed">
              {error.message}
            </Text>
          )}
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const average = summary.average_load;
  return (
    <Stack gap="md">
      <Grid columns={30} gap="md" data-testid="node-stats">
        <Grid.Col span={CARD_SPAN}>
          <StatCard label={t('nodes.stats.total')} value={summary.total} testId="node-stats-total" />
        </Grid.Col>
        <Grid.Col span={CARD_SPAN}>
          <StatCard
            label={t('nodes.stats.online')}
            value={summary.online}
            color="teal"
            testId="node-stats-online"
          />
        </Grid.Col>
        <Grid.Col span={CARD_SPAN}>
          <StatCard
            label={t('nodes.stats.offline')}
            value={summary.offline}
            color={summary.offline > 0 ? 'red' : undefined}
            testId="node-stats-offline"
          />
        </Grid.Col>
        <Grid.Col span={SPANS[3]}>
          <StatCard
            label={t('nodes.stats.maintenance')}
            value={summary.maintenance}
            color={summary.maintenance > 0 ? 'yellow' : undefined}
            testId="node-stats-maintenance"
          />
        </Grid.Col>
        <Grid.Col span={SPANS[4]}>
          <StatCard
            label={t('nodes.stats.averageLoad')}
            value={average === null ? t('common.none') : formatPercent(average, currentLocale())}
            color={average === null ? undefined : loadColor(average)}
            testId="node-stats-load"
          />
        </Grid.Col>
      </Grid>
      <RegionBreakdown regions={summary.regions} />
    </Stack>
  );
}
