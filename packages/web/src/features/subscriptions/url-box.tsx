import { Button, Center, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../../i18n/use-translation';

/** clash / sing-box / Shadowrocket import links for a subscription URL. */
export function clientImportLinks(url: string) {
  const encoded = encodeURIComponent(url);
  return [
    { id: 'clash', label: 'Clash / Mihomo', href: `clash://install-config?url=${encoded}` },
    { id: 'sing-box', label: 'sing-box', href: `sing-box://import-remote-profile?url=${encoded}` },
    { id: 'shadowrocket', label: 'Shadowrocket', href: `shadowrocket://add/sub://${btoa(url)}` },
  ] as const;
}

/** The URL in a read-only field with a copy button, its QR code; `prefix` names the test ids. */
export function UrlBox({ url, prefix }: { url: string; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('subscriptions.link.url')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flexGrow: 1, minWidth: 0 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid={`${prefix}-url`}
        />
        <CopyButton value={url} timeout={1500}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              aria-label={t('common.copyLabel', { label: t('subscriptions.link.url') })}
              data-testid={`${prefix}-copy`}
              data-copied={copied ? 'true' : undefined}
              // The field shrinks, the button keeps its label whole.
              style={{ flexShrink: 0 }}
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Center>
        <Paper withBorder p="sm" bg="white" radius="md">
          <QRCodeSVG
            value={url}
            size={184}
            marginSize={1}
            role="img"
            aria-label={t('subscriptions.link.qr')}
            data-testid={`${prefix}-qr`}
          />
        </Paper>
      </Center>
      <Text size="xs" c="dimmed" ta="center">
        {t('subscriptions.link.qrHint')}
      </Text>
    </Stack>
  );
}

/** Buttons that hand the URL to an installed client. */
export function ClientImportButtons({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('subscriptions.link.openIn')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {clientImportLinks(url).map((client) => (
          <Button
            key={client.id}
            component="a"
            href={client.href}
            variant="light"
            size="xs"
            data-testid={`open-${client.id}`}
          >
            {client.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
