import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate } from '../../lib/router';
import { authApi, registerFormSchema } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { clearTokens } from '../../lib/token-store';
import { useZodForm } from '../../lib/use-zod-form';
import { EmailField } from './email-field';
import { RegisterDone } from './register-done';

interface RegisterFormProps {
  onSwitchToLogin?: () => void;
  onClose?: () => void;
  /** The account was created: the done step has its own heading, so the form's heading goes. */
  onRegistered?: () => void;
}

/** A 40004 answer names its fields as `body.email`; the form shows the first message under that field. */
function serverFieldErrors(data: unknown): { field: string; message: string }[] {
  if (!data || typeof data !== 'object' || !('errors' in data) || !Array.isArray(data.errors)) return [];
  return (data.errors as unknown[]).flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const { field, message } = entry as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string'
      ? [{ field: field.replace(/^body\./, ''), message }]
      : [];
  });
}

export function RegisterForm({ onSwitchToLogin, onClose, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(registerFormSchema, {
    email: '',
    password: '',
    confirm_password: '',
    nickname: '',
    invite_code: '',
    agreeToTerms: false,
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const { values } = form;
  // The agreement is checked on submit so its message (product rules §5) can be shown.
  const incomplete = !values.email.trim() || !values.password || !values.confirm_password;

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const account = await apiRequest(authApi.register, {
        body: {
          email: data.email,
          password: data.password,
          confirm_password: data.confirm_password,
          nickname: data.nickname || undefined,
          invite_code: data.invite_code || undefined,
        },
      });
      // Registration does not sign in (product rules §4.1).
      clearTokens();
      notify.success(t('auth.registerSuccess'));
      setRegisteredEmail(account.email);
      onRegistered?.();
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(t('auth.registerFailed'));
        return;
      }
      setFailure(error.message);
      const fieldErrors: Partial<Record<keyof typeof values, string>> = {};
      for (const { field, message } of serverFieldErrors(error.data)) {
        if (field in values) fieldErrors[field as keyof typeof values] ??= message;
      }
      form.setFieldErrors(fieldErrors);
    } finally {
      setSubmitting(false);
    }
  });

  if (registeredEmail !== null) {
    return (
      <RegisterDone
        email={registeredEmail}
        onGoLogin={onSwitchToLogin ?? (() => void navigate('/login'))}
        onLater={onClose ?? (() => void navigate('/'))}
      />
    );
  }

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label={t('auth.register')} data-testid="register-form">
        <Stack gap="sm">
          <FormErrorAlert message={failure} testId="register-error" />
          <EmailField {...form.bind('email')} data-testid="register-email" />
          <NewPasswordFields
            password={{
              label: t('auth.password'),
              placeholder: t('auth.passwordPlaceholder'),
              description: t('auth.passwordRule'),
              ...form.bind('password'),
              'data-testid': 'register-password',
            }}
            confirm={{
              label: t('auth.confirmPassword'),
              placeholder: t('auth.confirmPasswordPlaceholder'),
              ...form.bind('confirm_password'),
              'data-testid': 'register-confirm',
            }}
          />
          <TextInput
            label={t('auth.nickname')}
            placeholder={t('auth.nicknamePlaceholder')}
            autoComplete="nickname"
            {...form.bind('nickname')}
            data-testid="register-nickname"
          />
          <TextInput
            label={t('auth.inviteCode')}
            {...form.bind('invite_code')}
            data-testid="register-invite"
          />
          <Checkbox
            {...form.bindCheckbox('agreeToTerms')}
            data-testid="register-terms"
            label={
              <>
                {t('auth.agreePrefix')}{' '}
                <Anchor component={Link} to="/terms-of-service" target="_blank" inherit underline="always">
                  {t('legal.termsTitle')}
                </Anchor>{' '}
                {t('auth.and')}{' '}
                <Anchor component={Link} to="/privacy-policy" target="_blank" inherit underline="always">
                  {t('legal.privacyTitle')}
                </Anchor>
              </>
            }
          />
          <Button
            type="submit"
            fullWidth
            loading={submitting}
            disabled={incomplete || submitting}
            data-testid="register-submit"
          >
            {submitting ? t('auth.registering') : t('auth.submitRegister')}
          </Button>
        </Stack>
      </form>
      {onSwitchToLogin && (
        <Text size="sm" ta="center">
          {t('auth.haveAccount')}{' '}
          <Anchor component="button" type="button" onClick={onSwitchToLogin}>
            {t('auth.switchToLogin')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
