import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { authApi } from '@portal/contract';
import type { TokenPair } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { saveTokens } from '../../lib/token-store';

interface TwoFactorStepProps {
  /** The challenge the password (or the provider) gave. */
  challenge: string;
  /** Keep the session across browser restarts (the login form's "remember me"). */
  remember: boolean;
  onSignedIn: (session: TokenPair & { first_login: boolean }) => void;
  /** Back to the password form (the challenge is dropped). */
  onCancel?: () => void;
}

/**
 * The second step of sign-in for an account with two-factor on: the 6-digit code of the authenticator app, or a
 * recovery code. A locked or expired challenge sends the user back to the first step.
 */
export function TwoFactorStep({ challenge, remember, onSignedIn, onCancel }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = recovery ? code.replace(/[\s-]/g, '').length >= 6 : /^\d{6}$/.test(code.replace(/\s/g, ''));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const session = await apiRequest(authApi.twoFactorLogin, {
        body: { challenge_token: challenge, code },
      });
      saveTokens(session.access_token, session.refresh_token, remember);
      onSignedIn(session);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('auth.loginFailed'));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t('auth.twoFactor.title')}
      data-testid="two-factor-step"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('auth.twoFactor.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {recovery ? t('auth.twoFactor.recoveryText') : t('auth.twoFactor.text')}
        </Text>
        <FormErrorAlert message={failure} testId="two-factor-error" />
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? t('auth.twoFactor.recoveryLabel') : t('auth.twoFactor.codeLabel')}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 32 : 7}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-testid="two-factor-code"
        />
        <Button
          type="submit"
          fullWidth
          loading={submitting}
          disabled={!ready || submitting}
          data-testid="two-factor-submit"
        >
          {t('auth.twoFactor.submit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setFailure(null);
          }}
          data-testid="two-factor-switch"
        >
          {recovery ? t('auth.twoFactor.useApp') : t('auth.twoFactor.useRecovery')}
        </Anchor>
        {onCancel && (
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            {t('auth.twoFactor.back')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
