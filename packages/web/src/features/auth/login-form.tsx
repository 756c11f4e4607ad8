import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate } from '../../lib/router';
import { authApi, loginSchema } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { LoginStrengthHint } from '../../components/password-strength';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { safeNextPath } from '../../lib/next-path';
import { notify } from '../../lib/notify';
import { saveTokens } from '../../lib/token-store';
import { useZodForm } from '../../lib/use-zod-form';
import { AFTER_LOGIN_MS } from './api';
import { EmailField } from './email-field';
import { OAuthButtons } from './oauth-buttons';
import { TwoFactorStep } from './two-factor-step';

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
  /** Two-factor on: the password gave a challenge, the second step asks for the code. */
  const [challenge, setChallenge] = useState<{ token: string; remember: boolean } | null>(null);
  const { values } = form;
  const incomplete = !values.email.trim() || !values.password;

  const signedIn = () => {
    notify.success(t('auth.loginSuccess'));
    onSuccess?.();
    // Back where sign-in was asked for (the operators' console is another app: a full navigation).
    const next = safeNextPath(window.location.search);
    setTimeout(() => (next ? window.location.assign(next) : void navigate('/')), AFTER_LOGIN_MS);
  };

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await apiRequest(authApi.login, { body: data });
      if ('two_factor_required' in answer) {
        setChallenge({ token: answer.challenge_token, remember: data.remember_me ?? false });
        return;
      }
      saveTokens(answer.access_token, answer.refresh_token, data.remember_me ?? false);
      signedIn();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('auth.loginFailed'));
    } finally {
      setSubmitting(false);
    }
  });

  if (challenge)
    return (
      <TwoFactorStep
        challenge={challenge.token}
        remember={challenge.remember}
        onSignedIn={signedIn}
        onCancel={() => setChallenge(null)}
      />
    );

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label={t('auth.login')} data-testid="login-form">
        <Stack gap="sm">
          <FormErrorAlert message={failure} testId="login-error" />
          <EmailField {...form.bind('email')} data-testid="login-email" />
          <div>
            <PasswordInput
              label={t('auth.password')}
              placeholder={t('auth.passwordPlaceholder')}
              autoComplete="current-password"
              required
              {...form.bind('password')}
              data-testid="login-password"
            />
            <LoginStrengthHint password={values.password} />
          </div>
          <Group justify="space-between">
            <Checkbox
              label={t('auth.rememberMe')}
              {...form.bindCheckbox('remember_me')}
              data-testid="login-remember"
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
          <Button
            type="submit"
            fullWidth
            loading={submitting}
            disabled={incomplete || submitting}
            data-testid="login-submit"
          >
            {submitting ? t('auth.loggingIn') : t('auth.submitLogin')}
          </Button>
        </Stack>
      </form>
      <OAuthButtons />
      {onSwitchToRegister && (
        <Text size="sm" ta="center">
          {t('auth.noAccount')}{' '}
          <Anchor component="button" type="button" onClick={onSwitchToRegister}>
            {t('auth.switchToRegister')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
