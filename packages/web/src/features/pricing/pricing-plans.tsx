import { Card, Center, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { subscriptionsApi } from '@portal/contract';
import type { Package } from '@portal/contract';
import { cycleSaving } from '../../lib/package-pricing';
import { PlanCard } from './plan-card';
import classes from './pricing-plans.module.css';

const CYCLES = subscriptionsApi.PACKAGE_TYPES;
type Cycle = (typeof CYCLES)[number];

export interface PricingPlansProps {
  /** The packages on sale (any order): cards are shown per cycle, cheapest first. */
  packages: readonly Package[];
  /** The buy button's visible text. */
  actionLabel: string;
  canBuy?: boolean;
  onBuy: (pkg: Package) => void;
  color?: MantineColor;
  /** The cards' test id (`plan-card` by default). */
  cardTestId?: string;
  /** Packages the customer already holds (the console): their cards say so. */
  heldPackageIds?: ReadonlySet<number>;
}

/**
 * The pricing of the landing page and of the console's plan page: a cycle toggle (the cycles that have packages),
 * then every package of the chosen cycle in a centred grid of fixed-width cards (at most three a row, one on
 * phones), the popular one marked and the saving against paying monthly computed from the prices.
 */
export function PricingPlans({
  packages,
  actionLabel,
  canBuy = true,
  onBuy,
  color,
  cardTestId,
  heldPackageIds,
}: PricingPlansProps) {
  const { t } = useTranslation();
  const cycles = CYCLES.filter((type) => packages.some((p) => p.type === type));
  const [chosen, setChosen] = useState<Cycle | null>(null);
  const cycle = chosen !== null && cycles.includes(chosen) ? chosen : (cycles[0] ?? null);
  const shown = packages
    .filter((p) => p.type === cycle)
    .sort((a, b) => Number(a.price) - Number(b.price) || a.id - b.id);

  return (
    <Stack gap="xl">
      {cycles.length > 1 && (
        <Center>
          <SegmentedControl
            radius="xl"
            size="md"
            color={color}
            value={cycle ?? undefined}
            onChange={(value) => setChosen(value as Cycle)}
            aria-label={t('subscriptions.plans.cycleLabel')}
            data={cycles.map((type) => ({ value: type, label: t(`subscriptions.plans.cycles.${type}`) }))}
            data-testid="pricing-period"
          />
        </Center>
      )}
      <div className={classes.grid} data-testid="pricing-grid" data-cycle={cycle ?? undefined}>
        {shown.map((pkg) => (
          <PlanCard
            key={pkg.id}
            pkg={pkg}
            saving={cycleSaving(pkg, packages)}
            actionLabel={actionLabel}
            canBuy={canBuy}
            onBuy={onBuy}
            color={color}
            testId={cardTestId}
            held={heldPackageIds?.has(pkg.id) ?? false}
          />
        ))}
      </div>
      <CurrencyNote />
    </Stack>
  );
}

/** The pricing grid while the packages load: three card-shaped placeholders, the currency note under them. */
export function PricingSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xl">
      <div
        className={classes.grid}
        role="status"
        aria-busy="true"
        aria-label={label}
        data-testid="pricing-loading"
      >
        {[0, 1, 2].map((i) => (
          <Card key={i} withBorder padding="xl" radius="md" className={classes.card}>
            <Stack gap="md">
              <Skeleton height={24} width="50%" />
              <Skeleton height={32} width="60%" />
              {[0, 1, 2, 3].map((j) => (
                <Skeleton key={j} height={12} />
              ))}
              <Skeleton height={36} />
            </Stack>
          </Card>
        ))}
      </div>
      <CurrencyNote />
    </Stack>
  );
}

function CurrencyNote() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="pricing-currency">
      {t('subscriptions.plans.currency')}
    </Text>
  );
}
