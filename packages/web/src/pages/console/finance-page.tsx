import { IconWallet } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function FinancePage() {
  return <ConsoleEmptyPage page="finance" icon={<IconWallet size={32} aria-hidden />} />;
}
