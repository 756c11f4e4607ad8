import { SessionsTable } from '../../features/account';

export default function SessionsPage() {
  return <SessionsTable />;
}
