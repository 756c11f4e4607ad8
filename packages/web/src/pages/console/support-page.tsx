import { IconLifebuoy } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function SupportPage() {
  return <ConsoleEmptyPage page="support" icon={<IconLifebuoy size={32} aria-hidden />} />;
}
