import { ActionIcon, Autocomplete, Burger, Group, Kbd, Text, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCreditCard, IconPackage, IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { AnnouncementBell } from '../../../features/announcements';
import { currentLocale } from '../../../i18n/i18n';
import { CONSOLE_PAGES, consolePageForPath } from '../../console-pages';
import { formatToday } from './date-text';

interface TopBarProps {
  mobile: boolean;
  navOpened: boolean;
  onBurger: () => void;
}

function PageSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const options = useMemo(
    () => CONSOLE_PAGES.map((page) => ({ value: page.path, label: t(`nav.${page.key}`) })),
    [t],
  );
  useHotkeys([['mod+K', () => ref.current?.focus()]]);

  return (
    <Autocomplete
      ref={ref}
      aria-label={t('console.searchLabel')}
      placeholder={t('console.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={<Kbd size="xs">{t('console.searchShortcut')}</Kbd>}
      rightSectionWidth={72}
      rightSectionPointerEvents="none"
      data={options}
      value={value}
      onChange={setValue}
      limit={8}
      w={{ base: 160, sm: 240 }}
      visibleFrom="sm"
      data-testid="topbar-search"
      onOptionSubmit={(path) => {
        setValue('');
        ref.current?.blur();
        void navigate(path);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setValue('');
          event.currentTarget.blur();
        }
      }}
    />
  );
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
          <Title order={1} size="h4" data-testid="page-title" lineClamp={1}>
            {title}
          </Title>
          <Text size="xs" c="dimmed" visibleFrom="xs" data-testid="today">
            {today}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PageSearch />
        <Tooltip label={t('console.quickRecharge')}>
          <ActionIcon
            component={Link}
            to="/recharge"
            variant="default"
            size="lg"
            aria-label={t('console.quickRecharge')}
            data-testid="quick-recharge"
          >
            <IconCreditCard size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('console.quickSubscribe')}>
          <ActionIcon
            component={Link}
            to="/subscription"
            variant="default"
            size="lg"
            aria-label={t('console.quickSubscribe')}
            data-testid="quick-subscription"
          >
            <IconPackage size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <ThemeToggle />
        <LanguageSwitcher />
        <AnnouncementBell />
      </Group>
    </Group>
  );
}
