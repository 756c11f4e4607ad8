import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { ActivitiesCard } from './activities-card';
import { useRestricted } from './api';
import { BalanceCard } from './balance-card';
import { NodeStatusCard } from './node-status-card';
import { OnlineNodesCard } from './online-nodes-card';
import { QuickActionsCard } from './quick-actions-card';
import { SubscriptionsCard } from './subscriptions-card';
import { TrafficCard } from './traffic-card';

/**
 * / : balance, active subscriptions, online nodes; this month's traffic and quick actions; recent activities and
 * node status. Every card is mounted at once and makes at most one call of its own, so all calls start together.
 */
export function DashboardOverview() {
  const { t } = useTranslation();
  const restricted = useRestricted();
  return (
    <Stack gap="md" aria-label={t('dashboard.label')} data-testid="dashboard">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <BalanceCard />
        <SubscriptionsCard restricted={restricted} />
        <OnlineNodesCard />
      </SimpleGrid>
      <Grid gap="md">
        {/* 7 + 5 like the row below: the quick actions get room for two columns of buttons, so the two cards are
            about as tall as each other and this month's traffic is not stretched half empty. */}
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <TrafficCard restricted={restricted} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <QuickActionsCard restricted={restricted} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ActivitiesCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <NodeStatusCard />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
