import { SupportCenter } from '../../features/tickets';

export default function SupportPage() {
  return <SupportCenter />;
}
