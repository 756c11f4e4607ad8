import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { authApi, forgotPasswordSchema } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { EmailField } from './email-field';

/** Asks for a reset mail. The answer is the same whether or not the address is registered. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useZodForm(forgotPasswordSchema, { email: '' });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = form.handleSubmit(async (data) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await apiRequest(authApi.requestPasswordReset, { body: data });
      setDone(true);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('forgot.failed'));
    } finally {
      setSubmitting(false);
    }
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailForward size={18} aria-hidden />}
          role="status"
          data-testid="forgot-done"
        >
          {t('forgot.done')}
        </Alert>
        <Button component={Link} to="/login" variant="light">
          {t('forgot.backToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('forgot.title')} data-testid="forgot-form">
      <Stack gap="sm">
        <FormErrorAlert message={failure} testId="forgot-error" />
        <EmailField {...form.bind('email')} data-testid="forgot-email" />
        <Button
          type="submit"
          fullWidth
          loading={submitting}
          disabled={!form.values.email.trim() || submitting}
          data-testid="forgot-submit"
        >
          {t('forgot.submit')}
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            {t('forgot.backToLogin')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
