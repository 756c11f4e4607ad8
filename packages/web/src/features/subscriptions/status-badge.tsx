import { Badge } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { SubscriptionStatus } from '@portal/contract';
import { SUBSCRIPTION_STATUS_COLORS } from './status';

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={SUBSCRIPTION_STATUS_COLORS[status]}
      variant="light"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`subscriptions.status.${status}`)}
    </Badge>
  );
}
