import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconServer2 } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LoadError } from '../../components/load-error';
import { currentLocale } from '../../i18n/i18n';
import { formatPercent } from '../../lib/format-number';
import { useNodeSummary } from './api';
import { CardSkeleton, DashboardCard } from './dashboard-card';

/** Online nodes out of all nodes, and their average load (the node status card below links to the node list). */
export function OnlineNodesCard() {
  const { t } = useTranslation();
  const summary = useNodeSummary();

  let body;
  if (summary.isPending) body = <CardSkeleton />;
  else if (summary.isError)
    body = (
      <LoadError
        message={t('dashboard.online.loadFailed')}
        detail={summary.error.message}
        onRetry={() => void summary.refetch()}
        testId="dashboard-online"
      />
    );
  else if (summary.data.total === 0)
    body = (
      <Stack gap="xs" data-testid="dashboard-online-empty">
        <Text size="sm" c="dimmed">
          {t('dashboard.online.emptyText')}
        </Text>
        <Group>
          <Button component={Link} to="/contact" size="sm" variant="light">
            {t('dashboard.online.contact')}
          </Button>
        </Group>
      </Stack>
    );
  else {
    const { online, total, average_load: load } = summary.data;
    body = (
      <Stack gap={6}>
        <Group gap={6} align="baseline">
          <Text fz={32} fw={700} lh={1.2} data-testid="dashboard-online-count">
            {online}
          </Text>
          <Text size="sm" c="dimmed" data-testid="dashboard-online-total">
            {t('dashboard.online.ofTotal', { count: total })}
          </Text>
        </Group>
        <Progress value={(online / total) * 100} color="teal" size="sm" aria-hidden />
        {load !== null && (
          <Text size="sm" c="dimmed">
            {t('dashboard.online.averageLoad', { value: formatPercent(load, currentLocale()) })}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <DashboardCard
      testId="dashboard-online"
      title={t('dashboard.online.title')}
      icon={<IconServer2 size={20} />}
      color="teal"
    >
      {body}
    </DashboardCard>
  );
}
