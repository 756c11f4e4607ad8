import { Anchor, Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { NodeInfo } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatPercent } from '../../lib/format-number';
import { formatRate, isLive, placeOf, useRegionLabel } from './format';
import { loadColor } from './status';
import { NodeStatusBadge } from './status-badge';
import { RowCard, RowCards } from '../../components/row-cards';

/** "VMess · WebSocket · TLS"; QUIC carries TLS, so Hysteria2 and TUIC read "QUIC" alone. */
export function useProtocolLine() {
  const { t } = useTranslation();
  return (node: Pick<NodeInfo, 'protocol' | 'transport' | 'tls' | 'reality'>) => ({
    protocol: t(`nodes.protocols.${node.protocol}`),
    transport: [
      t(`nodes.transports.${node.transport}`),
      node.reality ? t('nodes.reality') : node.tls && node.transport !== 'quic' ? t('nodes.tls') : null,
    ]
      .filter(Boolean)
      .join(' · '),
  });
}

/** "—" for a figure the node does not report now, with the reason for screen readers and on hover. */
export function NoFigure({ node }: { node: NodeInfo }) {
  const { t } = useTranslation();
  const reason = isLive(node) ? t('nodes.list.notReported') : t('nodes.list.notLive');
  return (
    // A dash that says why there is no figure to a screen reader too (not only as a hover title).
    <Text size="sm" c="dimmed" title={reason} role="img" aria-label={reason} data-testid="node-no-figure">
      {t('common.none')}
    </Text>
  );
}

export function LoadFigure({ node, width = 72 }: { node: NodeInfo; width?: number | string }) {
  const { t } = useTranslation();
  if (!isLive(node) || node.load === null) return <NoFigure node={node} />;
  const load = Math.min(Math.max(node.load, 0), 100);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="node-load">
      <Progress
        value={load}
        color={loadColor(load)}
        size="sm"
        w={width}
        aria-label={t('nodes.list.loadOf', { name: node.name, value: formatPercent(load, currentLocale()) })}
      />
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatPercent(load, currentLocale())}
      </Text>
    </Group>
  );
}

export function LatencyFigure({ node }: { node: NodeInfo }) {
  const { t } = useTranslation();
  if (!isLive(node) || node.latency === null) return <NoFigure node={node} />;
  return (
    <Text
      size="sm"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid="node-latency"
    >
      {t('nodes.ms', { value: node.latency })}
    </Text>
  );
}

export function RateBadge({ rate }: { rate: number }) {
  const { t } = useTranslation();
  const label = formatRate(rate);
  if (!label) return null;
  return (
    <Badge
      size="sm"
      variant="outline"
      color="grape"
      title={t('nodes.list.rateHint', { rate: label })}
      data-testid="node-rate"
      style={{ flexShrink: 0, overflow: 'visible', textTransform: 'none' }}
    >
      {label}
    </Badge>
  );
}

interface NodeListProps {
  nodes: NodeInfo[];
  onOpen: (id: number) => void;
}

function NameButton({ node, onOpen }: { node: NodeInfo; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      c={isLive(node) ? undefined : 'dimmed'}
      ta="left"
      onClick={(event) => {
        event.stopPropagation();
        onOpen(node.id);
      }}
      aria-label={t('nodes.list.open', { name: node.name })}
      data-testid="node-open"
    >
      {node.name}
    </Anchor>
  );
}

/** Desktop: one row per node; clicking a row (or its name) opens the details. */
export function NodeTable({ nodes, onOpen }: NodeListProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const regionLabel = useRegionLabel();
  const protocolLine = useProtocolLine();
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="nodes-list-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('nodes.list.name')}</Table.Th>
            <Table.Th>{t('nodes.list.location')}</Table.Th>
            <Table.Th>{t('nodes.list.region')}</Table.Th>
            <Table.Th>{t('nodes.list.protocol')}</Table.Th>
            <Table.Th>{t('nodes.list.load')}</Table.Th>
            <Table.Th>{t('nodes.list.latency')}</Table.Th>
            <Table.Th>{t('nodes.list.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {nodes.map((node) => {
            const place = placeOf(node, locale);
            const line = protocolLine(node);
            return (
              <Table.Tr
                key={node.id}
                data-testid="node-row"
                data-id={node.id}
                data-status={node.status}
                onClick={() => onOpen(node.id)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <NameButton node={node} onOpen={onOpen} />
                    <RateBadge rate={node.rate} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{place.country}</Text>
                  {place.city && (
                    <Text size="xs" c="dimmed">
                      {place.city}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{regionLabel(node.region)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{line.protocol}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {line.transport}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LoadFigure node={node} />
                </Table.Td>
                <Table.Td>
                  <LatencyFigure node={node} />
                </Table.Td>
                <Table.Td>
                  <NodeStatusBadge status={node.status} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per node with the same facts; tapping it opens the details. */
export function NodeCards({ nodes, onOpen }: NodeListProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const regionLabel = useRegionLabel();
  const protocolLine = useProtocolLine();
  return (
    <RowCards aria-labelledby="nodes-list-title">
      {nodes.map((node) => {
        const place = placeOf(node, locale);
        const line = protocolLine(node);
        return (
          <RowCard
            key={node.id}
            data-testid="node-card"
            data-id={node.id}
            data-status={node.status}
            onClick={() => onOpen(node.id)}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                  <NameButton node={node} onOpen={onOpen} />
                  <RateBadge rate={node.rate} />
                </Group>
                <NodeStatusBadge status={node.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {[place.country, place.city, regionLabel(node.region)].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">
                {line.protocol}
                <Text span size="sm" c="dimmed">
                  {` · ${line.transport}`}
                </Text>
              </Text>
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('nodes.list.load')}
                  </Text>
                  <LoadFigure node={node} width={96} />
                </Group>
                <Group gap={6} wrap="nowrap">
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('nodes.list.latency')}
                  </Text>
                  <LatencyFigure node={node} />
                </Group>
              </Group>
            </Stack>
          </RowCard>
        );
      })}
    </RowCards>
  );
}
