export { SubscriptionCenter } from './subscription-center';
export { HistoryTable } from './orders-table';
export { LinkPanel } from './link-panel';
export { SubscribeRedirect } from './subscribe-redirect';
// The one pricing component (cycle toggle, centred grid of plan cards), also used by the landing page.
export { PricingPlans, PricingSkeleton } from './pricing-plans';
