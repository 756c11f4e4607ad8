import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './action-row.module.css';

/** The buttons at the foot of a card: in a row, wrapping; on phones they share the width (no lone stranded button). */
export function ActionRow({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="wrap" className={classes.row}>
      {children}
    </Group>
  );
}
