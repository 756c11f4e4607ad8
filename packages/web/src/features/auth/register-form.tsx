import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Progress,
  Stack,
  Text,
  TextInput,
  PasswordInput,
} from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi, registerFormSchema, registerPasswordScore, strengthLabel } from '@portal/contract';
import { translateValidation } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { clearTokens } from '../../lib/token-store';
import { useZodForm } from './use-zod-form';

interface RegisterFormProps {
  onSwitchToLogin?: () => void;
  onClose?: () => void;
}

const STRENGTH_COLORS = ['red', 'red', 'orange', 'yellow', 'teal', 'green'] as const;

export function RegisterForm({ onSwitchToLogin, onClose }: RegisterFormProps) {
  const { t } = useTranslation();
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
  const [done, setDone] = useState(false);
  const { values, errors } = form;
  const agreed = values.agreeToTerms;
  const incomplete = !values.email.trim() || !values.password || !values.confirm_password || !agreed;
  const score = registerPasswordScore(values.password);

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiRequest(authApi.register, {
        body: {
          email: data.email,
          password: data.password,
          confirm_password: data.confirm_password,
          nickname: data.nickname || undefined,
          invite_code: data.invite_code || undefined,
        },
      });
      // Registration does not sign in (spec §4).
      clearTokens();
      notify.success(t('auth.registerSuccess'));
      setDone(true);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('auth.register'));
    } finally {
      setSubmitting(false);
    }
  });

  if (done) {
    return (
      <Stack gap="md" align="center" ta="center" data-testid="register-done">
        <IconMailCheck size={48} aria-hidden />
        <Text fw={700} size="lg">
          {t('auth.registerDoneTitle')}
        </Text>
        <Text>{t('auth.registerDoneVerify')}</Text>
        <Text c="dimmed" size="sm">
          {t('auth.registerDoneTrial')}
        </Text>
        <Stack gap="xs" w="100%">
          {onSwitchToLogin && <Button onClick={onSwitchToLogin}>{t('auth.goLogin')}</Button>}
          {onClose && (
            <Button variant="default" onClick={onClose}>
              {t('auth.later')}
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.register')} data-testid="register-form">
      <Stack gap="sm">
        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid="register-error"
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
        <div>
          <PasswordInput
            label={t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => form.setField('password', event.currentTarget.value)}
            onBlur={() => form.validateField('password')}
            error={translateValidation(errors.password)}
          />
          {values.password && (
            <>
              <Progress
                mt={6}
                size="sm"
                value={(score / 5) * 100}
                color={STRENGTH_COLORS[score]}
                aria-label={t('auth.strength.label', { level: t(`auth.strength.${strengthLabel(score)}`) })}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {t('auth.strength.label', { level: t(`auth.strength.${strengthLabel(score)}`) })}
              </Text>
            </>
          )}
        </div>
        <PasswordInput
          label={t('auth.confirmPassword')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          required
          value={values.confirm_password}
          onChange={(event) => form.setField('confirm_password', event.currentTarget.value)}
          onBlur={() => form.validateField('confirm_password')}
          error={translateValidation(errors.confirm_password)}
        />
        <TextInput
          label={t('auth.nickname')}
          placeholder={t('auth.nicknamePlaceholder')}
          autoComplete="nickname"
          value={values.nickname}
          onChange={(event) => form.setField('nickname', event.currentTarget.value)}
          onBlur={() => form.validateField('nickname')}
          error={translateValidation(errors.nickname)}
        />
        <TextInput
          label={t('auth.inviteCode')}
          value={values.invite_code}
          onChange={(event) => form.setField('invite_code', event.currentTarget.value)}
          onBlur={() => form.validateField('invite_code')}
          error={translateValidation(errors.invite_code)}
        />
        <Checkbox
          checked={agreed}
          onChange={(event) => form.setField('agreeToTerms', event.currentTarget.checked)}
          error={translateValidation(errors.agreeToTerms)}
          label={
            <>
              {t('auth.agreePrefix')}{' '}
              <Anchor component={Link} to="/terms-of-service" target="_blank" inherit>
                {t('legal.termsTitle')}
              </Anchor>{' '}
              {t('auth.and')}{' '}
              <Anchor component={Link} to="/privacy-policy" target="_blank" inherit>
                {t('legal.privacyTitle')}
              </Anchor>
            </>
          }
        />
        <Button type="submit" fullWidth loading={submitting} disabled={incomplete || submitting}>
          {submitting ? t('auth.registering') : t('auth.submitRegister')}
        </Button>
        {onSwitchToLogin && (
          <Text size="sm" ta="center">
            {t('auth.haveAccount')}{' '}
            <Anchor component="button" type="button" onClick={onSwitchToLogin}>
              {t('auth.switchToLogin')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
