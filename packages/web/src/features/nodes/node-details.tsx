import { Alert, Button, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { NodeInfo } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatPercent } from '../../lib/format-number';
import { formatDateTime, formatRelativeTime } from '../../lib/format-date';
import { CopyAction } from '../../components/copy-action';
import { useNode } from './api';
import { formatRate, isLive, placeOf, useRegionLabel } from './format';
import { LatencyFigure, LoadFigure, NoFigure, RateBadge, useProtocolLine } from './node-list';
import { NodeStatusBadge } from './status-badge';
import type { LiveStatuses } from './use-live-statuses';
import { overlayNode } from './use-live-statuses';
import { useNow } from '../../lib/use-now';

const NOW_TICK_MS = 15_000;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider label={title} labelPosition="left" />
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

function NodeFacts({ node }: { node: NodeInfo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const now = useNow(NOW_TICK_MS);
  const regionLabel = useRegionLabel();
  const protocolLine = useProtocolLine();
  const none = t('common.none');
  const live = isLive(node);
  const place = placeOf(node, locale);
  const percent = (value: number) => formatPercent(value, locale);
  const heartbeat = node.last_heartbeat;
  const heartbeatTime = heartbeat ? new Date(heartbeat).getTime() : NaN;

  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="wrap">
        <NodeStatusBadge status={node.status} />
        <RateBadge rate={node.rate} />
        <Text size="sm" c="dimmed">
          {[place.country, place.city, regionLabel(node.region)].filter(Boolean).join(' · ')}
        </Text>
      </Group>
      {!live && (
        <Alert
          color={node.status === 'maintenance' ? 'yellow' : 'red'}
          variant="light"
          data-testid="node-not-live"
        >
          {t(node.status === 'maintenance' ? 'nodes.details.maintenanceText' : 'nodes.details.offlineText')}
        </Alert>
      )}
      <Section title={t('nodes.details.connection')}>
        <Fact label={t('nodes.details.protocol')}>{protocolLine(node).protocol}</Fact>
        <Fact label={t('nodes.details.transport')}>{t(`nodes.transports.${node.transport}`)}</Fact>
        <Fact label={t('nodes.details.tls')}>
          {node.tls ? t('nodes.details.tlsOn') : t('nodes.details.tlsOff')}
        </Fact>
        <Fact label={t('nodes.details.rate')} testId="node-detail-rate">
          {formatRate(node.rate) ?? '1×'}
        </Fact>
        <Fact label={t('nodes.details.address')} testId="node-detail-address">
          <Group gap={4} wrap="nowrap" align="center">
            <Text size="sm" fw={500} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {node.server_address}
            </Text>
            <CopyAction value={node.server_address} label={t('nodes.details.address')} />
          </Group>
        </Fact>
        <Fact label={t('nodes.details.port')}>
          <Text span size="sm" fw={500} ff="monospace">
            {node.port}
          </Text>
        </Fact>
      </Section>
      <Section title={t('nodes.details.state')}>
        <Fact label={t('nodes.details.load')} testId="node-detail-load">
          <LoadFigure node={node} width={80} />
        </Fact>
        <Fact label={t('nodes.details.latency')}>
          <LatencyFigure node={node} />
        </Fact>
        <Fact label={t('nodes.details.cpu')} testId="node-detail-cpu">
          {live && node.cpu !== null ? percent(node.cpu) : <NoFigure node={node} />}
        </Fact>
        <Fact label={t('nodes.details.memory')} testId="node-detail-memory">
          {live && node.memory !== null ? percent(node.memory) : <NoFigure node={node} />}
        </Fact>
        <Fact label={t('nodes.details.onlineUsers')} testId="node-detail-users">
          {live ? node.online_users : <NoFigure node={node} />}
        </Fact>
        <Fact label={t('nodes.details.lastHeartbeat')} testId="node-detail-heartbeat">
          {heartbeat && !Number.isNaN(heartbeatTime) ? (
            <>
              {formatRelativeTime(heartbeat, locale, Math.max(now, heartbeatTime))}
              <Text size="xs" c="dimmed">
                {formatDateTime(heartbeat, locale)}
              </Text>
            </>
          ) : (
            t('nodes.details.never')
          )}
        </Fact>
      </Section>
      <Section title={t('nodes.details.configuration')}>
        <Fact label={t('nodes.details.inboundRule')} testId="node-detail-rule">
          {node.inbound_rule_id === null && !node.rule_name ? (
            none
          ) : (
            <>
              {node.rule_name ?? none}
              {node.inbound_rule_id !== null && (
                <Text size="xs" c="dimmed">
                  {t('nodes.details.ruleId', { id: node.inbound_rule_id })}
                </Text>
              )}
            </>
          )}
        </Fact>
        <Fact label={t('nodes.details.createdAt')}>{formatDateTime(node.created_at, locale)}</Fact>
      </Section>
    </Stack>
  );
}

interface NodeDetailsProps {
  nodeId: number | null;
  /** The list's row for this node, shown until the details arrive. */
  listed: NodeInfo | undefined;
  live: LiveStatuses | null;
  phone: boolean;
  onClose: () => void;
}

/** The drawer of one node (GET /nodes/:id), with the live status laid over when it is newer. */
export function NodeDetails({ nodeId, listed, live, phone, onClose }: NodeDetailsProps) {
  const { t } = useTranslation();
  const node = useNode(nodeId, listed);
  const shown = node.data ? overlayNode(node.data, node.dataUpdatedAt, live) : undefined;

  return (
    <Drawer
      opened={nodeId !== null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '90%' : 'md'}
      title={shown?.name ?? t('nodes.details.title')}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="node-details"
    >
      {shown ? (
        <NodeFacts node={shown} />
      ) : node.isError ? (
        <Alert color="red" role="alert" data-testid="node-details-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{node.error.message || t('nodes.details.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void node.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
    </Drawer>
  );
}
