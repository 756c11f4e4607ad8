import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Menu,
  Stack,
  Text,
  TextInput,
  Title,
  ActionIcon,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { NODE_PROTOCOLS, NODE_STATUSES } from '@portal/contract';
import type { NodeStatus } from '@portal/contract';
import type { AdminNode, AgentConfig, StaffMe } from '@portal/contract/admin';
import { TrafficChart } from '../../components/charts';
import { CopyAction } from '../../components/copy-action';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { FilterBar, FilterSelect } from '../../components/filter-bar';
import { ListPagination } from '../../components/list-pagination';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { formatBytes } from '../../lib/format-number';
import { confirmAction } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import {
  useAdminNodes,
  useDeleteNode,
  useIssueNodeToken,
  useNodeAgentConfig,
  useNodeGroups,
  useNodeTraffic,
  useSetNodeEnabled,
  useSetNodeMaintenance,
} from '../api';
import type { NodeFilter } from '../api';
import { NodeFormDrawer } from './node-form';
import { PageTitle } from './page-title';
import { ConsoleModal } from '../console-modal';

const STATUS_COLOR: Record<NodeStatus, string> = { online: 'teal', offline: 'red', maintenance: 'yellow' };

type Confirm = {
  node: AdminNode;
  kind: 'disable' | 'enable' | 'maintenanceOn' | 'maintenanceOff' | 'delete';
};

/** Nodes: list with live status and filters; add, edit, enable, maintenance, delete; agent token and configuration. */
/** "vless · tcp · Reality": the protocol, its transport and what secures it, as operators name them. */
export function protocolLabel(n: Pick<AdminNode, 'protocol' | 'network' | 'tls' | 'reality'>): string {
  // QUIC (Hysteria2, TUIC) carries TLS: "hysteria2 · quic".
  const security = n.reality ? 'Reality' : n.tls && n.network !== 'quic' ? 'TLS' : null;
  return [n.protocol, n.network, security].filter(Boolean).join(' · ');
}

export function NodesPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const canWrite = me.permissions.includes('nodes.write');
  const [filter, setFilter] = useState<NodeFilter>({ page: 1 });
  const [search, setSearch] = useState('');
  const nodes = useAdminNodes(filter);
  const groups = useNodeGroups();
  const [form, setForm] = useState<{ node: AdminNode | null; key: number } | null>(null);
  const [agentOf, setAgentOf] = useState<AdminNode | null>(null);
  const [trafficOf, setTrafficOf] = useState<AdminNode | null>(null);
  const setEnabled = useSetNodeEnabled();
  const setMaintenance = useSetNodeMaintenance();
  const remove = useDeleteNode();

  const change = (next: Partial<NodeFilter>) => setFilter((f) => ({ ...f, ...next, page: 1 }));
  const count =
    [filter.status, filter.protocol, filter.group_id, filter.enabled].filter((v) => v !== undefined).length +
    (filter.q ? 1 : 0);
  const active = count > 0;

  /** Asks first, then enables, disables, switches maintenance or deletes the node. */
  const ask = (node: AdminNode, kind: Confirm['kind']) =>
    confirmAction({
      title: t('nodes.confirm.ok'),
      message: t(`nodes.confirm.${kind}`, { name: node.name }),
      confirmLabel: t('nodes.confirm.ok'),
      danger: kind === 'delete' || kind === 'disable',
      onConfirm: () => {
        const options = {
          onSuccess: () =>
            notify.success(t(kind === 'delete' ? 'nodes.deleted' : 'nodes.done', { name: node.name })),
          onError: (error: Error) => notify.error(error.message),
        };
        if (kind === 'delete') remove.mutate({ params: { id: node.id } }, options);
        else if (kind === 'enable' || kind === 'disable')
          setEnabled.mutate({ params: { id: node.id }, body: { enabled: kind === 'enable' } }, options);
        else
          setMaintenance.mutate(
            { params: { id: node.id }, body: { maintenance: kind === 'maintenanceOn' } },
            options,
          );
      },
    });

  const columns: DataColumn<AdminNode>[] = [
    {
      key: 'name',
      header: t('nodes.name'),
      card: 'title',
      cell: (n) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {n.name}
          </Text>
          <Group gap={4}>
            {!n.enabled && (
              <Badge color="gray" variant="outline" size="sm">
                {t('nodes.disabled')}
              </Badge>
            )}
            {!n.has_token && (
              <Badge color="orange" variant="outline" size="sm">
                {t('nodes.noToken')}
              </Badge>
            )}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('nodes.status'),
      card: 'aside',
      cell: (n) => (
        <Badge
          color={STATUS_COLOR[n.status]}
          variant="light"
          title={
            n.last_heartbeat
              ? t('nodes.lastSeen', { time: formatDateTime(n.last_heartbeat, locale) })
              : t('nodes.never')
          }
          data-testid="node-status"
        >
          {t(`nodes.statuses.${n.status}`)}
        </Badge>
      ),
    },
    { key: 'protocol', header: t('nodes.protocol'), cell: protocolLabel },
    { key: 'address', header: t('nodes.address'), cell: (n) => `${n.host}:${n.port}`, truncate: true },
    {
      key: 'load',
      header: t('nodes.load'),
      cell: (n) => (n.load === null ? '—' : `${n.load}%`),
      nowrap: true,
    },
    { key: 'online', header: t('nodes.online'), cell: (n) => n.online_users, nowrap: true },
    {
      key: 'actions',
      header: '',
      card: 'actions',
      cell: (n) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {canWrite && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setForm({ node: n, key: Date.now() })}
              data-testid="node-edit"
            >
              {t('nodes.edit')}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => setAgentOf(n)} data-testid="node-agent">
            {t('nodes.agent')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t('nodes.more')} data-testid="node-more">
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setTrafficOf(n)}>{t('nodes.traffic')}</Menu.Item>
              {canWrite && (
                <>
                  <Menu.Item onClick={() => ask(n, n.enabled ? 'disable' : 'enable')}>
                    {n.enabled ? t('nodes.disable') : t('nodes.enable')}
                  </Menu.Item>
                  <Menu.Item onClick={() => ask(n, n.maintenance ? 'maintenanceOff' : 'maintenanceOn')}>
                    {n.maintenance ? t('nodes.maintenanceOff') : t('nodes.maintenanceOn')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => ask(n, 'delete')}>
                    {t('nodes.delete')}
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  const groupOptions = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));

  return (
    <>
      <PageTitle
        title={t('nav.nodes')}
        intro={t('nodes.intro')}
        actions={
          canWrite ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setForm({ node: null, key: Date.now() })}
              data-testid="node-add"
            >
              {t('nodes.add')}
            </Button>
          ) : undefined
        }
      />
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <FilterBar
            label={t('nodes.filters')}
            active={active}
            count={count}
            resetLabel={t('nodes.reset')}
            testId="node-filters"
            onReset={() => {
              setSearch('');
              setFilter({ page: 1 });
            }}
          >
            <form
              onSubmit={(e) => {
                e.preventDefault();
                change({ q: search.trim() || undefined });
              }}
            >
              <TextInput
                label={t('nodes.search')}
                placeholder={t('nodes.searchHint')}
                value={search}
                maxLength={100}
                onChange={(e) => setSearch(e.currentTarget.value)}
                onBlur={() => change({ q: search.trim() || undefined })}
                w={{ base: '100%', sm: 200 }}
                data-testid="node-search"
              />
            </form>
            <FilterSelect
              label={t('nodes.status')}
              allLabel={t('nodes.allStatuses')}
              value={filter.status ?? null}
              options={NODE_STATUSES.map((s) => ({ value: s, label: t(`nodes.statuses.${s}`) }))}
              onChange={(v) => change({ status: (v ?? undefined) as NodeStatus | undefined })}
              testId="node-filter-status"
            />
            <FilterSelect
              label={t('nodes.protocol')}
              allLabel={t('nodes.allProtocols')}
              value={filter.protocol ?? null}
              options={NODE_PROTOCOLS.map((p) => ({ value: p, label: p }))}
              onChange={(v) => change({ protocol: (v ?? undefined) as NodeFilter['protocol'] })}
              testId="node-filter-protocol"
            />
            <FilterSelect
              label={t('nodes.group')}
              allLabel={t('nodes.allGroups')}
              value={filter.group_id === undefined ? null : String(filter.group_id)}
              options={groupOptions}
              onChange={(v) => change({ group_id: v === null ? undefined : Number(v) })}
              testId="node-filter-group"
            />
            <FilterSelect
              label={t('nodes.state')}
              allLabel={t('nodes.allStates')}
              value={filter.enabled ?? null}
              options={[
                { value: 'true', label: t('nodes.enabledOnly') },
                { value: 'false', label: t('nodes.disabledOnly') },
              ]}
              onChange={(v) => change({ enabled: (v ?? undefined) as NodeFilter['enabled'] })}
              testId="node-filter-enabled"
            />
          </FilterBar>
        </Card>
        {nodes.isError ? (
          <Alert color="red" role="alert">
            {t('nodes.loadFailed')}: {nodes.error.message}
          </Alert>
        ) : nodes.data && nodes.data.items.length === 0 ? (
          <Text c="dimmed">{t('nodes.empty')}</Text>
        ) : nodes.data ? (
          <>
            <DataList
              rows={nodes.data.items}
              columns={columns}
              rowKey={(n) => n.id}
              rowAttributes={(n) => ({
                'data-testid': 'node-row',
                'data-status': n.status,
                'data-enabled': String(n.enabled),
              })}
              label={t('nav.nodes')}
              minWidth={860}
            />
            <ListPagination
              page={nodes.data.page}
              pages={nodes.data.pages}
              total={nodes.data.total}
              onChange={(page) => setFilter((f) => ({ ...f, page }))}
            />
          </>
        ) : null}
      </Stack>

      {form && (
        <NodeFormDrawer
          key={form.key}
          node={form.node}
          opened
          groups={groups.data ?? []}
          onClose={() => setForm(null)}
        />
      )}
      {agentOf && <AgentConfigModal node={agentOf} canWrite={canWrite} onClose={() => setAgentOf(null)} />}
      {trafficOf && <TrafficModal node={trafficOf} onClose={() => setTrafficOf(null)} />}
    </>
  );
}

/** A configuration block with its copy button. */
function ConfigBlock({ title, value, testId }: { title: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h6">
          {title}
        </Title>
        <CopyAction value={value} label={title} testId={`${testId}-copy`} />
      </Group>
      <Code block data-testid={testId} style={{ overflowX: 'auto' }}>
        {value}
      </Code>
    </Stack>
  );
}

/** The ready-to-paste XrayR and V2bX entries; issuing a token shows it once, inside them. */
function AgentConfigModal({
  node,
  canWrite,
  onClose,
}: {
  node: AdminNode;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [issued, setIssued] = useState<(AgentConfig & { token: string }) | null>(null);
  const config = useNodeAgentConfig(node.id, issued === null);
  const issue = useIssueNodeToken();
  const shown = issued ?? config.data;
  return (
    <ConsoleModal
      opened
      onClose={onClose}
      size="xl"
      title={t('nodes.agentConfig.title', { name: node.name })}
      data-testid="agent-config"
    >
      <Stack gap="md">
        {issued ? (
          <Alert color="yellow" data-testid="agent-token-once">
            <Stack gap={6}>
              <Text size="sm">{t('nodes.agentConfig.tokenOnce')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code data-testid="agent-token" style={{ wordBreak: 'break-all' }}>
                  {issued.token}
                </Code>
                <CopyAction
                  value={issued.token}
                  label={t('nodes.agentConfig.token')}
                  testId="agent-token-copy"
                />
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Alert color={node.has_token ? 'blue' : 'orange'}>
            {node.has_token ? t('nodes.agentConfig.placeholder') : t('nodes.agentConfig.noToken')}
          </Alert>
        )}
        {config.isError && !issued && (
          <Alert color="red" role="alert">
            {config.error.message}
          </Alert>
        )}
        {shown && (
          <>
            <ConfigBlock title={t('nodes.agentConfig.xrayr')} value={shown.xrayr} testId="agent-xrayr" />
            <ConfigBlock title={t('nodes.agentConfig.v2bx')} value={shown.v2bx} testId="agent-v2bx" />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          {canWrite && !issued && (
            <Button
              variant={node.has_token ? 'light' : 'filled'}
              color={node.has_token ? 'orange' : undefined}
              onClick={() =>
                confirmAction({
                  title: t('nodes.confirm.ok'),
                  message: t(node.has_token ? 'nodes.confirm.token' : 'nodes.confirm.issue', {
                    name: node.name,
                  }),
                  confirmLabel: t('nodes.confirm.ok'),
                  danger: node.has_token,
                  onConfirm: () =>
                    issue.mutate(
                      { params: { id: node.id } },
                      {
                        onSuccess: (data) => setIssued(data),
                        onError: (error) => notify.error(error.message),
                      },
                    ),
                })
              }
              loading={issue.isPending}
              data-testid="agent-issue"
            >
              {node.has_token ? t('nodes.agentConfig.rotate') : t('nodes.agentConfig.issue')}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('nodes.agentConfig.close')}
          </Button>
        </Group>
      </Stack>
    </ConsoleModal>
  );
}

/** Traffic through the node by day, the last 30 days (the customer console's chart). */
function TrafficModal({ node, onClose }: { node: AdminNode; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const traffic = useNodeTraffic(node.id);
  const days = (traffic.data ?? []).map((d) => ({
    label: d.day.slice(5),
    day: d.day,
    upload: Number(d.upload),
    download: Number(d.download),
  }));
  const total = days.reduce((sum, d) => sum + d.upload + d.download, 0);
  const title = t('nodes.trafficTitle', { name: node.name });
  return (
    <ConsoleModal opened onClose={onClose} size="xl" title={title} data-testid="node-traffic">
      {traffic.isError ? (
        <Alert color="red" role="alert">
          {traffic.error.message}
        </Alert>
      ) : traffic.data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('nodes.trafficTotal', { total: formatBytes(total, locale) })}
          </Text>
          <TrafficChart days={days} height={240} label={title} />
        </Stack>
      ) : null}
    </ConsoleModal>
  );
}
