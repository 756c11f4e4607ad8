import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { confirmAction } from '../../lib/confirm';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './api';

const DEVICE_ICONS = {
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  desktop: IconDeviceDesktop,
  other: IconDevices,
};

function deviceType(device: string): keyof typeof DEVICE_ICONS {
  return device === 'mobile' || device === 'tablet' || device === 'desktop' ? device : 'other';
}

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useTranslation();
  const type = deviceType(session.device);
  const DeviceIcon = DEVICE_ICONS[type];
  const device = t(`sessions.deviceTypes.${type}`);
  const location = session.location === 'LAN' ? t('sessions.lan') : session.location;
  const locale = currentLocale();
  const revoke = useRevokeSession();
  const unknown = t('sessions.unknown');
  const browserOs = [session.browser, session.os].filter(Boolean).join(' / ') || unknown;

  const askRevoke = () =>
    confirmAction({
      title: t('sessions.revokeConfirmTitle'),
      message: t('sessions.revokeConfirmText', { device }),
      confirmLabel: t('sessions.revoke'),
      onConfirm: () =>
        revoke.mutate(
          { params: { id: session.id } },
          {
            onSuccess: () => notify.success(t('sessions.revoked')),
            onError: (error) => notify.error(error.message || t('sessions.revokeFailed')),
          },
        ),
    });

  return (
    <Table.Tr data-testid="session-row" data-current={String(session.current)}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <DeviceIcon size={18} aria-hidden />
          <Text size="sm" fw={500}>
            {device}
          </Text>
          {session.current && (
            <Badge
              size="sm"
              color="teal"
              variant="light"
              data-testid="session-current"
              style={{ flexShrink: 0 }}
            >
              {t('sessions.current')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{browserOs}</Table.Td>
      <Table.Td>{session.ip ?? unknown}</Table.Td>
      <Table.Td>{location ?? unknown}</Table.Td>
      <Table.Td>{formatDateTime(session.last_active_at, locale)}</Table.Td>
      <Table.Td>{formatDateTime(session.created_at, locale)}</Table.Td>
      <Table.Td>{formatDateTime(session.expires_at, locale)}</Table.Td>
      <Table.Td>
        {!session.current && (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={revoke.isPending}
            onClick={askRevoke}
            aria-label={t('sessions.revokeDevice', { device })}
            data-testid="session-revoke"
          >
            {t('sessions.revoke')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The user's sessions, the current one flagged; revoke others one by one or all at once. */
export function SessionsTable() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  const askRevokeOthers = () =>
    confirmAction({
      title: t('sessions.revokeOthersConfirmTitle'),
      message: t('sessions.revokeOthersConfirmText'),
      confirmLabel: t('sessions.revokeOthers'),
      onConfirm: () =>
        revokeOthers.mutate(
          {},
          {
            onSuccess: ({ revoked }) => notify.success(t('sessions.revokedOthers', { count: revoked })),
            onError: (error) => notify.error(error.message || t('sessions.revokeFailed')),
          },
        ),
    });

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="sessions-title">
              {t('sessions.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('sessions.text')}
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            onClick={askRevokeOthers}
            loading={revokeOthers.isPending}
            disabled={others === 0}
            data-testid="sessions-revoke-others"
          >
            {t('sessions.revokeOthers')}
          </Button>
        </Group>
        {sessions.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {sessions.isError && (
          <Alert color="red" role="alert">
            {sessions.error.message || t('sessions.loadFailed')}
          </Alert>
        )}
        {sessions.isSuccess && (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="sessions-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sessions.device')}</Table.Th>
                  <Table.Th>{t('sessions.browserOs')}</Table.Th>
                  <Table.Th>{t('sessions.ip')}</Table.Th>
                  <Table.Th>{t('sessions.location')}</Table.Th>
                  <Table.Th>{t('sessions.lastActive')}</Table.Th>
                  <Table.Th>{t('sessions.created')}</Table.Th>
                  <Table.Th>{t('sessions.expires')}</Table.Th>
                  <Table.Th>{t('sessions.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((session) => (
                  <SessionRow key={session.id} session={session} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
