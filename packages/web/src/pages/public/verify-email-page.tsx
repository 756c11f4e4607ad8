import { Button, Loader } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconMailX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from '../../lib/router';
import { authApi } from '@portal/contract';
import { ResultPanel } from '../../components/result-panel';
import { apiRequest, clearSession } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { runOnce } from '../../lib/run-once';

type Outcome =
  { status: 'verifying' } | { status: 'success'; email: string } | { status: 'error'; message: string };

/** The token is single-use: one request per token and attempt, however often React runs the effect. */
function verify(token: string, attempt: number) {
  return runOnce(`verify-email:${token}:${attempt}`, async () => {
    const { email } = await apiRequest(authApi.verifyEmail, { body: { token } });
    // After verifying, the user logs in again (product rules §4.1).
    clearSession();
    return email;
  });
}

/** /verify-email?token=…: the link of the verification mail. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'verifying' });

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    verify(token, attempt).then(
      (email) => {
        if (!cancelled) setOutcome({ status: 'success', email });
      },
      (error: unknown) => {
        if (!cancelled)
          setOutcome({ status: 'error', message: isApiError(error) ? error.message : t('verify.failed') });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, attempt, t]);

  const retry = () => {
    setOutcome({ status: 'verifying' });
    setAttempt((n) => n + 1);
  };

  if (!token) {
    return (
      <ResultPanel
        testId="verify-result"
        state="invalid"
        color="red"
        icon={<IconLinkOff size={32} aria-hidden />}
        title={t('verify.invalidTitle')}
        message={t('verify.invalidText')}
        actions={
          <Button component={Link} to="/" variant="light">
            {t('common.backHome')}
          </Button>
        }
      />
    );
  }

  if (outcome.status === 'verifying') {
    return (
      <ResultPanel
        testId="verify-result"
        state="verifying"
        color="blue"
        icon={<Loader size="sm" aria-label={t('verify.verifying')} />}
        title={t('verify.title')}
        message={t('verify.verifying')}
      />
    );
  }

  if (outcome.status === 'success') {
    return (
      <ResultPanel
        testId="verify-result"
        state="success"
        color="teal"
        icon={<IconCircleCheck size={32} aria-hidden />}
        title={t('verify.successTitle')}
        message={t('verify.successText', { email: outcome.email })}
        actions={
          <Button component={Link} to="/login" data-testid="verify-login">
            {t('verify.login')}
          </Button>
        }
      />
    );
  }

  return (
    <ResultPanel
      testId="verify-result"
      state="error"
      color="red"
      icon={<IconMailX size={32} aria-hidden />}
      title={t('verify.errorTitle')}
      message={<span role="alert">{outcome.message}</span>}
      actions={
        <>
          <Button onClick={retry} data-testid="verify-retry">
            {t('common.retry')}
          </Button>
          <Button component={Link} to="/" variant="default">
            {t('common.backHome')}
          </Button>
        </>
      }
    />
  );
}
