/**
 * The one pricing component (cycle toggle, centred grid of plan cards) of the landing page and the console's plan
 * page. Its own small feature so the landing page loads it without the console's subscription code.
 */
export { PricingPlans, PricingSkeleton } from './pricing-plans';
export type { PricingPlansProps } from './pricing-plans';
export { useTrafficPhrase } from './plan-card';
