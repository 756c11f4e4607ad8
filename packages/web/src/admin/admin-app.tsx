import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { ERRORS } from '@portal/contract';
import type { StaffMe } from '@portal/contract';
import { isApiError } from '../lib/api-error';
import { useIsSignedIn } from '../lib/auth-state';
import { useStaffMe } from './api';
import { ADMIN_SECTIONS } from './admin-sections';
import type { AdminSection } from './admin-sections';
import { AdminLayout } from './admin-layout';
import { AuditPage } from './pages/audit-page';
import { OverviewPage } from './pages/overview-page';
import { StaffPage } from './pages/staff-page';

const PAGES: Record<AdminSection['key'], (props: { me: StaffMe }) => ReactNode> = {
  overview: OverviewPage,
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

/** The tab's title: the page's name and the console's. */
function useAdminTitle(page: string) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = t('pageTitle', { page });
  }, [page, t]);
}

function SectionRoute({ section, me }: { section: AdminSection; me: StaffMe }) {
  const { t } = useTranslation('admin');
  const Page = PAGES[section.key];
  useAdminTitle(t(`nav.${section.key}`));
  if (!me.permissions.includes(section.permission))
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

/** The sections' routes (the declarative router's useRoutes, as the customer app's); any other path: the overview. */
function AdminRoutes({ me }: { me: StaffMe }) {
  return useRoutes([
    ...ADMIN_SECTIONS.map((section) => ({
      path: section.path,
      element: <SectionRoute section={section} me={me} />,
    })),
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
