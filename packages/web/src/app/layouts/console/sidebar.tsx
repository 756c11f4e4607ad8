import {
  ActionIcon,
  Button,
  Avatar,
  Box,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronRight,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { APP_VERSION, LAYOUT } from '@portal/contract';
import { AFTER_LOGOUT_MS, logout } from '../../../features/auth';
import { notify } from '../../../lib/notify';
import { FrameHint } from '../../../components/frame-hint';
import { FrameMenu } from '../../../components/frame-menu';
import type { NavEntry } from './nav-items';
import { isActivePath, NAV_ENTRIES } from './nav-items';
import { useBalanceText, useCurrentUser } from './use-console-data';
import { sidebarName } from './user-name';

interface SidebarProps {
  collapsed: boolean;
  /** Shown on desktop only: the button that collapses or expands the sidebar. */
  onToggleCollapsed?: () => void;
  /** Called after a link is followed (closes the mobile overlay). */
  onNavigate?: () => void;
}

function CollapsedEntry({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(`nav.${entry.key}`);
  if (entry.path) {
    const active = isActivePath(pathname, entry.path);
    return (
      <FrameHint label={label} position="right">
        <ActionIcon
          component={Link}
          to={entry.path}
          size={44}
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          {entry.icon}
        </ActionIcon>
      </FrameHint>
    );
  }
  const children = entry.children ?? [];
  const active = children.some((child) => isActivePath(pathname, child.path));
  return (
    <FrameMenu
      position="right-start"
      hoverCloseDelayMs={LAYOUT.hoverMenuCloseDelayMs}
      label={label}
      target={
        <ActionIcon
          size={44}
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          aria-label={label}
        >
          {entry.icon}
        </ActionIcon>
      }
      items={children.map((child) => ({
        key: child.key,
        to: child.path,
        label: t(`nav.${child.key}`),
        onSelect: onNavigate,
        current: isActivePath(pathname, child.path) ? 'page' : undefined,
      }))}
    />
  );
}

function ExpandedEntry({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(() =>
    (entry.children ?? []).some((child) => isActivePath(pathname, child.path)),
  );
  if (entry.path) {
    const active = isActivePath(pathname, entry.path);
    return (
      <NavLink
        component={Link}
        to={entry.path}
        label={t(`nav.${entry.key}`)}
        leftSection={entry.icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  }
  const children = entry.children ?? [];
  // A button (Mantine's default is a link without href, which the Tab key skips) that says whether it is open.
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      opened={opened}
      onChange={setOpened}
      label={t(`nav.${entry.key}`)}
      leftSection={entry.icon}
      childrenOffset={28}
      rightSection={<IconChevronRight size={14} aria-hidden className="mantine-rotate-rtl" />}
    >
      {children.map((child) => {
        const childActive = isActivePath(pathname, child.path);
        return (
          <NavLink
            key={child.key}
            component={Link}
            to={child.path}
            label={t(`nav.${child.key}`)}
            active={childActive}
            aria-current={childActive ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </NavLink>
  );
}

export function Sidebar({ collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const balance = useBalanceText();
  const nickname = sidebarName(user.data, t('common.user'));

  const onLogout = async () => {
    await logout();
    notify.success(t('console.loggedOut'));
    setTimeout(() => void navigate('/login'), AFTER_LOGOUT_MS);
  };

  return (
    <Stack h="100%" gap={0} data-collapsed={collapsed || undefined}>
      <ScrollArea style={{ flex: 1 }} px={collapsed ? 0 : 'sm'} pt="xs">
        <Box component="nav" aria-label={t('console.mainNavigation')}>
          {collapsed ? (
            <Stack align="center" gap={6} py="xs">
              {NAV_ENTRIES.map((entry) => (
                <CollapsedEntry key={entry.key} entry={entry} onNavigate={onNavigate} />
              ))}
            </Stack>
          ) : (
            NAV_ENTRIES.map((entry) => (
              <ExpandedEntry key={entry.key} entry={entry} onNavigate={onNavigate} />
            ))
          )}
        </Box>
      </ScrollArea>
      {/* The collapse button closes the navigation, as a labelled row (an icon with a tooltip when collapsed). */}
      {onToggleCollapsed && (
        <Box px={collapsed ? 0 : 'sm'} pb="xs">
          {collapsed ? (
            <Group justify="center">
              <FrameHint label={t('console.expandSidebar')} position="right">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('console.expandSidebar')}
                  onClick={onToggleCollapsed}
                  data-testid="sidebar-expand"
                >
                  <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                </ActionIcon>
              </FrameHint>
            </Group>
          ) : (
            <Button
              variant="subtle"
              color="gray"
              fullWidth
              justify="flex-start"
              leftSection={<IconLayoutSidebarLeftCollapse size={20} aria-hidden />}
              onClick={onToggleCollapsed}
              data-testid="sidebar-collapse"
            >
              {t('console.collapseSidebar')}
            </Button>
          )}
        </Box>
      )}
      <Divider />
      <Stack gap="xs" p="md" align={collapsed ? 'center' : 'stretch'}>
        {collapsed ? (
          <FrameHint label={balance === null ? nickname : `${nickname} · ¥${balance}`} position="right">
            <Avatar
              component={Link}
              to="/finance"
              src={user.data?.avatar ?? null}
              alt={nickname}
              radius="xl"
              onClick={onNavigate}
            >
              {nickname.slice(0, 1).toUpperCase()}
            </Avatar>
          </FrameHint>
        ) : (
          <Group wrap="nowrap" gap="sm">
            <Avatar src={user.data?.avatar ?? null} alt="" radius="xl">
              {nickname.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box style={{ minWidth: 0, flex: 1 }}>
              {user.data ? (
                <Text fw={600} size="sm" truncate data-testid="sidebar-nickname">
                  {nickname}
                </Text>
              ) : (
                <Skeleton height={12} my={4} width="70%" aria-hidden />
              )}
              {balance === null ? (
                <Skeleton height={10} my={4} width="50%" aria-hidden />
              ) : (
                <UnstyledButton
                  component={Link}
                  to="/finance"
                  onClick={onNavigate}
                  aria-label={`${t('console.balance')} ¥${balance}`}
                >
                  <Text size="xs" c="dimmed">
                    {t('console.balance')}{' '}
                    <Text span fw={600} c="var(--mantine-color-text)" data-testid="sidebar-balance">
                      ¥{balance}
                    </Text>
                  </Text>
                </UnstyledButton>
              )}
            </Box>
          </Group>
        )}
        {collapsed ? (
          <FrameHint label={t('console.logout')} position="right">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('console.logout')}
              onClick={() => void onLogout()}
              data-testid="logout-button"
            >
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </FrameHint>
        ) : (
          <UnstyledButton
            onClick={() => void onLogout()}
            data-testid="logout-button"
            aria-label={t('console.logout')}
          >
            <Group gap="xs" c="red">
              <IconLogout size={18} aria-hidden />
              <Text size="sm">{t('console.logout')}</Text>
            </Group>
          </UnstyledButton>
        )}
        <Text size="xs" c="dimmed" ta={collapsed ? 'center' : 'left'} data-testid="app-version">
          v{APP_VERSION}
        </Text>
      </Stack>
    </Stack>
  );
}
