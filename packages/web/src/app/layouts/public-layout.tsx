import { Anchor, Box, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from '../../lib/router';
import { Brand } from '../../components/brand';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PageLoader } from '../../components/page-loader';
import { ThemeToggle } from '../../components/theme-toggle';
import { useDismissConsoleFrame } from '../console-frame';
import { useHydratedSignal } from '../hydrated-signal';
import { useRouteTitle } from '../route-title';
import { useTranslation } from '../../i18n/use-translation';

/** Public routes (auth callback, email verification, password reset, legal texts, /login). */
export default function PublicLayout() {
  const { t } = useTranslation();
  useHydratedSignal();
  useDismissConsoleFrame();
  useRouteTitle(false);
  return (
    <Box mih="100vh">
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            {/* The name starts with the visible text (the brand), as speech input users say it (WCAG 2.5.3). */}
            <Anchor
              component={Link}
              to="/"
              underline="never"
              c="inherit"
              aria-label={`${t('common.appName')} · ${t('common.backHome')}`}
            >
              <Brand />
            </Anchor>
            <Group gap="xs">
              <ThemeToggle />
              <LanguageSwitcher />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main" size="md" py="xl">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
