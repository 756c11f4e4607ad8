import { LinkPanel, SubscriptionGate } from '../../features/subscriptions';

export default function SubscriptionLinkPage() {
  return (
    <SubscriptionGate>
      <LinkPanel />
    </SubscriptionGate>
  );
}
