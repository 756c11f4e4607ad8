import { Alert, Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Package, Subscription } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { PageLoader } from '../../components/page-loader';
import { RestrictedNotice } from '../../components/restricted-notice';
import { currentLocale } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { PricingPlans, useTrafficPhrase } from '../pricing';
import { useMySubscriptions, usePackages, usePurchase } from './api';
import { PaymentDialog } from './payment-dialog';
import { RenewDialog } from './renew-dialog';

/** Statuses in which a subscription is still the customer's (renewing it extends it; suspended restarts traffic). */
const HELD_STATUSES: readonly Subscription['status'][] = ['active', 'suspended'];

/** The customer's current subscription to this very package, if any (the one ending first when there are several). */
export function heldSubscription(pkg: Package, mine: readonly Subscription[]): Subscription | null {
  const held = mine
    .filter((s) => s.package_id === pkg.id && HELD_STATUSES.includes(s.status))
    .sort((a, b) => Date.parse(a.end_at) - Date.parse(b.end_at));
  return held[0] ?? null;
}

/**
 * What is being bought. A customer who holds another live subscription learns that this one is separate (its own
 * link and traffic) and where upgrading, with its credit, is done instead.
 */
function PurchaseSummary({ pkg, holdsOther }: { pkg: Package; holdsOther: boolean }) {
  const { t } = useTranslation();
  const traffic = useTrafficPhrase();
  return (
    <Stack gap={2}>
      <Text fw={600}>{pkg.name}</Text>
      <Text size="sm" c="dimmed" data-testid="purchase-package-line">
        {t('subscriptions.pay.packageLine', {
          period: t(`subscriptions.period.${pkg.type}`, { count: pkg.validity_days }),
          days: t('subscriptions.card.days', { count: pkg.validity_days }),
          traffic: traffic(pkg.traffic_bytes),
          devices: t('subscriptions.pay.deviceCount', { count: pkg.device_limit }),
        })}
      </Text>
      {holdsOther && (
        <Text size="sm" mt="xs" data-testid="purchase-separate">
          {t('subscriptions.pay.separate')}
        </Text>
      )}
    </Stack>
  );
}

/** Before paying for a package the customer already holds: renew that one, or buy a second, separate one. */
function HeldChoice({
  subscription,
  onRenew,
  onBuyAnother,
  onClose,
}: {
  subscription: Subscription;
  onRenew: () => void;
  onBuyAnother: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('subscriptions.held.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="purchase-held"
    >
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('subscriptions.held.text', {
            name: subscription.package_name,
            status: t(`subscriptions.status.${subscription.status}`),
            end: formatDate(subscription.end_at, currentLocale()),
          })}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="default" onClick={onBuyAnother} data-testid="purchase-held-another">
            {t('subscriptions.held.buyAnother')}
          </Button>
          <Button onClick={onRenew} data-testid="purchase-held-renew" data-autofocus>
            {t('subscriptions.held.renew')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface PlansListProps {
  /** False for restricted (unverified) accounts: they see the plans but cannot buy. */
  restricted: boolean;
  onPurchased: (subscription: Subscription) => void;
}

type Step = { kind: 'choose'; held: Subscription } | { kind: 'renew'; held: Subscription } | { kind: 'pay' };

/**
 * The "browse plans" tab: the shared pricing (cycle toggle, cards), purchase with confirmation. Buying a package the
 * customer already holds first says so and offers the renewal of the one they have.
 */
export function PlansList({ restricted, onPurchased }: PlansListProps) {
  const { t } = useTranslation();
  const packages = usePackages();
  const mine = useMySubscriptions(!restricted);
  const purchase = usePurchase();
  // step null: decided once the customer's subscriptions are known (a purchase must not duplicate one unasked).
  const [buying, setBuying] = useState<{ pkg: Package; step: Step | null } | null>(null);
  const firstStep = (pkg: Package): Step | null => {
    if (restricted || mine.isError) return { kind: 'pay' };
    if (!mine.data) return null;
    const held = heldSubscription(pkg, mine.data);
    return held ? { kind: 'choose', held } : { kind: 'pay' };
  };
  const step = buying ? (buying.step ?? firstStep(buying.pkg)) : null;
  // Once decided, the step stays (set while rendering, React's way to adjust state to what it depends on): the
  // list refetching mid-payment must not turn the dialog into another one.
  if (buying && buying.step === null && step !== null) setBuying({ pkg: buying.pkg, step });

  // Static, so it is painted with the page's frame, before the catalogue arrives (the page's first content).
  const intro = (
    <Text
      size="sm"
      c="dimmed"
      ta="center"
      maw="40rem"
      mx="auto"
      style={{ textWrap: 'balance' }}
      data-testid="plans-intro"
    >
      {t('subscriptions.plans.intro')}
    </Text>
  );
  if (packages.isPending)
    return (
      <Stack gap="md">
        {intro}
        <PageLoader />
      </Stack>
    );
  if (packages.isError)
    return (
      <Alert color="red" role="alert" data-testid="plans-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('subscriptions.plans.loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void packages.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const onSale = packages.data.filter((p) => p.on_sale);
  if (onSale.length === 0)
    return (
      <EmptyPage
        icon={<IconPackage size={32} aria-hidden />}
        title={t('subscriptions.plans.emptyTitle')}
        description={t('subscriptions.plans.emptyText')}
      />
    );

  const close = () => setBuying(null);
  return (
    <Stack gap="md">
      {/* The tab's heading, for the outline: the plan names are h3 under it. */}
      <VisuallyHidden component="h2">{t('subscriptions.tabs.plans')}</VisuallyHidden>
      {restricted && <RestrictedNotice />}
      {intro}
      <PricingPlans
        packages={onSale}
        actionLabel={t('subscriptions.plans.buy')}
        canBuy={!restricted}
        onBuy={(pkg) => setBuying({ pkg, step: null })}
        heldPackageIds={
          new Set(mine.data ? onSale.filter((p) => heldSubscription(p, mine.data)).map((p) => p.id) : [])
        }
      />
      {buying && step?.kind === 'choose' && (
        <HeldChoice
          subscription={step.held}
          onClose={close}
          onRenew={() => setBuying({ pkg: buying.pkg, step: { kind: 'renew', held: step.held } })}
          onBuyAnother={() => setBuying({ pkg: buying.pkg, step: { kind: 'pay' } })}
        />
      )}
      {buying && step?.kind === 'renew' && (
        <RenewDialog
          subscription={step.held}
          onClose={close}
          onRenewed={(subscription) => {
            close();
            onPurchased(subscription);
          }}
        />
      )}
      {buying && step?.kind === 'pay' && (
        <PaymentDialog
          title={t('subscriptions.pay.purchaseTitle')}
          summary={
            <PurchaseSummary
              pkg={buying.pkg}
              holdsOther={(mine.data ?? []).some((sub) => HELD_STATUSES.includes(sub.status))}
            />
          }
          price={buying.pkg.price}
          confirmLabel={t('subscriptions.pay.purchaseOk')}
          prefix="purchase"
          pending={purchase.isPending}
          onClose={close}
          onConfirm={(key) =>
            purchase
              .mutateAsync({ body: { package_id: buying.pkg.id, idempotency_key: key } })
              .then((result) => {
                notify.success(t('subscriptions.pay.purchased', { name: buying.pkg.name }));
                close();
                onPurchased(result.subscription);
              })
          }
        />
      )}
    </Stack>
  );
}
