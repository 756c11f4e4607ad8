import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconActivityHeartbeat } from '@tabler/icons-react';
import type { Locale, NodeInfo, NodeStatus } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LoadError } from '../../components/load-error';
import { currentLocale } from '../../i18n/i18n';
import { placeOf } from '../nodes';
import { useNodeList } from './api';
import { CardSkeleton, DashboardCard } from './dashboard-card';

const STATUS_COLORS: Record<NodeStatus, string> = { online: 'teal', offline: 'red', maintenance: 'yellow' };

/** "日本 · Tokyo": the country in the page's language, then the city when it says something more. */
function placeLine(node: NodeInfo, locale: Locale): string {
  const place = placeOf(node, locale);
  return [place.country, place.city].filter(Boolean).join(' · ');
}

/** The first nodes of the node centre with their status and latency. */
export function NodeStatusCard() {
  const { t } = useTranslation();
  const nodes = useNodeList();
  const locale = currentLocale();

  let body;
  if (nodes.isPending) body = <CardSkeleton lines={4} height={20} />;
  else if (nodes.isError)
    body = (
      <LoadError
        message={t('dashboard.nodes.loadFailed')}
        detail={nodes.error.message}
        onRetry={() => void nodes.refetch()}
        testId="dashboard-nodes"
      />
    );
  else if (nodes.data.items.length === 0)
    body = (
      <Stack gap="xs" data-testid="dashboard-nodes-empty">
        <Text size="sm" c="dimmed">
          {t('dashboard.nodes.emptyText')}
        </Text>
        <Group>
          <Button component={Link} to="/contact" size="sm" variant="light">
            {t('dashboard.online.contact')}
          </Button>
        </Group>
      </Stack>
    );
  else
    body = (
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {nodes.data.items.map((node) => (
          <Group
            component="li"
            key={node.id}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-testid="dashboard-node-row"
            data-status={node.status}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {node.name}
              </Text>
              <Text size="xs" c="dimmed" truncate data-testid="dashboard-node-place">
                {placeLine(node, locale)}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              {node.status === 'online' &&
                (node.latency !== null ? (
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {t('dashboard.nodes.latency', { value: node.latency })}
                  </Text>
                ) : (
                  // A dash, as the node centre shows a missing figure, named for screen readers.
                  <Text
                    size="xs"
                    c="dimmed"
                    role="img"
                    aria-label={t('dashboard.nodes.noLatency')}
                    title={t('dashboard.nodes.noLatency')}
                  >
                    {t('common.none')}
                  </Text>
                ))}
              <Badge color={STATUS_COLORS[node.status]} variant="light" data-testid="dashboard-node-status">
                {t(`nodes.status.${node.status}`)}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    );

  return (
    <DashboardCard
      testId="dashboard-nodes"
      title={t('dashboard.nodes.title')}
      icon={<IconActivityHeartbeat size={20} />}
      color="grape"
      link={{ to: '/nodes', label: t('dashboard.nodes.all') }}
    >
      {body}
    </DashboardCard>
  );
}
