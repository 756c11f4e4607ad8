import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { OnlineDevice } from '@portal/contract';
import { DataList, type DataColumn } from '../../components/data-list';
import { ListState } from '../../components/list-state';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
import { useSubscriptionDevices } from './api';

function useDeviceColumns(): DataColumn<OnlineDevice>[] {
  const { t } = useTranslation();
  const locale = currentLocale();
  return [
    {
      key: 'address',
      header: t('subscriptions.devices.address'),
      card: 'title',
      cell: (d) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {d.address}
        </Text>
      ),
    },
    {
      key: 'nodes',
      header: t('subscriptions.devices.nodes'),
      cell: (d) => d.nodes.join(', '),
    },
    {
      key: 'lastSeen',
      header: t('subscriptions.devices.lastSeen'),
      nowrap: true,
      cell: (d) => formatDateTime(d.last_seen, locale),
      cardCell: (d) => formatDateTimeCompact(d.last_seen, locale),
    },
  ];
}

/**
 * "Online devices 2 / 3" and the addresses the nodes report for the subscription now (a table, cards on phones): the
 * devices its device limit counts, across every node. Refreshed once a minute while shown.
 */
export function OnlineDevices({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useTranslation();
  const devices = useSubscriptionDevices(subscriptionId);
  const columns = useDeviceColumns();
  const data = devices.data;
  const items = data?.items ?? [];
  const full = data !== undefined && data.device_limit > 0 && data.online >= data.device_limit;
  return (
    <Stack gap="xs" data-testid="online-devices">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={4} id={`devices-title-${subscriptionId}`} data-testid="online-devices-count">
          {data === undefined
            ? t('subscriptions.devices.title')
            : data.device_limit > 0
              ? t('subscriptions.devices.count', { online: data.online, limit: data.device_limit })
              : t('subscriptions.devices.countUnlimited', { online: data.online })}
        </Title>
        {full && (
          <Badge color="orange" variant="light" data-testid="online-devices-full">
            {t('subscriptions.devices.full')}
          </Badge>
        )}
      </Group>
      <ListState
        query={devices}
        empty={items.length === 0}
        failedText={t('subscriptions.devices.loadFailed')}
        testId="online-devices"
        emptyState={
          <Text c="dimmed" ta="center" py="md" data-testid="online-devices-empty">
            {t('subscriptions.devices.empty')}
          </Text>
        }
      />
      {items.length > 0 && (
        <DataList
          rows={items}
          columns={columns}
          rowKey={(d) => d.address}
          rowAttributes={() => ({ 'data-testid': 'online-device' })}
          labelledBy={`devices-title-${subscriptionId}`}
          label={t('subscriptions.devices.title')}
          minWidth={360}
        />
      )}
      {data !== undefined && (
        <Stack gap={2}>
          {data.device_limit > 0 && (
            <Text size="xs" c="dimmed">
              {t('subscriptions.devices.limitHint')}
            </Text>
          )}
          {data.min_traffic_kb > 0 && (
            <Text size="xs" c="dimmed" data-testid="online-devices-minimum">
              {t('subscriptions.devices.minimumHint', { kb: data.min_traffic_kb })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
