import { VerifiedGate } from '../../components/verified-gate';
import { LinkPanel } from '../../features/subscriptions';

export default function SubscriptionLinkPage() {
  return (
    <VerifiedGate>
      <LinkPanel />
    </VerifiedGate>
  );
}
