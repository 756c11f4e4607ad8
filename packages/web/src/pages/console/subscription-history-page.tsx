import { IconHistory } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function SubscriptionHistoryPage() {
  return <ConsoleEmptyPage page="subscriptionHistory" icon={<IconHistory size={32} aria-hidden />} />;
}
