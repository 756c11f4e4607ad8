import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCY_SYMBOL, formatMoney, subscriptionsApi } from '@portal/contract';
import type { Package } from '@portal/contract';
import { useAuthModal } from '../../../features/auth';
import { annualSaving, formatTraffic } from '../../../lib/package-pricing';
import { apiQueryKey, PAGE_QUERY_OPTIONS, useApiQuery } from '../../../lib/query';
import { ACCENT } from './accent';
import classes from './landing.module.css';

const PERIODS = subscriptionsApi.PACKAGE_TYPES;
type Period = (typeof PERIODS)[number];

/** The public catalogue (no sign-in needed); names come in the caller's language, so a language switch refetches. */
function usePackagesOnSale() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useApiQuery(subscriptionsApi.listPackages, {}, PAGE_QUERY_OPTIONS);
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    void queryClient.invalidateQueries({ queryKey: apiQueryKey(subscriptionsApi.listPackages) });
  }, [i18n.language, queryClient]);
  return query;
}

function PlanCard({ pkg, packages }: { pkg: Package; packages: readonly Package[] }) {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  const saving = annualSaving(pkg, packages);
  const traffic = formatTraffic(pkg.traffic_bytes);
  const titleId = `landing-plan-${pkg.id}`;
  return (
    <Card
      withBorder
      padding="xl"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      className={classes.plan}
      data-popular={pkg.popular || undefined}
      data-testid="landing-plan"
      data-package-id={pkg.id}
    >
      <Stack gap="md" h="100%">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={3} id={titleId} data-testid="landing-plan-name">
              {pkg.name}
            </Title>
            {pkg.popular && (
              <Badge variant="filled" color={ACCENT} data-testid="landing-plan-popular">
                {t('landing.pricingSection.popular')}
              </Badge>
            )}
          </Group>
          {pkg.description && (
            <Text size="sm" className={classes.muted} mt={4}>
              {pkg.description}
            </Text>
          )}
        </div>
        <Group gap={6} align="baseline">
          <Text component="span" fz={32} fw={800} lh={1} data-testid="landing-plan-price">
            {CURRENCY_SYMBOL}
            {formatMoney(pkg.price)}
          </Text>
          <Text component="span" size="sm" className={classes.muted}>
            {t(`landing.pricingSection.per.${pkg.type}`)}
          </Text>
        </Group>
        {saving && (
          <Badge
            color="teal.9"
            variant="filled"
            size="lg"
            className={classes.saving}
            data-testid="landing-plan-saving"
            data-amount={saving.amount}
            data-percent={saving.percent}
          >
            {t('landing.pricingSection.saving', {
              amount: `${CURRENCY_SYMBOL}${formatMoney(saving.amount)}`,
              percent: saving.percent,
            })}
          </Badge>
        )}
        <List
          spacing="xs"
          size="sm"
          className={classes.grow}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="teal" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item data-testid="landing-plan-traffic">
            {traffic === null
              ? t('landing.pricingSection.unlimitedTraffic')
              : t('landing.pricingSection.traffic', { traffic })}
          </List.Item>
          <List.Item data-testid="landing-plan-devices">
            {t('landing.pricingSection.devices', { count: pkg.device_limit })}
          </List.Item>
          <List.Item>{t('landing.pricingSection.validity', { days: pkg.validity_days })}</List.Item>
          <List.Item>{t('landing.pricingSection.allNodes')}</List.Item>
          <List.Item>{t('landing.pricingSection.support')}</List.Item>
        </List>
        <Button
          fullWidth
          color={ACCENT}
          variant={pkg.popular ? 'filled' : 'default'}
          onClick={() => open('register')}
          aria-describedby={titleId}
          data-testid="landing-plan-buy"
        >
          {t('landing.pricingSection.choose')}
        </Button>
      </Stack>
    </Card>
  );
}

function PlanSkeletons() {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, md: 3 }}
      spacing="lg"
      role="status"
      aria-busy="true"
      aria-label={t('landing.pricingSection.loading')}
      data-testid="pricing-loading"
    >
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder padding="xl" radius="md" className={classes.plan}>
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
    </SimpleGrid>
  );
}

/** Pricing built from the packages on sale (product rules §1: the figures are copy; the prices are the API's). */
export function LandingPricing() {
  const { t } = useTranslation();
  const packages = usePackagesOnSale();
  // The cards render at transition priority, in slices, not in the one task that delivers the answer.
  const status = useDeferredValue(packages.status);
  const data = useDeferredValue(packages.data);
  const onSale = useMemo(() => (data ?? []).filter((p) => p.on_sale), [data]);
  const periods = PERIODS.filter((type) => onSale.some((p) => p.type === type));
  const [chosen, setChosen] = useState<Period | null>(null);
  const period = chosen !== null && periods.includes(chosen) ? chosen : (periods[0] ?? null);
  const shown = onSale
    .filter((p) => p.type === period)
    .sort((a, b) => Number(a.price) - Number(b.price) || a.id - b.id);

  return (
    // data-boot-near: the prerendered page loads its code (public/app-boot.js) when this is about a screen away.
    <section id="pricing" className={classes.section} aria-labelledby="pricing-title" data-boot-near="">
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title id="pricing-title" order={2}>
            {t('landing.pricingSection.title')}
          </Title>
          <Text className={classes.muted} maw={720}>
            {t('landing.pricingSection.subtitle')}
          </Text>
          {periods.length > 1 && (
            <SegmentedControl
              mt="md"
              radius="xl"
              size="md"
              color={ACCENT}
              value={period ?? undefined}
              onChange={(value) => setChosen(value as Period)}
              aria-label={t('landing.pricingSection.periodLabel')}
              data={periods.map((type) => ({
                value: type,
                label: t(`landing.pricingSection.periods.${type}`),
              }))}
              data-testid="pricing-period"
            />
          )}
        </Stack>
        {status === 'pending' ? (
          <PlanSkeletons />
        ) : status === 'error' ? (
          <Alert color="red" role="alert" maw={560} mx="auto" data-testid="pricing-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('landing.pricingSection.loadFailed')}</Text>
              <Button
                size="xs"
                variant="light"
                color="red.9"
                onClick={() => void packages.refetch()}
                loading={packages.isFetching}
              >
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : shown.length === 0 ? (
          <Text ta="center" className={classes.muted} data-testid="pricing-empty">
            {t('landing.pricingSection.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(3, shown.length) }} spacing="lg">
            {shown.map((pkg) => (
              <PlanCard key={pkg.id} pkg={pkg} packages={onSale} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </section>
  );
}
