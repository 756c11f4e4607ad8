import { SubscriptionCenter } from '../../features/subscriptions';

export default function SubscriptionPage() {
  return <SubscriptionCenter />;
}
