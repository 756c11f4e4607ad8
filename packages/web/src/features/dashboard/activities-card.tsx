import { Button, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LoadError } from '../../components/load-error';
import { ActivityList } from './activity-list';
import { useActivities } from './api';
import { CardSkeleton, DashboardCard } from './dashboard-card';
import { useNow } from '../../lib/use-now';

/** The merged recent activities (one call), or what to do first when there are none. */
export function ActivitiesCard() {
  const { t } = useTranslation();
  const activities = useActivities();
  const now = useNow(60_000);

  let body;
  if (activities.isPending) body = <CardSkeleton lines={5} height={20} />;
  else if (activities.isError)
    body = (
      <LoadError
        message={t('dashboard.activities.loadFailed')}
        detail={activities.error.message}
        onRetry={() => void activities.refetch()}
        testId="dashboard-activities"
      />
    );
  else if (activities.data.items.length === 0)
    body = (
      <Stack gap="xs" data-testid="dashboard-activities-empty">
        <Text fw={600}>{t('dashboard.activities.emptyTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.activities.emptyText')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to="/recharge" size="sm">
            {t('dashboard.activities.recharge')}
          </Button>
          <Button component={Link} to="/subscription" size="sm" variant="light">
            {t('dashboard.activities.choose')}
          </Button>
        </Group>
      </Stack>
    );
  else body = <ActivityList items={activities.data.items} now={now} />;

  return (
    <DashboardCard
      testId="dashboard-activities"
      title={t('dashboard.activities.title')}
      icon={<IconHistory size={20} />}
      color="orange"
    >
      {body}
    </DashboardCard>
  );
}
