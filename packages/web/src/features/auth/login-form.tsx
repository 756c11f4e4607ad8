import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi, loginSchema } from '@portal/contract';
import { translateValidation } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { saveTokens } from '../../lib/token-store';
import { AFTER_LOGIN_MS } from './api';
import { useZodForm } from './use-zod-form';

interface LoginFormProps {
  onSuccess?: () => void;
  onSwitchToRegister?: () => void;
}

export function LoginForm({ onSuccess, onSwitchToRegister }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(loginSchema, { email: '', password: '', remember_me: false });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors } = form;
  const incomplete = !values.email.trim() || !values.password;

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const pair = await apiRequest(authApi.login, { body: data });
      saveTokens(pair.access_token, pair.refresh_token, data.remember_me);
      notify.success(t('auth.loginSuccess'));
      onSuccess?.();
      setTimeout(() => void navigate('/'), AFTER_LOGIN_MS);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('auth.login'));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.login')} data-testid="login-form">
      <Stack gap="sm">
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid="login-error"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => form.setField('email', event.currentTarget.value)}
          onBlur={() => form.validateField('email')}
          error={translateValidation(errors.email)}
        />
        <PasswordInput
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => form.setField('password', event.currentTarget.value)}
          onBlur={() => form.validateField('password')}
          error={translateValidation(errors.password)}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('auth.rememberMe')}
            checked={values.remember_me}
            onChange={(event) => form.setField('remember_me', event.currentTarget.checked)}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('auth.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={submitting} disabled={incomplete || submitting}>
          {submitting ? t('auth.loggingIn') : t('auth.submitLogin')}
        </Button>
        {onSwitchToRegister && (
          <Text size="sm" ta="center">
            {t('auth.noAccount')}{' '}
            <Anchor component="button" type="button" onClick={onSwitchToRegister}>
              {t('auth.switchToRegister')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
