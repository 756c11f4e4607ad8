import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { EXPIRING_DAYS, OVERVIEW_DAYS, OVERVIEW_PERIODS } from '@portal/contract/admin';
import type {
  MoneyOverview,
  NodesOverview,
  OverviewPeriod,
  StaffMe,
  TicketsOverview,
  UsersOverview,
} from '@portal/contract/admin';
import { Chart, formatDay, niceTicks, TrafficChart } from '../../components/charts';
import { currentLocale } from '../../i18n/i18n';
import { formatBytes, formatDecimal } from '../../lib/format-number';
import { yuan, yuanTick } from '../../lib/money';
import { useMoneyOverview, useNodesOverview, useTicketsOverview, useUsersOverview } from '../api';
import { PageTitle } from './page-title';

const CHART_HEIGHT = 200;

/** "2026-11-05" -> "11-05" for a chart's axis. */
const shortDay = (day: string) => day.slice(5);

/** A list's address with the period's filter: `from`/`to` named as that list names them. */
export function periodLink(
  path: string,
  period: { from: string; to: string },
  names: { from: string; to: string } = { from: 'from', to: 'to' },
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ [names.from]: period.from, [names.to]: period.to, ...extra });
  return `${path}?${query.toString()}`;
}

/** A card with a title; the title links to the card's list when there is one. */
function OverviewCard({
  title,
  to,
  testId,
  children,
}: {
  title: string;
  to?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {to ? (
            <Anchor component={Link} to={to} inherit data-testid={`${testId}-link`}>
              <Group gap={4} wrap="nowrap" component="span">
                {title}
                <IconChevronRight size={16} aria-hidden />
              </Group>
            </Anchor>
          ) : (
            title
          )}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** One figure: a label, the number, an optional line under it. */
function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} lh={1.3} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

function AreaState({ error, height = 96 }: { error: Error | null; height?: number }) {
  const { t } = useTranslation('admin');
  return error ? (
    <Alert color="red" role="alert">
      {t('overview.loadFailed', { message: error.message })}
    </Alert>
  ) : (
    <Skeleton height={height} radius="md" />
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} size="h4" mt="md">
      {children}
    </Title>
  );
}

function MoneyArea({ data }: { data: MoneyOverview }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const net = data.revenue_days.map((d) => Number(d.net));
  const methods = data.topups;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {OVERVIEW_PERIODS.map((period) => {
          const r = data.revenue[period];
          return (
            <OverviewCard
              key={period}
              title={t('overview.revenue.title', { period: t(`overview.periods.${period}`) })}
              to={periodLink('/orders', data.periods[period])}
              testId={`overview-revenue-${period}`}
            >
              <Figure
                label={t('overview.revenue.net')}
                value={yuan(r.net, locale)}
                hint={t('overview.revenue.detail', {
                  paid: yuan(r.paid, locale),
                  refunds: yuan(r.refunds, locale),
                  orders: formatDecimal(r.orders, locale),
                })}
                testId={`overview-revenue-${period}-net`}
              />
            </OverviewCard>
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" data-testid="overview-revenue-chart">
          <Stack gap="sm">
            <Title order={3} size="h5" id="overview-revenue-chart-title">
              {t('overview.revenue.chart', { days: OVERVIEW_DAYS })}
            </Title>
            <Chart
              type="bar"
              height={CHART_HEIGHT}
              labelledBy="overview-revenue-chart-title"
              data={data.revenue_days.map((d) => ({
                label: shortDay(d.day),
                title: formatDay(d.day, locale),
                values: { net: Number(d.net) },
              }))}
              series={[
                { key: 'net', label: t('overview.revenue.net'), color: 'var(--mantine-color-teal-6)' },
              ]}
              ticks={niceTicks(Math.min(0, ...net), Math.max(0, ...net))}
              formatTick={(value) => yuanTick(value, locale)}
              formatValue={(value) => yuan(value, locale)}
            />
          </Stack>
        </Card>
        <OverviewCard title={t('overview.topups.title', { days: OVERVIEW_DAYS })} testId="overview-topups">
          <Stack gap="md">
            {methods.map((m) => (
              <Stack key={m.method} gap={2} data-testid="overview-topup" data-method={m.method}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor
                    component={Link}
                    to={periodLink('/ledger', data.periods.month, undefined, { kind: m.method })}
                    size="sm"
                    fw={600}
                  >
                    {t(`overview.topups.methods.${m.method}`)}
                  </Anchor>
                  <Text fw={700} data-testid="overview-topup-month">
                    {yuan(m.month.amount, locale)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('overview.topups.detail', {
                    entries: formatDecimal(m.month.count, locale),
                    today: yuan(m.today.amount, locale),
                    week: yuan(m.week.amount, locale),
                  })}
                </Text>
              </Stack>
            ))}
          </Stack>
        </OverviewCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <OverviewCard
          title={t('overview.pendingUsdt.title')}
          to="/topups?status=pending"
          testId="overview-pending-usdt"
        >
          <Figure
            label={t('overview.pendingUsdt.hint')}
            value={formatDecimal(data.pending_usdt_orders, locale)}
            testId="overview-pending-usdt-count"
          />
        </OverviewCard>
        <OverviewCard title={t('overview.openTransfers.title')} to="/topups" testId="overview-open-transfers">
          <Figure
            label={t('overview.openTransfers.hint')}
            value={formatDecimal(data.open_transfers, locale)}
            testId="overview-open-transfers-count"
          />
        </OverviewCard>
      </SimpleGrid>
    </>
  );
}

function UsersArea({ data }: { data: UsersOverview }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const registered = (period: OverviewPeriod) =>
    periodLink('/users', data.periods[period], { from: 'registered_from', to: 'registered_to' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <OverviewCard title={t('overview.users.title')} to={registered('month')} testId="overview-users">
        <SimpleGrid cols={3} spacing="xs">
          {OVERVIEW_PERIODS.map((period) => (
            <Anchor
              key={period}
              component={Link}
              to={registered(period)}
              underline="never"
              c="inherit"
              data-testid={`overview-users-${period}`}
            >
              <Figure
                label={t(`overview.periods.${period}`)}
                value={formatDecimal(data.registered[period].total, locale)}
                hint={t('overview.users.verified', {
                  verified: formatDecimal(data.registered[period].verified, locale),
                })}
              />
            </Anchor>
          ))}
        </SimpleGrid>
      </OverviewCard>
      <OverviewCard
        title={t('overview.subscriptions.title')}
        to="/users?subscribed=true"
        testId="overview-subscriptions"
      >
        <SimpleGrid cols={2} spacing="xs">
          <Figure
            label={t('overview.subscriptions.active')}
            value={formatDecimal(data.subscriptions.active, locale)}
            testId="overview-subscriptions-active"
          />
          <Figure
            label={t('overview.subscriptions.expiring', { days: EXPIRING_DAYS })}
            value={formatDecimal(data.subscriptions.expiring, locale)}
            testId="overview-subscriptions-expiring"
          />
        </SimpleGrid>
      </OverviewCard>
    </SimpleGrid>
  );
}

const NODE_COLORS = { online: 'green', offline: 'red', maintenance: 'yellow' } as const;

function NodesArea({ data }: { data: NodesOverview }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <OverviewCard title={t('overview.nodes.title')} to="/nodes" testId="overview-nodes">
        <SimpleGrid cols={3} spacing="xs">
          {(['online', 'offline', 'maintenance'] as const).map((status) => (
            <Stack key={status} gap={4} data-testid={`overview-nodes-${status}`}>
              <Badge color={NODE_COLORS[status]} variant="light" w="fit-content">
                {t(`nodes.statuses.${status}`)}
              </Badge>
              <Text fz="xl" fw={700}>
                {formatDecimal(data.nodes[status], locale)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="sm" fw={600}>
          {t('overview.traffic.title')}
        </Text>
        <SimpleGrid cols={3} spacing="xs">
          {OVERVIEW_PERIODS.map((period) => (
            <Figure
              key={period}
              label={t(`overview.periods.${period}`)}
              value={formatBytes(data.traffic[period].upload + data.traffic[period].download, locale)}
              testId={`overview-traffic-${period}`}
            />
          ))}
        </SimpleGrid>
      </OverviewCard>
      <Card withBorder radius="md" padding="lg" data-testid="overview-traffic">
        <Stack gap="sm">
          <Title order={3} size="h5" id="overview-traffic-title">
            {t('overview.traffic.chart', { days: OVERVIEW_DAYS })}
          </Title>
          {/* An empty frame would read as broken: with nothing used in the period, the card says so. */}
          {data.traffic_days.some((d) => d.upload + d.download > 0) ? (
            <TrafficChart
              height={CHART_HEIGHT}
              labelledBy="overview-traffic-title"
              days={data.traffic_days.map((d) => ({
                label: shortDay(d.day),
                day: d.day,
                upload: d.upload,
                download: d.download,
              }))}
            />
          ) : (
            <Text c="dimmed" ta="center" py="xl" data-testid="overview-traffic-empty">
              {t('overview.traffic.empty', { days: OVERVIEW_DAYS })}
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

function TicketsArea({ data }: { data: TicketsOverview }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <OverviewCard title={t('overview.tickets.title')} to="/tickets" testId="overview-tickets">
        <SimpleGrid cols={2} spacing="xs">
          {(['pending', 'processing'] as const).map((status) => (
            <Anchor
              key={status}
              component={Link}
              to={`/tickets?status=${status}`}
              underline="never"
              c="inherit"
              data-testid={`overview-tickets-${status}-link`}
            >
              <Figure
                label={t(`overview.tickets.${status}`)}
                value={formatDecimal(data[status], locale)}
                testId={`overview-tickets-${status}`}
              />
            </Anchor>
          ))}
        </SimpleGrid>
      </OverviewCard>
    </SimpleGrid>
  );
}

/** Loads an area when the role may read it; nothing at all otherwise (not even its heading). */
function Area<T>({
  allowed,
  title,
  query,
  render,
}: {
  allowed: boolean;
  title: string;
  query: { data: T | undefined; error: Error | null };
  render: (data: T) => ReactNode;
}) {
  if (!allowed) return null;
  return (
    <Stack gap="md">
      <SectionTitle>{title}</SectionTitle>
      {query.data !== undefined ? render(query.data) : <AreaState error={query.error} />}
    </Stack>
  );
}

/** Who is signed in, with the role's permissions (the sections it opens are the sidebar's). */
function SignedIn({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="admin-me">
      <Stack gap="xs">
        <Text fw={600}>{t('overview.signedInAs', { email: me.email })}</Text>
        <Text size="sm">{t('overview.role', { role: t(`roles.${me.role}`) })}</Text>
        <Title order={3} size="h5" mt="sm">
          {t('overview.permissions')}
        </Title>
        <Group gap={6}>
          {me.permissions.map((permission) => (
            <Badge key={permission} variant="outline" color="gray" tt="none">
              {t(`permissions.${permission}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** Which areas a role sees: the overview itself and the area's read permission (the endpoint's). */
export function overviewAreas(permissions: readonly string[]) {
  const may = (p: string) => permissions.includes('overview.read') && permissions.includes(p);
  return {
    money: may('money.read'),
    users: may('users.read'),
    nodes: may('nodes.read'),
    tickets: may('tickets.read'),
  };
}

/**
 * The operator's dashboard: revenue and top-ups, pending USDT orders and open transfers, new users and
 * subscriptions, nodes and traffic, open tickets; each area only for roles that may read it, each card opening its
 * list with the same filter. Days are UTC days (the server's `periods`).
 */
export function OverviewPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const areas = overviewAreas(me.permissions);
  const money = useMoneyOverview(areas.money);
  const users = useUsersOverview(areas.users);
  const nodes = useNodesOverview(areas.nodes);
  const tickets = useTicketsOverview(areas.tickets);
  return (
    <>
      <PageTitle title={t('nav.overview')} intro={t('overview.intro')} />
      <Stack gap="lg">
        <Area
          allowed={areas.money}
          title={t('overview.areas.money')}
          query={money}
          render={(data) => <MoneyArea data={data} />}
        />
        <Area
          allowed={areas.users}
          title={t('overview.areas.users')}
          query={users}
          render={(data) => <UsersArea data={data} />}
        />
        <Area
          allowed={areas.nodes}
          title={t('overview.areas.nodes')}
          query={nodes}
          render={(data) => <NodesArea data={data} />}
        />
        <Area
          allowed={areas.tickets}
          title={t('overview.areas.tickets')}
          query={tickets}
          render={(data) => <TicketsArea data={data} />}
        />
        <Stack gap="md">
          <SectionTitle>{t('overview.areas.you')}</SectionTitle>
          <SignedIn me={me} />
        </Stack>
      </Stack>
    </>
  );
}
