import { AppShell, Drawer } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Outlet, useLocation } from '../../../lib/router';
import { LAYOUT } from '@portal/contract';
import { PageLoader } from '../../../components/page-loader';
import { SkipLink } from '../../../components/skip-link';
import { usePhone } from '../../../lib/use-phone';
import { AnnouncementPopups } from '../../../features/announcements';
import { VerifyBanner, WelcomeModal, welcomePending } from '../../../features/auth';
import { Brand } from '../../../components/brand';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { shell } from '../../../theme/tokens';
import { PageHeader } from './page-header';
import { useCurrentUser } from './use-console-data';
import { DismissConsoleFrame } from '../../console-frame';
import { PageErrorBoundary } from './page-error-boundary';

/**
 * The signed-in console: the top bar across the top (the brand in its left cell, above the sidebar; 56 px high on
 * phones), the sidebar (280/80, an overlay below 768 px), and the page under its header (breadcrumb and h1).
 */
export default function ConsoleLayout() {
  const { t } = useTranslation();
  const mobile = usePhone();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebar_collapsed', defaultValue: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const desktopCollapsed = !mobile && collapsed;
  const emailVerified = useCurrentUser().data?.email_verified;
  // The welcome modal goes first: popups wait while it may still open (profile loading) or is open.
  const [welcomeWaiting, setWelcomeWaiting] = useState(welcomePending);
  const popupsPaused = welcomeWaiting && emailVerified !== false;
  const navbarWidth = desktopCollapsed ? LAYOUT.sidebarCollapsed : LAYOUT.sidebarExpanded;

  return (
    <AppShell
      header={{ height: { base: shell.headerHeightPhone, sm: shell.headerHeight } }}
      navbar={{
        width: navbarWidth,
        breakpoint: LAYOUT.mobileBreakpointPx,
        collapsed: { mobile: true, desktop: false },
      }}
      padding="md"
      styles={{ main: { background: 'var(--portal-color-page)' } }}
    >
      <SkipLink targetId="main" />
      <AppShell.Header>
        <TopBar
          mobile={mobile}
          navOpened={drawerOpened}
          onBurger={drawer.toggle}
          brandWidth={navbarWidth}
          compactBrand={desktopCollapsed}
        />
      </AppShell.Header>
      {!mobile && (
        <AppShell.Navbar data-testid="sidebar" aria-label={t('console.mainNavigation')}>
          <Sidebar collapsed={desktopCollapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} />
        </AppShell.Navbar>
      )}
      {mobile && (
        <Drawer.Root opened={drawerOpened} onClose={drawer.close} size={LAYOUT.sidebarExpanded}>
          <Drawer.Overlay />
          <Drawer.Content aria-label={t('console.mainNavigation')} data-testid="sidebar">
            {/* The brand where the top bar has it, and a way to close besides Escape and the overlay. */}
            <Drawer.Header
              h={shell.headerHeightPhone}
              mih={shell.headerHeightPhone}
              px="sm"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Brand />
              <Drawer.CloseButton aria-label={t('console.closeNavigation')} data-testid="sidebar-close" />
            </Drawer.Header>
            {/* The rest of the height, not all of it: the user, log out and the version stay on the screen. */}
            <Drawer.Body
              p={0}
              h={`calc(100% - ${shell.headerHeightPhone}px)`}
              style={{ display: 'flex', flexDirection: 'column' }}
            >
              <Sidebar collapsed={false} onNavigate={drawer.close} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      )}
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <VerifyBanner emailVerified={emailVerified} />
        <WelcomeModal emailVerified={emailVerified} onClosed={() => setWelcomeWaiting(false)} />
        <AnnouncementPopups paused={popupsPaused} />
        <PageHeader />
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            {/* Commits with the page, not with a loader in its place. */}
            <DismissConsoleFrame />
          </Suspense>
        </PageErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
