import { IconLifebuoy } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

/** /support/:ticketId — one ticket with its conversation (filled in by the tickets feature). */
export default function TicketPage() {
  return <ConsoleEmptyPage page="support" icon={<IconLifebuoy size={32} aria-hidden />} />;
}
