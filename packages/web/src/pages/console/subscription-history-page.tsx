import { Card } from '@mantine/core';
import { VerifiedGate } from '../../components/verified-gate';
import { HistoryTable } from '../../features/subscriptions';

export default function SubscriptionHistoryPage() {
  return (
    <VerifiedGate>
      <Card withBorder padding="lg" radius="md">
        <HistoryTable />
      </Card>
    </VerifiedGate>
  );
}
