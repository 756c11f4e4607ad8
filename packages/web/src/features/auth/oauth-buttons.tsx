import { Button, Divider, Group, Stack } from '@mantine/core';
import { IconBrandGithub, IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { authApi } from '@portal/contract';
import type { OAuthProvider } from '@portal/contract';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useApiQuery } from '../../lib/query';
import { startOAuth } from './oauth';

export const PROVIDER_ICONS: Record<OAuthProvider, ReactNode> = {
  google: <IconBrandGoogle size={18} aria-hidden />,
  github: <IconBrandGithub size={18} aria-hidden />,
};

/** The providers this portal offers (GET /auth/oauth/providers); an empty list when the call fails. */
export function useOAuthProviders(): OAuthProvider[] {
  return useOAuthProvidersQuery().data ?? [];
}

/** The same list as a query, for a view that waits for the answer before deciding to show anything. */
export function useOAuthProvidersQuery() {
  return useApiQuery(authApi.oauthProviders, {}, { staleTime: Infinity, retry: false });
}

/** "Sign in with Google / GitHub" under the login form: only the providers the server has configured. */
export function OAuthButtons() {
  const { t } = useTranslation();
  const providers = useOAuthProviders();
  const [starting, setStarting] = useState<OAuthProvider | null>(null);
  if (providers.length === 0) return null;

  const start = async (provider: OAuthProvider) => {
    setStarting(provider);
    try {
      await startOAuth(provider, 'login');
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('oauth.authorizeFailed'));
      setStarting(null);
    }
  };

  return (
    <Stack gap="sm">
      <Divider label={t('oauth.orContinueWith')} labelPosition="center" />
      <Group grow>
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="default"
            leftSection={PROVIDER_ICONS[provider]}
            loading={starting === provider}
            disabled={starting !== null && starting !== provider}
            onClick={() => void start(provider)}
            aria-label={t('oauth.signInWith', { provider: t(`oauth.providers.${provider}`) })}
            data-testid={`oauth-${provider}`}
          >
            {t(`oauth.providers.${provider}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
