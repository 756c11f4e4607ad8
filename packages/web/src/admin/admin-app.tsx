import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Navigate, useLocation, useRoutes } from '../lib/router';
import { authApi, ERRORS } from '@portal/contract';
import type { StaffMe } from '@portal/contract/admin';
import { isApiError } from '../lib/api-error';
import { useIsSignedIn } from '../lib/auth-state';
import { apiRequest, clearSession } from '../lib/api-client';
import { getRefreshToken } from '../lib/token-store';
import { useOwnTwoFactor, useStaffMe } from './api';
import { ADMIN_SECTIONS } from './admin-sections';
import type { AdminSection } from './admin-sections';
import { AdminLayout } from './admin-layout';
import { useAdminTitle } from './admin-title';
import { AgentSettingsPage } from './pages/agent-settings-page';
import { AuditPage } from './pages/audit-page';
import { NodeGroupsPage } from './pages/node-groups-page';
import { NodesPage } from './pages/nodes-page';
import { CodesPage } from './pages/codes-page';
import { LedgerPage } from './pages/ledger-page';
import { OrdersPage } from './pages/orders-page';
import { PaymentsPage } from './pages/payments-page';
import { TopupsPage } from './pages/topups-page';
import { OverviewPage } from './pages/overview-page';
import { PackagesPage } from './pages/packages-page';
import { UserDetailPage } from './pages/user-detail-page';
import { UsersPage } from './pages/users-page';
import { StaffPage } from './pages/staff-page';
import { TicketDetailPage } from './pages/ticket-detail-page';
import { TicketsPage } from './pages/tickets-page';

type Page = (props: { me: StaffMe }) => ReactNode;

const PAGES: Record<AdminSection['key'], Page> = {
  overview: OverviewPage,
  users: UsersPage,
  tickets: TicketsPage,
  packages: PackagesPage,
  nodes: NodesPage,
  nodeGroups: NodeGroupsPage,
  agentSettings: AgentSettingsPage,
  orders: OrdersPage,
  ledger: LedgerPage,
  topups: TopupsPage,
  codes: CodesPage,
  payments: PaymentsPage,
  audit: AuditPage,
  staff: StaffPage,
};

/** A full-page message (not signed in, not staff): the console shows nothing else. */
function AccessPanel({ title, children }: { title: string; children: ReactNode }) {
  // The tab's title here only: a section sets its own (an effect in the app around it would run after and win).
  useAdminTitle(title);
  return (
    <Center mih="100vh" p="md">
      <Stack maw={420} gap="md" data-testid="admin-access">
        <Title order={1} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Center>
  );
}

/**
 * Pages inside a section (one account of the users section, one ticket), opened with the section's permission;
 * `ownTitle`: the page sets the tab's title itself (the ticket's number).
 */
const SUBPAGES: { section: AdminSection['key']; path: string; page: Page; ownTitle?: boolean }[] = [
  { section: 'users', path: '/users/:id', page: UserDetailPage },
  { section: 'tickets', path: '/tickets/:id', page: TicketDetailPage, ownTitle: true },
];

function SectionRoute({
  section,
  me,
  page,
  ownTitle = false,
}: {
  section: AdminSection;
  me: StaffMe;
  page?: Page;
  ownTitle?: boolean;
}) {
  const { t } = useTranslation('admin');
  const Page = page ?? PAGES[section.key];
  const allowed = me.permissions.includes(section.permission);
  useAdminTitle(ownTitle && allowed ? null : t(`nav.${section.key}`));
  if (!allowed)
    return (
      <Alert color="yellow" data-testid="admin-page-denied">
        {t('access.pageDenied', { role: t(`roles.${me.role}`) })}
      </Alert>
    );
  return <Page me={me} />;
}

/** Who may use the console: a signed-in staff member (the API says so: `me`); the pages their role opens. */
export function AdminApp() {
  const { t } = useTranslation('admin');
  const signedIn = useIsSignedIn();
  const me = useStaffMe(signedIn);
  const { pathname } = useLocation();

  if (!signedIn) {
    return (
      <AccessPanel title={t('title')}>
        <Text>{t('access.signIn')}</Text>
        <Button
          component="a"
          href={`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`}
          data-testid="admin-sign-in"
        >
          {t('access.signInAction')}
        </Button>
      </AccessPanel>
    );
  }
  if (me.isPending)
    return (
      <Center mih="100vh">
        <Loader aria-label={t('access.checking')} />
      </Center>
    );
  if (me.isError && isApiError(me.error) && me.error.code === ERRORS.TWO_FACTOR_REQUIRED.code)
    return <TwoFactorRequired />;
  if (me.isError) {
    const forbidden = isApiError(me.error) && me.error.code === ERRORS.FORBIDDEN.code;
    return (
      <AccessPanel title={forbidden ? t('access.deniedTitle') : t('title')}>
        <Alert color={forbidden ? 'yellow' : 'red'} role="alert">
          {forbidden ? t('access.denied') : me.error.message}
        </Alert>
        <Button component="a" href="/" variant="default">
          {t('nav.portal')}
        </Button>
      </AccessPanel>
    );
  }
  return (
    <AdminLayout me={me.data} pathname={pathname}>
      <AdminRoutes me={me.data} />
    </AdminLayout>
  );
}

/** The console's own address with what follows it, for `?next=` (back here after enrolment or sign-in). */
function hereNext(): string {
  return encodeURIComponent(window.location.pathname + window.location.search);
}

/**
 * Staff without a two-factor session (40120): without two-factor, a link to set it up at /security that leads
 * back here; with it on (a session opened before enrolment, or elsewhere), sign out and sign in again with a code.
 */
function TwoFactorRequired() {
  const { t } = useTranslation('admin');
  const status = useOwnTwoFactor(true);
  const signInAgain = async () => {
    try {
      await apiRequest(
        authApi.logout,
        { body: { refresh_token: getRefreshToken() } },
        { skipAuthHandling: true },
      );
    } catch {
      // signing out locally is what matters
    } finally {
      clearSession();
      window.location.assign(`/login?next=${hereNext()}`);
    }
  };
  return (
    <AccessPanel title={t('access.twoFactorTitle')}>
      <Alert color="yellow" role="alert" data-testid="admin-two-factor-required">
        {t('access.twoFactorText')}
      </Alert>
      {status.isPending ? (
        <Loader size="sm" aria-label={t('access.checking')} />
      ) : status.data?.enabled ? (
        <>
          <Text size="sm">{t('access.twoFactorSignInText')}</Text>
          <Button onClick={() => void signInAgain()} data-testid="admin-two-factor-sign-in">
            {t('access.twoFactorSignIn')}
          </Button>
        </>
      ) : (
        <>
          <Text size="sm">{t('access.twoFactorSetupText')}</Text>
          <Button component="a" href={`/security?next=${hereNext()}`} data-testid="admin-two-factor-setup">
            {t('access.twoFactorSetup')}
          </Button>
        </>
      )}
      <Button component="a" href="/" variant="default">
        {t('nav.portal')}
      </Button>
    </AccessPanel>
  );
}

/** The sections' routes (the declarative router's useRoutes, as the customer app's); any other path: the overview. */
function AdminRoutes({ me }: { me: StaffMe }) {
  return useRoutes([
    ...ADMIN_SECTIONS.map((section) => ({
      path: section.path,
      element: <SectionRoute section={section} me={me} />,
    })),
    ...SUBPAGES.map((sub) => ({
      path: sub.path,
      element: (
        <SectionRoute
          section={ADMIN_SECTIONS.find((s) => s.key === sub.section)!}
          me={me}
          page={sub.page}
          ownTitle={sub.ownTitle}
        />
      ),
    })),
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
