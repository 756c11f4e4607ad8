import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { ResultPanel } from '../../components/result-panel';
import { ClientImportButtons, UrlBox } from './url-box';

const TOKEN_RE = /^[A-Za-z0-9_-]{8,256}$/;

/** The public subscription URL of a token: this site's origin + /sub/ + token. */
export function subscriptionUrlFor(token: string, origin: string = window.location.origin): string {
  return `${origin}/sub/${encodeURIComponent(token)}`;
}

/** /subscribe?token=…: the subscription URL with copy, QR and buttons that open it in a client. */
export function SubscribeRedirect({ token }: { token: string }) {
  const { t } = useTranslation();
  if (!TOKEN_RE.test(token)) {
    return (
      <ResultPanel
        testId="subscribe-invalid"
        state="invalid"
        color="red"
        icon={<IconLinkOff size={32} aria-hidden />}
        title={t('subscriptions.subscribe.invalidTitle')}
        message={t('subscriptions.subscribe.invalidText')}
        actions={
          <Button component={Link} to="/login">
            {t('subscriptions.subscribe.login')}
          </Button>
        }
      />
    );
  }
  const url = subscriptionUrlFor(token);
  return (
    <Paper withBorder shadow="sm" p="xl" maw={560} mx="auto" mt="xl" data-testid="subscribe-page">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {t('subscriptions.subscribe.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('subscriptions.subscribe.text')}
          </Text>
        </div>
        <UrlBox url={url} prefix="subscribe" />
        <ClientImportButtons url={url} />
        <Text size="sm" c="dimmed">
          {t('subscriptions.subscribe.manage')}
        </Text>
        <Button component={Link} to="/login" variant="light" data-testid="subscribe-login">
          {t('subscriptions.subscribe.login')}
        </Button>
      </Stack>
    </Paper>
  );
}
