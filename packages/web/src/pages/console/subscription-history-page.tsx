import { Card } from '@mantine/core';
import { HistoryTable, SubscriptionGate } from '../../features/subscriptions';

export default function SubscriptionHistoryPage() {
  return (
    <SubscriptionGate>
      <Card withBorder padding="lg" radius="md">
        <HistoryTable />
      </Card>
    </SubscriptionGate>
  );
}
