import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDevices } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { DataList, type DataColumn } from '../../components/data-list';
import type { SessionInfo } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { confirmAction } from '../../lib/confirm';
import { formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
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

/** A session's kind of device in the UI language ("电脑", "Phone"), as the sessions page and the console name it. */
export function useDeviceLabel(): (device: string) => string {
  const { t } = useTranslation();
  return (device) => t(`sessions.deviceTypes.${deviceType(device)}`);
}

function RevokeButton({ session, device }: { session: SessionInfo; device: string }) {
  const { t } = useTranslation();
  const revoke = useRevokeSession();
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
  );
}

function useSessionColumns(): DataColumn<SessionInfo>[] {
  const { t } = useTranslation();
  const locale = currentLocale();
  const unknown = t('sessions.unknown');
  const deviceLabel = useDeviceLabel();
  const deviceOf = (session: SessionInfo) => deviceLabel(session.device);
  return [
    {
      key: 'device',
      header: t('sessions.device'),
      card: 'title',
      cell: (session) => {
        const DeviceIcon = DEVICE_ICONS[deviceType(session.device)];
        return (
          <Group gap="xs" wrap="nowrap">
            <DeviceIcon size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500}>
              {deviceOf(session)}
            </Text>
            {session.current && (
              <Badge
                size="sm"
                color="teal"
                variant="light"
                data-testid="session-current"
                style={{ flexShrink: 0, overflow: 'visible' }}
              >
                {t('sessions.current')}
              </Badge>
            )}
          </Group>
        );
      },
    },
    {
      key: 'browserOs',
      header: t('sessions.browserOs'),
      cell: (session) => [session.browser, session.os].filter(Boolean).join(' / ') || unknown,
    },
    { key: 'ip', header: t('sessions.ip'), cell: (session) => session.ip ?? unknown },
    {
      key: 'location',
      header: t('sessions.location'),
      cell: (session) => (session.location === 'LAN' ? t('sessions.lan') : session.location) ?? unknown,
    },
    {
      key: 'lastActive',
      header: t('sessions.lastActive'),
      nowrap: true,
      cell: (session) => formatDateTime(session.last_active_at, locale),
      cardCell: (session) => formatDateTimeCompact(session.last_active_at, locale),
    },
    {
      key: 'created',
      header: t('sessions.created'),
      nowrap: true,
      cell: (session) => formatDateTime(session.created_at, locale),
      cardCell: (session) => formatDateTimeCompact(session.created_at, locale),
    },
    {
      key: 'expires',
      header: t('sessions.expires'),
      nowrap: true,
      cell: (session) => formatDateTime(session.expires_at, locale),
      cardCell: (session) => formatDateTimeCompact(session.expires_at, locale),
    },
    {
      key: 'actions',
      header: t('sessions.actions'),
      card: 'aside',
      // The current session is signed out from the account menu, not here: its cell is empty (and with no other
      // session, the column is not drawn).
      cell: (session) =>
        session.current ? null : <RevokeButton session={session} device={deviceOf(session)} />,
    },
  ];
}

/** The user's sessions, the current one flagged; revoke others one by one or all at once. */
export function SessionsTable() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data ?? [];
  const columns = useSessionColumns();
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
          {/* The page's title names the list (the shell's header); the card starts with what it holds. */}
          <Text size="sm" c="dimmed" maw={640}>
            {t('sessions.text')}
          </Text>
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
          <DataList
            rows={list}
            columns={columns}
            rowKey={(session) => session.id}
            rowAttributes={(session) => ({
              'data-testid': 'session-row',
              'data-current': String(session.current),
            })}
            label={t('sessions.title')}
            minWidth={900}
          />
        )}
      </Stack>
    </Card>
  );
}
