import { AppShell, Badge, Burger, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';
import type { StaffMe } from '@portal/contract/admin';
import { LAYOUT } from '@portal/contract';
import { Brand } from '../components/brand';
import { LanguageSwitcher } from '../components/language-switcher';
import { SkipLink } from '../components/skip-link';
import { ThemeToggle } from '../components/theme-toggle';
import { shell } from '../theme/tokens';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * The console's shell, the customer console's design: the brand and the console's name in the top bar's left cell,
 * the sections the role opens in the sidebar (an overlay on phones), the page below.
 */
export function AdminLayout({
  me,
  pathname,
  children,
}: {
  me: StaffMe;
  pathname: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [opened, { toggle, close }] = useDisclosure(false);
  const sections = ADMIN_SECTIONS.filter((section) => me.permissions.includes(section.permission));
  return (
    <AppShell
      header={{ height: { base: shell.headerHeightPhone, sm: shell.headerHeight } }}
      navbar={{
        width: LAYOUT.sidebarExpanded,
        breakpoint: LAYOUT.mobileBreakpointPx,
        collapsed: { mobile: !opened },
      }}
      padding="md"
      styles={{ main: { background: 'var(--portal-color-page)' } }}
    >
      <SkipLink targetId="admin-main" />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.label')} />
            <Brand textFrom="xs" />
            <Badge variant="light" visibleFrom="xs">
              {t('title')}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.label')} data-testid="admin-nav">
        <Stack gap={4} style={{ flex: 1 }}>
          {sections.map(({ key, path, Icon }) => (
            <NavLink
              key={key}
              component={Link}
              to={path}
              label={t(`nav.${key}`)}
              leftSection={<Icon size={18} aria-hidden />}
              active={path === '/' ? pathname === '/' : pathname.startsWith(path)}
              onClick={close}
              data-testid={`admin-nav-${key}`}
            />
          ))}
        </Stack>
        <Stack gap={4}>
          <Text size="xs" c="dimmed" truncate title={me.email}>
            {me.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`roles.${me.role}`)}
          </Text>
          <NavLink
            component="a"
            href="/"
            label={t('nav.portal')}
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
          />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="admin-main" tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
