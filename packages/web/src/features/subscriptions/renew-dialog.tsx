import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { Subscription } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { usePackage, useRenew } from './api';
import { PaymentDialog } from './payment-dialog';
import { useTrafficLabel } from './traffic-label';

interface RenewDialogProps {
  subscription: Subscription;
  onClose: () => void;
  onRenewed: (subscription: Subscription) => void;
}

/**
 * Renewal (or reactivation of an expired subscription): one more cycle of its package from the balance, traffic
 * starts again. The price is the package's current price.
 */
export function RenewDialog({ subscription, onClose, onRenewed }: RenewDialogProps) {
  const { t } = useTranslation();
  const traffic = useTrafficLabel();
  const pkg = usePackage(subscription.package_id);
  const renew = useRenew();
  const expired = subscription.status === 'expired';
  const days = pkg.data?.validity_days ?? '';
  const blocked = pkg.isError
    ? pkg.error.message || t('subscriptions.renew.packageFailed')
    : pkg.data && !pkg.data.on_sale
      ? t('subscriptions.renew.notOnSale')
      : null;

  return (
    <PaymentDialog
      title={expired ? t('subscriptions.renew.reactivateTitle') : t('subscriptions.renew.title')}
      summary={
        <Stack gap={2}>
          <Text fw={600}>{subscription.package_name}</Text>
          <Text size="sm" c="dimmed" data-testid="renew-period">
            {expired
              ? t('subscriptions.renew.fromNow', { count: days })
              : t('subscriptions.renew.fromEnd', {
                  count: days,
                  end: formatDate(subscription.end_at, currentLocale()),
                })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('subscriptions.renew.resetsTraffic', {
              traffic: pkg.data ? traffic(pkg.data.traffic_bytes) : '',
            })}
          </Text>
        </Stack>
      }
      price={pkg.data?.price ?? null}
      blocked={blocked}
      confirmLabel={expired ? t('subscriptions.renew.reactivateOk') : t('subscriptions.renew.ok')}
      prefix="renew"
      pending={renew.isPending}
      onClose={onClose}
      onConfirm={(key) =>
        renew
          .mutateAsync({ body: { subscription_id: subscription.id, idempotency_key: key } })
          .then((result) => {
            notify.success(expired ? t('subscriptions.renew.reactivated') : t('subscriptions.renew.done'));
            onRenewed(result.subscription);
          })
      }
    />
  );
}
