import { DashboardOverview } from '../../features/dashboard';

export default function DashboardPage() {
  return <DashboardOverview />;
}
