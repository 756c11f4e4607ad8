import { Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Subscription } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { formatPercent } from '../../lib/format-number';
import { CopyAction } from '../../components/copy-action';
import { yuan } from '../../lib/money';
import { OnlineDevices } from './online-devices';
import { useTrafficLabel } from './traffic-label';
import { SubscriptionStatusBadge } from './status-badge';

/** Every field of a subscription, the UUID with a copy button, and its devices online now. */
export function SubscriptionDetails({
  subscription,
  onClose,
}: {
  subscription: Subscription | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const traffic = useTrafficLabel();
  const locale = currentLocale();
  const s = subscription;
  const rows: [string, ReactNode][] = s
    ? [
        [t('subscriptions.details.id'), s.id],
        [t('subscriptions.details.package'), `${s.package_name} (#${s.package_id})`],
        [t('subscriptions.details.status'), <SubscriptionStatusBadge key="s" status={s.status} />],
        [
          t('subscriptions.details.uuid'),
          <Group key="u" gap={4} wrap="nowrap" justify="flex-end">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="details-uuid">
              {s.uuid}
            </Text>
            <CopyAction value={s.uuid} label={t('subscriptions.details.uuid')} />
          </Group>,
        ],
        [t('subscriptions.details.orderNo'), s.order_no],
        [t('subscriptions.details.orderAmount'), yuan(s.order_amount)],
        [t('subscriptions.details.startAt'), formatDateTime(s.start_at, locale)],
        [t('subscriptions.details.endAt'), formatDateTime(s.end_at, locale)],
        [t('subscriptions.details.daysRemaining'), t('subscriptions.card.days', { count: s.days_remaining })],
        [t('subscriptions.details.trafficUsed'), traffic(s.traffic_used)],
        [t('subscriptions.details.trafficLimit'), traffic(s.traffic_limit)],
        [
          t('subscriptions.details.usageRate'),
          s.usage_rate === null ? t('subscriptions.unlimited') : formatPercent(s.usage_rate, locale),
        ],
        [t('subscriptions.details.deviceLimit'), s.device_limit],
        [t('subscriptions.details.autoRenew'), s.auto_renew ? t('subscriptions.on') : t('subscriptions.off')],
        ...(s.upgraded_to !== null
          ? ([[t('subscriptions.details.upgradedTo'), `#${s.upgraded_to}`]] as [string, ReactNode][])
          : []),
        [t('subscriptions.details.createdAt'), formatDateTime(s.created_at, locale)],
      ]
    : [];

  return (
    <Drawer
      opened={s !== null}
      onClose={onClose}
      position="right"
      title={t('subscriptions.details.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="sub-details"
    >
      <Stack gap="sm">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="40%">{label}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {/* Only a subscription the nodes may serve has devices online; an upgraded one's went to its successor. */}
        {s && (s.status === 'active' || s.status === 'suspended') && <OnlineDevices subscriptionId={s.id} />}
      </Stack>
    </Drawer>
  );
}
