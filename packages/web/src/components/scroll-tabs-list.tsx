import { ActionIcon, Box, extractStyleProps, Tabs } from '@mantine/core';
import type { TabsListProps } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from '../theme/tabs.module.css';

/** How far the list can scroll each way (a few pixels of rounding count as none). */
function overflowOf(list: HTMLElement): { start: boolean; end: boolean } {
  const max = list.scrollWidth - list.clientWidth;
  return { start: list.scrollLeft > 2, end: max - list.scrollLeft > 2 };
}

/** Scrolls the list sideways (never the page) so that the selected tab is fully in view. */
function revealSelected(list: HTMLElement): void {
  const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!tab) return;
  const margin = 24;
  const left = tab.offsetLeft - list.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left - margin < list.scrollLeft) list.scrollLeft = Math.max(0, left - margin);
  else if (right + margin > list.scrollLeft + list.clientWidth)
    list.scrollLeft = right + margin - list.clientWidth;
}

/** The round button on a faded edge: it pages the strip (out of the tab order and the accessibility tree). */
function Arrow({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const Icon = side === 'start' ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon
      className={classes.arrow}
      data-side={side}
      variant="default"
      radius="xl"
      size="md"
      aria-hidden
      tabIndex={-1}
      onClick={onClick}
      data-testid={`tabs-scroll-${side}`}
    >
      <Icon size={16} />
    </ActionIcon>
  );
}

/** Scrolls the list by most of its width, towards the hidden tabs. */
function page(list: HTMLElement | null, direction: 1 | -1): void {
  list?.scrollBy({ left: direction * Math.round(list.clientWidth * 0.7), behavior: 'smooth' });
}

/**
 * A tab list for narrow screens: the theme keeps it on one line and scrolling sideways. Where more tabs hide, the
 * edge fades (`data-fade-start` / `data-fade-end`, drawn by the theme) and a round arrow button sits on it: the cue
 * that there is more, and a way to it for a mouse (a finger swipes, the keyboard's arrows move between tabs, so
 * the buttons stay out of the tab order and of the accessibility tree). The selected tab is kept scrolled into
 * view, also when the selection comes from the address.
 */
export function ScrollTabsList(props: TabsListProps) {
  const { styleProps, rest } = extractStyleProps(props);
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ start: false, end: false });

  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const update = () =>
      setOverflow((old) => {
        const now = overflowOf(list);
        return old.start === now.start && old.end === now.end ? old : now;
      });
    revealSelected(list);
    update();
    list.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(list);
    // The selected tab changes (a click, the address): bring it into view.
    const selection =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            revealSelected(list);
            update();
          });
    selection?.observe(list, { subtree: true, attributes: true, attributeFilter: ['aria-selected'] });
    return () => {
      list.removeEventListener('scroll', update);
      resize?.disconnect();
      selection?.disconnect();
    };
  }, []);

  return (
    <Box {...styleProps} className={classes.frame}>
      <Tabs.List
        {...rest}
        ref={ref}
        data-fade-start={overflow.start || undefined}
        data-fade-end={overflow.end || undefined}
      />
      {overflow.start && <Arrow side="start" onClick={() => page(ref.current, -1)} />}
      {overflow.end && <Arrow side="end" onClick={() => page(ref.current, 1)} />}
    </Box>
  );
}
