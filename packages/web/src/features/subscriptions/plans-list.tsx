import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Package, Subscription } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { PageLoader } from '../../components/page-loader';
import { RestrictedNotice } from '../../components/restricted-notice';
import { notify } from '../../lib/notify';
import { IconPackage } from '@tabler/icons-react';
import { usePackages, usePurchase } from './api';
import { annualSaving } from './format';
import { PaymentDialog } from './payment-dialog';
import { PlanCard, useTrafficLabel } from './plan-card';

const TYPE_ORDER = { monthly: 0, quarterly: 1, yearly: 2 } as const;

function PurchaseSummary({ pkg }: { pkg: Package }) {
  const { t } = useTranslation();
  const traffic = useTrafficLabel();
  return (
    <Stack gap={2}>
      <Text fw={600}>{pkg.name}</Text>
      <Text size="sm" c="dimmed">
        {t('subscriptions.pay.packageLine', {
          period: t(`subscriptions.period.${pkg.type}`),
          days: pkg.validity_days,
          traffic: traffic(pkg.traffic_bytes),
          devices: pkg.device_limit,
        })}
      </Text>
    </Stack>
  );
}

interface PlansListProps {
  /** False for restricted (unverified) accounts: they see the plans but cannot buy. */
  restricted: boolean;
  onPurchased: (subscription: Subscription) => void;
}

/** The "browse plans" tab: a card per package, purchase with confirmation. */
export function PlansList({ restricted, onPurchased }: PlansListProps) {
  const { t } = useTranslation();
  const packages = usePackages();
  const purchase = usePurchase();
  const [buying, setBuying] = useState<Package | null>(null);

  const sorted = useMemo(
    () =>
      [...(packages.data ?? [])].sort(
        (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || Number(a.price) - Number(b.price),
      ),
    [packages.data],
  );

  if (packages.isPending) return <PageLoader />;
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
  if (sorted.length === 0)
    return (
      <EmptyPage
        icon={<IconPackage size={32} aria-hidden />}
        title={t('subscriptions.plans.emptyTitle')}
        description={t('subscriptions.plans.emptyText')}
      />
    );

  return (
    <Stack gap="md">
      {restricted && <RestrictedNotice />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {sorted.map((pkg) => (
          <PlanCard
            key={pkg.id}
            pkg={pkg}
            saving={annualSaving(pkg, sorted)}
            canBuy={!restricted}
            onBuy={setBuying}
          />
        ))}
      </SimpleGrid>
      {buying && (
        <PaymentDialog
          title={t('subscriptions.pay.purchaseTitle')}
          summary={<PurchaseSummary pkg={buying} />}
          price={buying.price}
          confirmLabel={t('subscriptions.pay.purchaseOk')}
          prefix="purchase"
          pending={purchase.isPending}
          onClose={() => setBuying(null)}
          onConfirm={(key) =>
            purchase.mutateAsync({ body: { package_id: buying.id, idempotency_key: key } }).then((result) => {
              notify.success(t('subscriptions.pay.purchased', { name: buying.name }));
              setBuying(null);
              onPurchased(result.subscription);
            })
          }
        />
      )}
    </Stack>
  );
}
