import { ActionIcon, Burger, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import { IconCreditCard, IconDots, IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { AnnouncementBell } from '../../../features/announcements';
import { SearchLauncher } from '../../../features/search';
import { currentLocale } from '../../../i18n/i18n';
import { CONSOLE_PAGES, consolePageForPath } from '../../console-pages';
import { formatToday } from './date-text';
import classes from './top-bar.module.css';

/** The top bar's shortcuts: buttons on wider screens, a "more" menu on phones. */
const SHORTCUTS = [
  {
    to: '/recharge',
    label: 'console.quickRecharge',
    Icon: IconCreditCard,
    testId: 'quick-recharge',
    menuTestId: 'top-bar-more-recharge',
  },
  {
    to: '/subscription',
    label: 'console.quickSubscribe',
    Icon: IconPackage,
    testId: 'quick-subscription',
    menuTestId: 'top-bar-more-subscription',
  },
] as const;

interface TopBarProps {
  mobile: boolean;
  navOpened: boolean;
  onBurger: () => void;
}

export function TopBar({ mobile, navOpened, onBurger }: TopBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = consolePageForPath(pathname);
  const title = page ? t(`nav.${page.key}`) : t('console.notFoundTitle');
  const today = formatToday(new Date(), currentLocale());

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {mobile && (
          <Burger
            opened={navOpened}
            onClick={onBurger}
            size="sm"
            aria-label={navOpened ? t('console.closeNavigation') : t('console.openNavigation')}
            data-testid="sidebar-burger"
          />
        )}
        <div style={{ minWidth: 0 }}>
          {/* On phones a smaller title may take two lines rather than be cut to a few letters. */}
          <Title
            order={1}
            size={mobile ? 'h5' : 'h4'}
            data-testid="page-title"
            lineClamp={mobile ? 2 : 1}
            style={{ overflowWrap: 'break-word' }}
          >
            {title}
          </Title>
          <Text size="xs" c="dimmed" visibleFrom="xs" data-testid="today">
            {today}
          </Text>
        </div>
      </Group>
      {/* Tighter on phones, where the buttons share the bar with the page title. */}
      <Group gap={mobile ? 4 : 'xs'} wrap="nowrap">
        <SearchLauncher pages={CONSOLE_PAGES} />
        <div className={classes.shortcuts}>
          {SHORTCUTS.map(({ to, label, Icon, testId }) => (
            <Tooltip key={to} label={t(label)}>
              <ActionIcon
                component={Link}
                to={to}
                variant="default"
                size="lg"
                aria-label={t(label)}
                data-testid={testId}
              >
                <Icon size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ))}
        </div>
        <div className={classes.shortcutsMenu}>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('console.moreActions')}
                title={t('console.moreActions')}
                data-testid="top-bar-more"
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {SHORTCUTS.map(({ to, label, Icon, menuTestId }) => (
                <Menu.Item
                  key={to}
                  component={Link}
                  to={to}
                  leftSection={<Icon size={16} aria-hidden />}
                  data-testid={menuTestId}
                >
                  {t(label)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </div>
        <ThemeToggle />
        <LanguageSwitcher />
        <AnnouncementBell />
      </Group>
    </Group>
  );
}
