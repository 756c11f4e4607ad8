import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ERRORS, OAUTH_PROVIDERS } from '@portal/contract';
import type { OAuthAccount, OAuthProvider } from '@portal/contract';
import { PROVIDER_ICONS, startOAuth, useOAuthProvidersQuery } from '../auth';
import { currentLocale } from '../../i18n/i18n';
import { confirmAction } from '../../lib/confirm';
import { isApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useOAuthAccounts, useUnbindOAuth } from './api';

interface BindingRowProps {
  provider: OAuthProvider;
  account: OAuthAccount | undefined;
}

function BindingRow({ provider, account }: BindingRowProps) {
  const { t } = useTranslation();
  const unbind = useUnbindOAuth();
  const [binding, setBinding] = useState(false);
  const name = t(`oauth.providers.${provider}`);

  const bind = async () => {
    setBinding(true);
    try {
      await startOAuth(provider, 'bind');
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('oauth.authorizeFailed'));
      setBinding(false);
    }
  };

  const askUnbind = () =>
    confirmAction({
      title: t('security.unbindConfirmTitle', { provider: name }),
      message: t('security.unbindConfirmText', { provider: name }),
      confirmLabel: t('security.unbind'),
      onConfirm: () => {
        unbind.mutate(
          { params: { provider } },
          {
            onSuccess: () => notify.success(t('security.unbound', { provider: name })),
            onError: (error) =>
              notify.error(
                error.code === ERRORS.FORBIDDEN.code
                  ? t('security.unbindLast')
                  : error.message || t('security.unbindFailed'),
              ),
          },
        );
      },
    });

  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`binding-${provider}`} data-bound={!!account}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon variant="default" size="lg" radius="md">
          {PROVIDER_ICONS[provider]}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <Badge size="sm" variant="light" color={account ? 'teal' : 'gray'}>
              {account ? t('security.bound') : t('security.notBound')}
            </Badge>
          </Group>
          {account && (
            <Text size="xs" c="dimmed" truncate>
              {[
                account.email ?? account.name,
                t('security.boundAt', { date: formatDateTime(account.bound_at, currentLocale()) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </div>
      </Group>
      {account ? (
        <Button
          variant="light"
          color="red"
          size="xs"
          loading={unbind.isPending}
          onClick={askUnbind}
          aria-label={t('security.unbindProvider', { provider: name })}
          data-testid={`unbind-${provider}`}
        >
          {t('security.unbind')}
        </Button>
      ) : (
        <Button
          variant="light"
          size="xs"
          loading={binding}
          onClick={() => void bind()}
          aria-label={t('security.bindProvider', { provider: name })}
          data-testid={`bind-${provider}`}
        >
          {t('security.bind')}
        </Button>
      )}
    </Group>
  );
}

/** One row per provider the server offers (and any already bound): bind, or unbind after a confirmation. */
export function OAuthBindingsCard() {
  const { t } = useTranslation();
  const offeredQuery = useOAuthProvidersQuery();
  const offered = offeredQuery.data ?? [];
  const accounts = useOAuthAccounts();
  const bound = accounts.data ?? [];
  const providers = OAUTH_PROVIDERS.filter(
    (provider) => offered.includes(provider) || bound.some((a) => a.provider === provider),
  );
  // No provider configured and none bound: the card would hold one line saying so; it is left out instead.
  if (!offeredQuery.isPending && accounts.isSuccess && providers.length === 0) return null;

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('security.bindings')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('security.bindingsText')}
          </Text>
        </div>
        {(accounts.isPending || offeredQuery.isPending) && (
          <Loader size="sm" aria-label={t('common.loading')} />
        )}
        {accounts.isError && (
          <Alert color="red" role="alert">
            {accounts.error.message || t('security.accountsFailed')}
          </Alert>
        )}
        {!accounts.isPending &&
          !offeredQuery.isPending &&
          providers.map((provider) => (
            <BindingRow
              key={provider}
              provider={provider}
              account={bound.find((a) => a.provider === provider)}
            />
          ))}
      </Stack>
    </Card>
  );
}
