import { IconShieldLock } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function SecurityPage() {
  return <ConsoleEmptyPage page="security" icon={<IconShieldLock size={32} aria-hidden />} />;
}
