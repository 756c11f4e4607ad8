import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface RegisterDoneProps {
  email: string;
  onGoLogin?: () => void;
  onLater?: () => void;
}

/** Step 2 of registration (product rules §4.1): verify the e-mail, the trial, then log in now or later. */
export function RegisterDone({ email, onGoLogin, onLater }: RegisterDoneProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="center" ta="center" data-testid="register-done" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconMailCheck size={32} aria-hidden />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {t('auth.registerDoneTitle')}
      </Text>
      <Text>{t('auth.registerDoneVerify', { email })}</Text>
      <Text c="dimmed" size="sm">
        {t('auth.registerDoneTrial')}
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
