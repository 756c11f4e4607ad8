import { IconPackage } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function SubscriptionPage() {
  return <ConsoleEmptyPage page="subscription" icon={<IconPackage size={32} aria-hidden />} />;
}
