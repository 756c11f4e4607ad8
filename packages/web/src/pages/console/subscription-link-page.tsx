import { IconLink } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function SubscriptionLinkPage() {
  return <ConsoleEmptyPage page="subscriptionLink" icon={<IconLink size={32} aria-hidden />} />;
}
