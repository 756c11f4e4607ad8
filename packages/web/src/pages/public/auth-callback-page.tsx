import { Button, Center, Loader, Paper } from '@mantine/core';
import { IconCircleCheck, IconPlugConnectedX, IconShieldX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { authApi } from '@portal/contract';
import type { OAuthProvider } from '@portal/contract';
import { ResultPanel } from '../../components/result-panel';
import {
  AFTER_OAUTH_MS,
  clearPendingOAuth,
  markFirstLogin,
  readPendingOAuth,
  TwoFactorStep,
} from '../../features/auth';
import type { OAuthMode } from '../../features/auth';
import { i18n } from '../../i18n/i18n';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { runOnce } from '../../lib/run-once';
import { saveTokens } from '../../lib/token-store';

type Outcome =
  | { kind: 'processing' }
  | { kind: 'state-mismatch' }
  | { kind: 'denied'; mode: OAuthMode; error: string }
  | { kind: 'failed'; mode: OAuthMode; message: string }
  | { kind: 'signed-in' }
  | { kind: 'two-factor'; challenge: string }
  | { kind: 'bound'; provider: OAuthProvider };

/**
 * What the provider sent back: `?code=…&state=…`, or `?error=…` when the user refused. The stored state must
 * match; then the code becomes a session (login) or a binding (bind). The oauth session data is cleared in every
 * case. The code is single-use, so the exchange runs once per return URL.
 */
function processCallback(search: URLSearchParams): Promise<Outcome> {
  return runOnce(`oauth-callback:${search.toString()}`, async (): Promise<Outcome> => {
    const pending = readPendingOAuth();
    const mode = pending?.mode ?? 'login';
    const error = search.get('error');
    const code = search.get('code');
    const state = search.get('state');
    if (error) {
      clearPendingOAuth();
      return { kind: 'denied', mode, error: search.get('error_description') ?? error };
    }
    if (!pending || !state || state !== pending.state) {
      clearPendingOAuth();
      return { kind: 'state-mismatch' };
    }
    if (!code) {
      clearPendingOAuth();
      return { kind: 'failed', mode, message: i18n.t('oauth.missingCode') };
    }
    const params = { provider: pending.provider };
    try {
      if (pending.mode === 'bind') {
        const { provider } = await apiRequest(authApi.oauthBind, { params, body: { code, state } });
        return { kind: 'bound', provider };
      }
      const session = await apiRequest(authApi.oauthCallback, { params, body: { code, state } });
      // Two-factor on: the provider was the first step, the code comes next.
      if ('two_factor_required' in session) return { kind: 'two-factor', challenge: session.challenge_token };
      // Third-party sign-in remembers the session (remember-me on).
      saveTokens(session.access_token, session.refresh_token, true);
      if (session.first_login) markFirstLogin();
      return { kind: 'signed-in' };
    } catch (failure) {
      const fallback = i18n.t(pending.mode === 'bind' ? 'oauth.bindFailed' : 'oauth.loginFailed');
      return { kind: 'failed', mode, message: isApiError(failure) ? failure.message : fallback };
    } finally {
      clearPendingOAuth();
    }
  });
}

/** /auth/callback: the return from Google or GitHub. */
export default function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'processing' });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void processCallback(search).then((result) => {
      if (cancelled) return;
      setOutcome(result);
      if (result.kind === 'signed-in') {
        notify.success(t('auth.loginSuccess'));
        timer = setTimeout(() => void navigate('/'), AFTER_OAUTH_MS);
      } else if (result.kind === 'bound') {
        notify.success(t('oauth.bindSuccess', { provider: t(`oauth.providers.${result.provider}`) }));
        timer = setTimeout(() => void navigate('/security'), AFTER_OAUTH_MS);
      }
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [search, navigate, t]);

  const back = (mode: OAuthMode) =>
    mode === 'bind' ? (
      <Button component={Link} to="/security">
        {t('oauth.backToSecurity')}
      </Button>
    ) : (
      <Button component={Link} to="/login">
        {t('oauth.backToLogin')}
      </Button>
    );
  const home = (
    <Button component={Link} to="/" variant="default">
      {t('common.backHome')}
    </Button>
  );

  switch (outcome.kind) {
    case 'two-factor':
      return (
        <Center mih="60vh" p="md">
          <Paper
            withBorder
            p="lg"
            radius="md"
            w="100%"
            maw={420}
            data-testid="oauth-result"
            data-state="two-factor"
          >
            <TwoFactorStep
              challenge={outcome.challenge}
              remember
              onSignedIn={(session) => {
                if (session.first_login) markFirstLogin();
                setOutcome({ kind: 'signed-in' });
                notify.success(t('auth.loginSuccess'));
                setTimeout(() => void navigate('/'), AFTER_OAUTH_MS);
              }}
              onCancel={() => void navigate('/login')}
            />
          </Paper>
        </Center>
      );
    case 'processing':
      return (
        <ResultPanel
          testId="oauth-result"
          state="processing"
          color="blue"
          icon={<Loader size="sm" aria-label={t('common.loading')} />}
          title={t('oauth.title')}
          message={t('oauth.processing')}
        />
      );
    case 'state-mismatch':
      return (
        <ResultPanel
          testId="oauth-result"
          state="state-mismatch"
          color="red"
          icon={<IconShieldX size={32} aria-hidden />}
          title={t('oauth.securityWarning')}
          message={<span role="alert">{t('oauth.stateMismatch')}</span>}
          actions={
            <>
              {back('login')}
              {home}
            </>
          }
        />
      );
    case 'denied':
    case 'failed':
      return (
        <ResultPanel
          testId="oauth-result"
          state="error"
          color="red"
          icon={<IconPlugConnectedX size={32} aria-hidden />}
          title={outcome.mode === 'bind' ? t('oauth.bindFailedTitle') : t('oauth.loginFailedTitle')}
          message={
            <span role="alert">
              {outcome.kind === 'denied' ? t('oauth.denied', { error: outcome.error }) : outcome.message}
            </span>
          }
          actions={
            <>
              {back(outcome.mode)}
              {home}
            </>
          }
        />
      );
    case 'signed-in':
    case 'bound':
      return (
        <ResultPanel
          testId="oauth-result"
          state="success"
          color="teal"
          icon={<IconCircleCheck size={32} aria-hidden />}
          title={outcome.kind === 'bound' ? t('oauth.bindSuccessTitle') : t('auth.loginSuccess')}
          message={t('oauth.redirecting')}
        />
      );
  }
}
