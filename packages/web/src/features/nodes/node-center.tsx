import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconServer2 } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DEFAULT_PAGE_SIZE, NODE_PROTOCOLS, NODE_STATUSES, NODES } from '@portal/contract';
import type { NodeProtocol, NodeStatus } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { ListPagination } from '../../components/list-pagination';
import type { NodesQuery } from './api';
import { useNodes, useNodeSummary } from './api';
import { NodeDetails } from './node-details';
import type { NodeFilterValues } from './node-filters';
import { NodeFilters } from './node-filters';
import { formatRate } from './format';
import { NodeCards, NodeTable } from './node-list';
import { NodeStats } from './node-stats';
import { overlayNode, overlaySummary, useLiveStatuses } from './use-live-statuses';
import { ListState } from '../../components/list-state';
import { positiveInt, useUrlState } from '../../lib/url-state';
import { usePhone } from '../../lib/use-phone';

const FILTER_KEYS = ['region', 'type', 'status'] as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

/** The filters, page and open node as the URL says: reload, back and shared links show the same. */
function readParams(params: URLSearchParams) {
  const region = params.get('region')?.trim() ?? '';
  const filters: NodeFilterValues = {
    region: region && region.length <= 50 ? region : null,
    type: oneOf<NodeProtocol>(params.get('type'), NODE_PROTOCOLS),
    status: oneOf<NodeStatus>(params.get('status'), NODE_STATUSES),
  };
  return { filters, page: positiveInt(params.get('page')) ?? 1, nodeId: positiveInt(params.get('node')) };
}

/** /nodes: statistics, filters, the list (cards on phones), the details of one node; statuses stay live. */
export function NodeCenter() {
  const { t } = useTranslation();
  const { params, update, setPage } = useUrlState();
  const { filters, page, nodeId } = readParams(params);
  const phone = usePhone();

  const summary = useNodeSummary();
  const query: NodesQuery = {
    page,
    size: DEFAULT_PAGE_SIZE,
    region: filters.region ?? undefined,
    type: filters.type ?? undefined,
    status: filters.status ?? undefined,
  };
  const list = useNodes(query);
  const live = useLiveStatuses(summary.data, summary.dataUpdatedAt);

  const listData = list.data;
  const listUpdatedAt = list.dataUpdatedAt;
  const nodes = useMemo(
    () => (listData?.items ?? []).map((node) => overlayNode(node, listUpdatedAt, live)),
    [listData, listUpdatedAt, live],
  );
  const shownSummary = summary.data ? overlaySummary(summary.data, summary.dataUpdatedAt, live) : undefined;
  const filtered = filters.region !== null || filters.type !== null || filters.status !== null;

  const setFilters = (values: NodeFilterValues) =>
    update((next) => {
      for (const key of FILTER_KEYS) {
        const value = values[key];
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
    });
  const resetFilters = () =>
    update((next) => {
      for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
    });
  const openNode = (id: number) => update((next) => next.set('node', String(id)));
  const closeNode = () => update((next) => next.delete('node'));

  return (
    <Stack gap="lg">
      <NodeStats
        summary={shownSummary}
        pending={summary.isPending}
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="nowrap">
              <Title order={2} size="h4" id="nodes-list-title">
                {t('nodes.list.title')}
              </Title>
              {list.isFetching && !list.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
            </Group>
            <Text size="xs" c="dimmed" data-testid="nodes-live-hint">
              {t('nodes.list.liveHint', { seconds: NODES.statusPollMs / 1000 })}
            </Text>
          </Group>
          <NodeFilters
            values={filters}
            regions={(summary.data?.regions ?? []).map((r) => r.region)}
            onChange={setFilters}
            onReset={resetFilters}
          />
          <ListState
            query={list}
            empty={nodes.length === 0}
            failedText={t('nodes.loadFailed')}
            testId="nodes"
            emptyState={
              filtered || page > 1 ? (
                <EmptyPage
                  icon={<IconServer2 size={32} aria-hidden />}
                  title={t('nodes.empty.filteredTitle')}
                  description={t('nodes.empty.filteredText')}
                >
                  <Button variant="light" mt="md" onClick={resetFilters} data-testid="nodes-empty-reset">
                    {t('nodes.filters.reset')}
                  </Button>
                </EmptyPage>
              ) : (
                <EmptyPage
                  icon={<IconServer2 size={32} aria-hidden />}
                  title={t('nodes.empty.title')}
                  description={t('nodes.empty.text')}
                />
              )
            }
          />
          {listData &&
            nodes.length > 0 &&
            (phone ? (
              <NodeCards nodes={nodes} onOpen={openNode} />
            ) : (
              <NodeTable nodes={nodes} onOpen={openNode} />
            ))}
          {nodes.some((n) => formatRate(n.rate) !== null) && (
            // A badge like "1.5x" explains itself here too: its tooltip does not show on touch screens.
            <Text size="xs" c="dimmed" data-testid="nodes-rate-note">
              {t('nodes.list.rateNote')}
            </Text>
          )}
          {listData && (
            <ListPagination
              page={listData.page}
              pages={listData.pages}
              total={listData.total}
              onChange={setPage}
            />
          )}
        </Stack>
      </Card>
      <NodeDetails
        nodeId={nodeId}
        listed={nodes.find((n) => n.id === nodeId)}
        live={live}
        phone={phone}
        onClose={closeNode}
      />
    </Stack>
  );
}
