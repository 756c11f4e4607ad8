import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { authApi, REDIRECT_DELAY, resetConfirmSchema } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { apiRequest, clearSession } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';

/** New password (8-128) and its confirmation for the token of the reset mail; every session ends afterwards. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(resetConfirmSchema, { token, password: '', confirm_password: '' });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { values } = form;

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiRequest(authApi.confirmPasswordReset, { body: data });
      clearSession();
      notify.success(t('reset.success'));
      setTimeout(() => void navigate('/login'), REDIRECT_DELAY.afterLoginMs);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('reset.failed'));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('reset.title')} data-testid="reset-form">
      <Stack gap="sm">
        <FormErrorAlert message={failure} testId="reset-error" />
        <NewPasswordFields
          password={{
            label: t('reset.newPassword'),
            placeholder: t('reset.newPasswordPlaceholder'),
            ...form.bind('password'),
            'data-testid': 'reset-password',
          }}
          confirm={{
            label: t('auth.confirmPassword'),
            placeholder: t('auth.confirmPasswordPlaceholder'),
            ...form.bind('confirm_password'),
            'data-testid': 'reset-confirm',
          }}
        />
        <Button
          type="submit"
          fullWidth
          loading={submitting}
          disabled={!values.password || !values.confirm_password || submitting}
          data-testid="reset-submit"
        >
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
