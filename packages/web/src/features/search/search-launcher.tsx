import { ActionIcon, Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import classes from './search.module.css';
import type { SearchPage } from './types';

/**
 * The dialog and its result code are a chunk of their own, fetched on intent (a trigger hovered, focused or touched)
 * or on first use: customers who never search never load it.
 */
const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadDialog);

function isApple(): boolean {
  return (
    typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent)
  );
}

/** Fetches the dialog's chunk ahead of a click: when the pointer or the keyboard reaches a search trigger. */
const preloadDialog = () => void loadDialog().catch(() => undefined);

interface SearchLauncherProps {
  pages: readonly SearchPage[];
}

/**
 * The top bar's search: a box on wider screens, an icon button on phones. Ctrl/Cmd+K opens the search dialog from
 * anywhere (or puts the cursor back in its box when it is open); Escape closes it.
 */
export function SearchLauncher({ pages }: SearchLauncherProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [focusSignal, setFocusSignal] = useState(0);
  const shortcut = isApple() ? t('search.shortcutMac') : t('search.shortcut');

  const open = useCallback(() => {
    setMounted(true);
    setOpened(true);
    setFocusSignal((n) => n + 1);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  // Everywhere, form fields included: the shortcut is the way to the search.
  useHotkeys([['mod+K', open]], []);

  return (
    <>
      <UnstyledButton
        className={classes.trigger}
        onClick={open}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        visibleFrom="sm"
        data-testid="search-open"
      >
        <Group gap="xs" wrap="nowrap">
          <IconSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" className={classes.triggerText}>
            {t('search.trigger')}
          </Text>
          <Kbd size="xs" aria-hidden>
            {shortcut}
          </Kbd>
        </Group>
      </UnstyledButton>
      {/* No tooltip: the dialog opens over it at once. */}
      <ActionIcon
        variant="default"
        size="lg"
        onClick={open}
        onPointerDown={preloadDialog}
        onFocus={preloadDialog}
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        hiddenFrom="sm"
        data-testid="search-open-phone"
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
      {mounted && (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={close} pages={pages} focusSignal={focusSignal} />
        </Suspense>
      )}
    </>
  );
}
