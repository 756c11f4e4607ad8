import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { authApi, changePasswordFormSchema, REDIRECT_DELAY } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { NewPasswordFields } from '../../components/new-password-fields';
import { apiRequest, clearSession } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';

/** Old, new (8+, differs from old) and confirmation. Every session ends afterwards: sign out, go to /login. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(changePasswordFormSchema, {
    old_password: '',
    new_password: '',
    confirm_password: '',
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { values } = form;
  const incomplete = !values.old_password || !values.new_password || !values.confirm_password;

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiRequest(authApi.changePassword, {
        body: { old_password: data.old_password, new_password: data.new_password },
      });
      notify.success(t('security.passwordChanged'));
      clearSession();
      setTimeout(() => void navigate('/login'), REDIRECT_DELAY.afterLogoutMs);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('security.changeFailed'));
      setSubmitting(false);
    }
  });

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="change-password-title">
            {t('security.changePassword')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.changePasswordText')}
          </Text>
        </div>
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby="change-password-title"
          data-testid="change-password-form"
        >
          <Stack gap="sm">
            <FormErrorAlert message={failure} testId="cp-error" />
            <PasswordInput
              label={t('security.oldPassword')}
              autoComplete="current-password"
              required
              {...form.bind('old_password')}
              data-testid="cp-old"
            />
            <NewPasswordFields
              password={{
                label: t('security.newPassword'),
                description: t('security.newPasswordRule'),
                ...form.bind('new_password'),
                'data-testid': 'cp-new',
              }}
              confirm={{
                label: t('security.confirmPassword'),
                ...form.bind('confirm_password'),
                'data-testid': 'cp-confirm',
              }}
            />
            <Button
              type="submit"
              loading={submitting}
              disabled={incomplete || submitting}
              data-testid="cp-submit"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('security.changePasswordSubmit')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
