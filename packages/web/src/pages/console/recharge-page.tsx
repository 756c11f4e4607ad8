import { IconCreditCard } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function RechargePage() {
  return <ConsoleEmptyPage page="recharge" icon={<IconCreditCard size={32} aria-hidden />} />;
}
