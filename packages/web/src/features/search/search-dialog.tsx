import {
  Box,
  Button,
  CloseButton,
  Group,
  Highlight,
  Kbd,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { usePhone } from '../../lib/use-phone';
import { IconCornerDownLeft, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { SEARCH } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { useServerSearch } from './api';
import classes from './search.module.css';
import { localGroups, serverGroups, suggestionGroups } from './search-options';
import type { SearchGroupView, SearchOption } from './search-options';
import type { SearchPage } from './types';

interface SearchDialogProps {
  opened: boolean;
  onClose: () => void;
  pages: readonly SearchPage[];
  /** Changes each time Ctrl/Cmd+K is pressed: the box takes the cursor again. */
  focusSignal: number;
}

/** Index of the next option when moving by `step` (wraps around; -1 when there is none). */
export function moveIndex(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * The search dialog (a lazy chunk): a combobox box over a listbox of grouped options. Pages and quick actions match
 * at once; the user's records and help documents come from the server once typing pauses. Arrow keys move, Enter
 * opens, Escape closes.
 */
export default function SearchDialog({ opened, onClose, pages, focusSignal }: SearchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhone();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const baseId = useId().replace(/:/g, '');
  const listId = `${baseId}-list`;
  const q = text.trim();
  const server = useServerSearch(text);
  const locale = currentLocale();

  // `locale` changes with the language, so the memo follows it.
  const groups: SearchGroupView[] = useMemo(() => {
    if (q === '') return suggestionGroups(pages, t);
    const found = localGroups(pages, q, t);
    return server.results ? [...found, ...serverGroups(server.results, locale, t)] : found;
  }, [pages, q, server.results, locale, t]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const activeIndex = Math.max(
    0,
    options.findIndex((o) => o.id === activeId),
  );
  const active: SearchOption | undefined = options[activeIndex];
  const optionId = (o: SearchOption) => `${baseId}-${o.id}`;

  // The box mounts with the dialog and takes the cursor; Ctrl/Cmd+K while open puts it back and selects the text.
  const attachInput = useCallback((input: HTMLInputElement | null) => {
    inputRef.current = input;
    input?.focus();
  }, []);
  useEffect(() => {
    if (!opened) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [opened, focusSignal]);

  useEffect(() => {
    if (!active) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active?.id]);

  const close = () => {
    onClose();
    setText('');
    setActiveId(null);
  };

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    close();
    void navigate(option.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = moveIndex(activeIndex, event.key === 'ArrowDown' ? 1 : -1, options.length);
      setActiveId(options[next]?.id ?? null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(active);
    }
  };

  const noResults = q !== '' && options.length === 0 && !server.loading && !server.failed;
  const status = server.loading
    ? t('search.searching')
    : noResults
      ? t('search.noResults', { q })
      : t('search.resultCount', { count: options.length });

  const list = (
    <div
      id={listId}
      role="listbox"
      aria-label={t('search.results')}
      aria-busy={server.loading}
      data-testid="search-results"
    >
      {groups.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${baseId}-g-${group.id}`} data-group={group.id}>
          <div id={`${baseId}-g-${group.id}`} className={classes.groupLabel} role="presentation">
            {group.label}
          </div>
          {group.options.map((option) => {
            const selected = option.id === active?.id;
            const OptionIcon = option.icon;
            return (
              <div
                key={option.id}
                id={optionId(option)}
                role="option"
                aria-selected={selected}
                data-active={selected || undefined}
                data-path={option.path}
                data-testid="search-option"
                className={classes.option}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => !selected && setActiveId(option.id)}
                onClick={() => choose(option)}
              >
                <ThemeIcon variant="light" color={option.color} size="md" radius="md" aria-hidden>
                  <OptionIcon size={16} />
                </ThemeIcon>
                <div className={classes.optionBody}>
                  {option.highlight ? (
                    <Highlight highlight={q} size="sm" fw={500} truncate>
                      {option.label}
                    </Highlight>
                  ) : (
                    <Text size="sm" fw={500} truncate>
                      {option.label}
                    </Text>
                  )}
                  {option.description && (
                    <Text size="xs" c="dimmed" truncate>
                      {option.description}
                    </Text>
                  )}
                </div>
                {option.badge}
                <IconCornerDownLeft size={14} className={classes.enter} aria-hidden />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );

  return (
    <Modal.Root
      opened={opened}
      onClose={close}
      size={640}
      fullScreen={phone}
      yOffset="10vh"
      closeOnEscape={false}
      transitionProps={{ duration: phone ? 0 : 150 }}
    >
      <Modal.Overlay />
      <Modal.Content aria-label={t('search.dialog')} data-testid="search-dialog">
        <Stack
          gap={0}
          h={phone ? '100%' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
              event.stopPropagation();
              close();
            }
          }}
        >
          <Group gap="xs" p="sm" wrap="nowrap">
            <TextInput
              ref={attachInput}
              data-autofocus
              flex={1}
              size="md"
              variant="unstyled"
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setActiveId(null);
              }}
              onKeyDown={onKeyDown}
              maxLength={SEARCH.queryMax}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={18} aria-hidden />}
              role="combobox"
              aria-label={t('search.input')}
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active ? optionId(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              data-testid="topbar-search"
            />
            <CloseButton
              onClick={close}
              aria-label={t('search.close')}
              size="lg"
              data-testid="search-close"
            />
          </Group>
          <Box px="xs" pb="xs" className={phone ? classes.listFull : classes.list}>
            {list}
            {server.loading && (
              <Group gap="xs" px="sm" py="xs" c="dimmed" aria-hidden data-testid="search-loading">
                <Loader size={14} />
                <Text size="sm">{t('search.searching')}</Text>
              </Group>
            )}
            {server.failed && (
              <Group
                gap="sm"
                px="sm"
                py="xs"
                justify="space-between"
                wrap="nowrap"
                data-testid="search-failed"
              >
                <Text size="sm" c="red">
                  {t('search.failed')}
                </Text>
                <Button size="xs" variant="light" onClick={server.retry}>
                  {t('search.retry')}
                </Button>
              </Group>
            )}
            {noResults && (
              <Stack gap={4} px="sm" py="lg" align="center" ta="center" data-testid="search-empty">
                <Text fw={500}>{t('search.noResults', { q })}</Text>
                <Text size="sm" c="dimmed" maw={440}>
                  {t('search.noResultsHint')}
                </Text>
              </Stack>
            )}
          </Box>
          <Group gap="md" className={classes.footer} visibleFrom="sm" aria-hidden>
            <Group gap={4}>
              <Kbd size="xs">↑</Kbd>
              <Kbd size="xs">↓</Kbd>
              <Text size="xs" c="dimmed">
                {t('search.hintMove')}
              </Text>
            </Group>
            <Group gap={4}>
              <Kbd size="xs">Enter</Kbd>
              <Text size="xs" c="dimmed">
                {t('search.hintOpen')}
              </Text>
            </Group>
            <Group gap={4}>
              <Kbd size="xs">Esc</Kbd>
              <Text size="xs" c="dimmed">
                {t('search.hintClose')}
              </Text>
            </Group>
          </Group>
          <VisuallyHidden role="status" aria-live="polite">
            {q === '' ? '' : status}
          </VisuallyHidden>
        </Stack>
      </Modal.Content>
    </Modal.Root>
  );
}
