import { Card } from '@mantine/core';
import type { CardProps } from '@mantine/core';
import type { HTMLAttributes, MouseEventHandler, ReactNode } from 'react';
import classes from './row-cards.module.css';

type ListProps = Pick<HTMLAttributes<HTMLDivElement>, 'aria-label' | 'aria-labelledby'> & {
  children: ReactNode;
  [data: `data-${string}`]: string | undefined;
};

/**
 * A list's phone layout: one card per row (`RowCard`). Inside a section card the cards become rows divided by a
 * rule (row-cards.module.css), so a page never shows boxes inside a box.
 */
export function RowCards({ children, ...rest }: ListProps) {
  return (
    <div role="list" className={classes.list} {...rest}>
      {children}
    </div>
  );
}

type RowCardProps = Omit<CardProps, 'withBorder' | 'radius' | 'padding' | 'style'> & {
  onClick?: MouseEventHandler<HTMLDivElement>;
  children: ReactNode;
  [data: `data-${string}`]: string | number | undefined;
};

/** One row of `RowCards`; clickable when it opens the row. */
export function RowCard({ onClick, ...rest }: RowCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      role="listitem"
      className={classes.item}
      onClick={onClick}
      style={onClick ? { cursor: 'pointer' } : undefined}
      {...rest}
    />
  );
}
