import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

interface AuthPanelProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose?: () => void;
  /** The modal has its own title. */
  withHeading?: boolean;
  /** Registration went through (its done step shows; the modal drops its title). */
  onRegistered?: () => void;
}

/** Login and register, switchable between each other (modal on the landing page, card on /login). */
export function AuthPanel({ mode, onModeChange, onClose, withHeading = true, onRegistered }: AuthPanelProps) {
  const { t } = useTranslation();
  // The done step of registration has its own heading: no "Create account" above "Account created".
  const [registered, setRegistered] = useState(false);
  const switchMode = (next: AuthMode) => {
    setRegistered(false);
    onModeChange(next);
  };
  return (
    <Stack gap="md">
      {withHeading && !(mode === 'register' && registered) && (
        <div>
          <Title order={1} size="h3">
            {mode === 'login' ? t('auth.loginTitle') : t('auth.registerTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {mode === 'login' ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}
          </Text>
        </div>
      )}
      {mode === 'login' ? (
        <LoginForm onSuccess={onClose} onSwitchToRegister={() => switchMode('register')} />
      ) : (
        <RegisterForm
          onSwitchToLogin={() => switchMode('login')}
          onClose={onClose}
          onRegistered={() => {
            setRegistered(true);
            onRegistered?.();
          }}
        />
      )}
    </Stack>
  );
}
