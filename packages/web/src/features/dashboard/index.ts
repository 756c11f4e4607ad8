export { DashboardOverview } from './dashboard-overview';
export { prefetchDashboard } from './api';
