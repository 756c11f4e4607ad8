import { IconTicket } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function RechargeCodesPage() {
  return <ConsoleEmptyPage page="rechargeCodes" icon={<IconTicket size={32} aria-hidden />} />;
}
