import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Subscription } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { PageLoader } from '../../components/page-loader';
import { notify } from '../../lib/notify';
import { useAutoRenewToggle, useMySubscriptions, usePackages } from './api';
import { RenewDialog } from './renew-dialog';
import { SubscriptionCard } from './subscription-card';
import { SubscriptionDetails } from './subscription-details';
import { UpgradeDialog } from './upgrade-dialog';

interface MySubscriptionsProps {
  /** The subscription to scroll to and highlight (after a purchase, or "view the new one"). */
  focusId: number | null;
  onFocus: (id: number) => void;
  onBrowse: () => void;
}

/** The "my subscriptions" tab: status cards with renew, reactivate, upgrade, auto-renew, details, link. */
export function MySubscriptions({ focusId, onFocus, onBrowse }: MySubscriptionsProps) {
  const { t } = useTranslation();
  const subscriptions = useMySubscriptions();
  const packages = usePackages();
  const autoRenew = useAutoRenewToggle();
  const [renewing, setRenewing] = useState<Subscription | null>(null);
  const [upgrading, setUpgrading] = useState<Subscription | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const list = subscriptions.data ?? [];
  const details = list.find((s) => s.id === detailsId) ?? null;

  useEffect(() => {
    if (focusId === null || !subscriptions.data) return;
    document
      .getElementById(`subscription-${focusId}`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [focusId, subscriptions.data]);

  if (subscriptions.isPending) return <PageLoader />;
  if (subscriptions.isError)
    return (
      <Alert color="red" role="alert" data-testid="subs-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('subscriptions.my.loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void subscriptions.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (list.length === 0)
    return (
      <EmptyPage
        icon={<IconPackage size={32} aria-hidden />}
        title={t('subscriptions.my.emptyTitle')}
        description={t('subscriptions.my.emptyText')}
      >
        <Button onClick={onBrowse}>{t('subscriptions.my.browse')}</Button>
      </EmptyPage>
    );

  const toggle = (s: Subscription, enabled: boolean) =>
    autoRenew.mutate(
      { body: { subscription_id: s.id, enabled } },
      {
        onSuccess: (result) =>
          notify.success(result.enabled ? t('subscriptions.autoRenew.on') : t('subscriptions.autoRenew.off')),
        onError: (error) => notify.error(error.message || t('subscriptions.autoRenew.failed')),
      },
    );

  return (
    <Stack gap="md">
      {list.map((s) => (
        <SubscriptionCard
          key={s.id}
          subscription={s}
          highlighted={s.id === focusId}
          autoRenewPending={autoRenew.isPending && autoRenew.variables?.body?.subscription_id === s.id}
          onRenew={() => setRenewing(s)}
          onUpgrade={() => setUpgrading(s)}
          onAutoRenew={(enabled) => toggle(s, enabled)}
          onDetails={() => setDetailsId(s.id)}
          onShowSubscription={onFocus}
        />
      ))}
      {renewing && (
        <RenewDialog
          subscription={renewing}
          onClose={() => setRenewing(null)}
          onRenewed={(next) => {
            setRenewing(null);
            onFocus(next.id);
          }}
        />
      )}
      {upgrading && (
        <UpgradeDialog
          subscription={upgrading}
          packages={packages.data ?? []}
          onClose={() => setUpgrading(null)}
          onUpgraded={(next) => {
            setUpgrading(null);
            onFocus(next.id);
          }}
        />
      )}
      <SubscriptionDetails subscription={details} onClose={() => setDetailsId(null)} />
    </Stack>
  );
}
