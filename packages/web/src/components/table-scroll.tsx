import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The viewport of a sideways-scrolling area as a named region that takes keyboard focus, so a table wider than a
 * phone can be scrolled with the arrow keys too (WCAG 2.1.1, axe `scrollable-region-focusable`).
 */
export function scrollRegionProps(label: string) {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}

/** A table container that scrolls sideways below `minWidth`, reachable from the keyboard. */
export function TableScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={scrollRegionProps(label)}>
      {children}
    </Table.ScrollContainer>
  );
}
