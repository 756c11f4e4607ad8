import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { subscriptionsApi } from '@portal/contract';
import { useAuthModal } from '../../../features/auth';
import { PricingPlans, PricingSkeleton } from '../../../features/pricing';
import { apiQueryKey, PAGE_QUERY_OPTIONS, useApiQuery } from '../../../lib/query';
import { ACCENT } from './accent';
import classes from './landing.module.css';

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

/** Pricing built from the packages on sale (product rules §1: the figures are copy; the prices are the API's). */
export function LandingPricing() {
  const { t } = useTranslation();
  const packages = usePackagesOnSale();
  // The cards render at transition priority, in slices, not in the one task that delivers the answer.
  const status = useDeferredValue(packages.status);
  const data = useDeferredValue(packages.data);
  const onSale = useMemo(() => (data ?? []).filter((p) => p.on_sale), [data]);
  const { open } = useAuthModal();

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
        </Stack>
        {status === 'pending' ? (
          <PricingSkeleton label={t('landing.pricingSection.loading')} />
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
        ) : onSale.length === 0 ? (
          <Text ta="center" className={classes.muted} data-testid="pricing-empty">
            {t('landing.pricingSection.empty')}
          </Text>
        ) : (
          // The console's pricing component: a visitor's choice leads to registering.
          <PricingPlans
            packages={onSale}
            actionLabel={t('landing.pricingSection.choose')}
            onBuy={() => open('register')}
            color={ACCENT}
            cardTestId="landing-plan"
          />
        )}
      </Container>
    </section>
  );
}
