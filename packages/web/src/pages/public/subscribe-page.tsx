import { useSearchParams } from '../../lib/router';
import { SubscribeRedirect } from '../../features/subscriptions';

/** /subscribe?token=…: the public page of a subscription link. */
export default function SubscribePage() {
  const [params] = useSearchParams();
  return <SubscribeRedirect token={params.get('token')?.trim() ?? ''} />;
}
