import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconLink, IconRefreshAlert } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from '../../lib/router';
import { EmptyPage } from '../../components/empty-page';
import { PageLoader } from '../../components/page-loader';
import { confirmAction } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import { useMySubscriptions, useResetLink, useSubscriptionLink } from './api';
import { ClientGuides, LinkFaq } from './client-guides';
import { ClientImportButtons, UrlBox } from './url-box';

function LinkCard({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useTranslation();
  const link = useSubscriptionLink(subscriptionId);
  const reset = useResetLink();
  const [resetUrl, setResetUrl] = useState<string | null>(null);

  const askReset = () =>
    confirmAction({
      title: t('subscriptions.link.resetTitle'),
      message: t('subscriptions.link.resetText'),
      confirmLabel: t('subscriptions.link.resetOk'),
      onConfirm: () =>
        reset.mutate(
          { body: { subscription_id: subscriptionId } },
          {
            onSuccess: (next) => {
              setResetUrl(next.url);
              notify.success(t('subscriptions.link.resetDone'));
            },
            onError: (error) => notify.error(error.message || t('subscriptions.link.resetFailed')),
          },
        ),
    });

  if (link.isPending) return <PageLoader />;
  if (link.isError)
    return (
      <Alert color="red" role="alert" data-testid="link-error">
        {link.error.message || t('subscriptions.link.loadFailed')}
      </Alert>
    );
  return (
    <Stack gap="md">
      {resetUrl && resetUrl === link.data.url && (
        <Alert color="teal" variant="light" role="status" data-testid="link-reset-done">
          {t('subscriptions.link.resetNotice')}
        </Alert>
      )}
      <UrlBox url={link.data.url} prefix="link" />
      <ClientImportButtons url={link.data.url} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('subscriptions.link.keepSecret')}
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconRefreshAlert size={16} aria-hidden />}
          onClick={askReset}
          loading={reset.isPending}
          data-testid="link-reset"
        >
          {t('subscriptions.link.reset')}
        </Button>
      </Group>
    </Stack>
  );
}

/** /subscription/link: the link of a chosen subscription (copy, QR, reset), client guides and the FAQ. */
export function LinkPanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const subscriptions = useMySubscriptions();
  const usable = (subscriptions.data ?? []).filter((s) => s.status !== 'upgraded');
  const wanted = Number(params.get('subscription'));
  const chosen =
    usable.find((s) => s.id === wanted) ?? usable.find((s) => s.status === 'active') ?? usable[0] ?? null;

  let body;
  if (subscriptions.isPending) body = <PageLoader />;
  else if (subscriptions.isError)
    body = (
      <Alert color="red" role="alert">
        {t('subscriptions.my.loadFailed')}
      </Alert>
    );
  else if (!chosen)
    body = (
      <EmptyPage
        icon={<IconLink size={32} aria-hidden />}
        title={t('subscriptions.link.emptyTitle')}
        description={t('subscriptions.link.emptyText')}
      >
        <Button component={Link} to="/subscription">
          {t('subscriptions.my.browse')}
        </Button>
      </EmptyPage>
    );
  else
    body = (
      <Stack gap="md">
        {usable.length > 1 && (
          <NativeSelect
            label={t('subscriptions.link.choose')}
            value={String(chosen.id)}
            onChange={(event) => setParams({ subscription: event.currentTarget.value }, { replace: true })}
            data={usable.map((s) => ({
              value: String(s.id),
              label: `${s.package_name} · #${s.id} · ${t(`subscriptions.status.${s.status}`)}`,
            }))}
            data-testid="link-subscription"
          />
        )}
        <LinkCard key={chosen.id} subscriptionId={chosen.id} />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t('subscriptions.link.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('subscriptions.link.intro')}
            </Text>
          </div>
          {body}
        </Stack>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <ClientGuides />
      </Card>
      <Card withBorder padding="lg" radius="md">
        <LinkFaq />
      </Card>
    </Stack>
  );
}
