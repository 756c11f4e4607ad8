import { ActionIcon, Anchor, Burger, Button, Group } from '@mantine/core';
import { IconCreditCard, IconDots, IconPackage } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/use-translation';
import type { CSSProperties } from 'react';
import { Link } from '../../../lib/router';
import { Brand } from '../../../components/brand';
import { FrameHint } from '../../../components/frame-hint';
import { FrameMenu } from '../../../components/frame-menu';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { AnnouncementBell } from '../../../features/announcements';
import { SearchLauncher } from '../../../features/search';
import { CONSOLE_PAGES } from '../../console-pages';
import classes from './top-bar.module.css';

/** The top bar's shortcuts: labelled buttons on desktop, icons on tablets, a "more" menu on phones. */
const SHORTCUTS = [
  {
    to: '/recharge',
    label: 'console.quickRecharge',
    Icon: IconCreditCard,
    testId: 'top-bar-recharge',
    menuTestId: 'top-bar-more-recharge',
  },
  {
    to: '/subscription',
    label: 'console.quickSubscribe',
    Icon: IconPackage,
    testId: 'top-bar-subscribe',
    menuTestId: 'top-bar-more-subscription',
  },
] as const;

interface TopBarProps {
  mobile: boolean;
  navOpened: boolean;
  onBurger: () => void;
  /** The sidebar's width on wider screens: the brand's cell above it is as wide. */
  brandWidth: number;
  /** The sidebar is collapsed: the brand shows its mark only. */
  compactBrand: boolean;
}

/**
 * The console's top bar: the brand (with the menu button on phones) in the cell above the sidebar, then search and
 * the labelled shortcuts, the theme and language switches and the announcements bell. The page's title is not here:
 * it heads the content (PageHeader).
 */
export function TopBar({ mobile, navOpened, onBurger, brandWidth, compactBrand }: TopBarProps) {
  const { t } = useTranslation();

  return (
    <Group h="100%" gap={0} wrap="nowrap">
      <div className={classes.brandCell} style={{ '--brand-cell-width': `${brandWidth}px` } as CSSProperties}>
        {mobile && (
          <Burger
            opened={navOpened}
            onClick={onBurger}
            size="sm"
            aria-label={navOpened ? t('console.closeNavigation') : t('console.openNavigation')}
            data-testid="sidebar-burger"
          />
        )}
        {/* The name starts with the visible text (the brand), as speech input users say it (WCAG 2.5.3). */}
        <Anchor
          component={Link}
          to="/"
          underline="never"
          c="inherit"
          aria-label={`${t('common.appName')} · ${t('nav.dashboard')}`}
          data-testid="top-bar-brand"
        >
          <Brand compact={compactBrand} textFrom={mobile ? 'xs' : undefined} />
        </Anchor>
      </div>
      {/* Tighter on phones, where the buttons share the bar with the brand. */}
      <Group className={classes.bar} justify="space-between" gap={mobile ? 4 : 'xs'} wrap="nowrap">
        <SearchLauncher pages={CONSOLE_PAGES} />
        <Group gap={mobile ? 4 : 'xs'} wrap="nowrap" ml="auto">
          <div className={classes.labelled}>
            {SHORTCUTS.map(({ to, label, Icon, testId }) => (
              <Button
                key={to}
                component={Link}
                to={to}
                variant="default"
                leftSection={<Icon size={18} aria-hidden />}
                data-testid={testId}
              >
                {t(label)}
              </Button>
            ))}
          </div>
          <div className={classes.iconOnly}>
            {SHORTCUTS.map(({ to, label, Icon }) => (
              <FrameHint key={to} label={t(label)} position="bottom-end">
                <ActionIcon component={Link} to={to} variant="default" size="lg" aria-label={t(label)}>
                  <Icon size={18} aria-hidden />
                </ActionIcon>
              </FrameHint>
            ))}
          </div>
          <div className={classes.shortcutsMenu}>
            <FrameMenu
              position="bottom-end"
              target={
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('console.moreActions')}
                  title={t('console.moreActions')}
                  data-testid="top-bar-more"
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              }
              items={SHORTCUTS.map(({ to, label, Icon, menuTestId }) => ({
                key: to,
                to,
                label: t(label),
                icon: <Icon size={16} aria-hidden />,
                testId: menuTestId,
              }))}
            />
          </div>
          <ThemeToggle />
          <LanguageSwitcher />
          <AnnouncementBell />
        </Group>
      </Group>
    </Group>
  );
}
