export { SubscriptionCenter } from './subscription-center';
export { HistoryTable } from './orders-table';
export { LinkPanel } from './link-panel';
export { SubscribeRedirect } from './subscribe-redirect';
export { prefetchSubscriptionCenter } from './api';
export { SUBSCRIPTION_STATUS_COLORS } from './status';
