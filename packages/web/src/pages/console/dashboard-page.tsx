import { IconLayoutDashboard } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

export default function DashboardPage() {
  return <ConsoleEmptyPage page="dashboard" icon={<IconLayoutDashboard size={32} aria-hidden />} />;
}
