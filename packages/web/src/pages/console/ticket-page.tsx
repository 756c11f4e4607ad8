import { useParams } from '../../lib/router';
import { TicketView, ticketIdOf } from '../../features/tickets';

/** /support/:ticketId — one ticket with its conversation. */
export default function TicketPage() {
  const { ticketId } = useParams();
  const id = ticketIdOf(ticketId);
  return <TicketView key={id} ticketId={id} />;
}
