import type { SubscriptionStatus } from '@portal/contract';

export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = {
  active: 'teal',
  expired: 'gray',
  suspended: 'orange',
  upgraded: 'blue',
};
