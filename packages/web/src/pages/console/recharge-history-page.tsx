import { IconReceipt } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function RechargeHistoryPage() {
  return <ConsoleEmptyPage page="rechargeHistory" icon={<IconReceipt size={32} aria-hidden />} />;
}
