import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { subscriptionsApi } from '@portal/contract';
import { useApiQuery } from '../../lib/query';

interface RegisterDoneProps {
  email: string;
  onGoLogin?: () => void;
  onLater?: () => void;
}

/**
 * Step 2 of registration (product rules §4.1): verify the email, the trial (promised only when the operator offers
 * one, with its package and days: product rules §4.3 "Trial"), then log in now or later.
 */
export function RegisterDone({ email, onGoLogin, onLater }: RegisterDoneProps) {
  const { t } = useTranslation();
  const trial = useApiQuery(subscriptionsApi.trialOffer, {}, { retry: false, staleTime: 5 * 60_000 });
  const offer = trial.data ?? null;
  return (
    <Stack gap="md" align="center" ta="center" data-testid="register-done" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconMailCheck size={32} aria-hidden />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {t('auth.registerDoneTitle')}
      </Text>
      <Text>{t('auth.registerDoneVerify', { email })}</Text>
      <Text c="dimmed" size="sm" data-testid="register-done-next">
        {offer
          ? t('auth.registerDoneTrial', { days: offer.days, name: offer.package_name })
          : t('auth.registerDoneUnlock')}
      </Text>
      <Stack gap="xs" w="100%">
        {onGoLogin && (
          <Button onClick={onGoLogin} data-testid="register-go-login">
            {t('auth.goLogin')}
          </Button>
        )}
        {onLater && (
          <Button variant="default" onClick={onLater} data-testid="register-later">
            {t('auth.later')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
