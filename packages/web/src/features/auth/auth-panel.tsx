import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export type AuthMode = 'login' | 'register';

interface AuthPanelProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose?: () => void;
  /** The modal has its own title. */
  withHeading?: boolean;
}

/** Login and register, switchable between each other (modal on the landing page, card on /login). */
export function AuthPanel({ mode, onModeChange, onClose, withHeading = true }: AuthPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {withHeading && (
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
        <LoginForm onSuccess={onClose} onSwitchToRegister={() => onModeChange('register')} />
      ) : (
        <RegisterForm onSwitchToLogin={() => onModeChange('login')} onClose={onClose} />
      )}
    </Stack>
  );
}
