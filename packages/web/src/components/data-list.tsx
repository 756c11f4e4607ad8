import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { usePhone } from '../lib/use-phone';
import { TableScroll } from './table-scroll';

/**
 * Where a column goes on a phone card: `title` and `aside` form the card's head (left, right), `field` is a labelled
 * fact in the card's grid (the default), `wide` a labelled fact on a line of its own, `actions` the card's foot (no
 * label), `hide` not on the card.
 */
export type CardSlot = 'title' | 'aside' | 'field' | 'wide' | 'actions' | 'hide';

export interface DataColumn<T> {
  key: string;
  /** The column header on wide screens and the fact's label on a card. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Keeps the cell on one line in the table (dates, amounts). */
  nowrap?: boolean;
  card?: CardSlot;
}

/** Data attributes a row carries in both layouts (`data-testid`, `data-status`, ...). */
export type RowAttributes = Record<`data-${string}`, string | undefined>;

export interface DataListProps<T> {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  rowAttributes: (row: T) => RowAttributes;
  /** The row (or card) opens something when clicked; rows without it are not clickable. */
  onRowClick?: (row: T) => (() => void) | undefined;
  /** The id of the list's visible title, or a label when it has none. */
  labelledBy?: string;
  label: string;
  /** Below this width the table scrolls sideways (tablets); phones get cards. */
  minWidth: number;
}

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * One list, two layouts: a table on wide screens and a card per row on phones (below the console's breakpoint), so
 * nothing is cut off at 390 px. Each card shows the same facts, labelled with the column headers.
 */
export function DataList<T>(props: DataListProps<T>) {
  const phone = usePhone();
  return phone ? <DataCards {...props} /> : <DataTable {...props} />;
}

function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  onRowClick,
  labelledBy,
  label,
  minWidth,
}: DataListProps<T>) {
  return (
    <TableScroll minWidth={minWidth} label={label}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} style={column.nowrap ? NOWRAP : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const open = onRowClick?.(row);
            return (
              <Table.Tr
                key={rowKey(row)}
                {...rowAttributes(row)}
                onClick={open}
                style={open ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} style={column.nowrap ? NOWRAP : undefined}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function DataCards<T>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  onRowClick,
  labelledBy,
  label,
}: DataListProps<T>) {
  const slot = (name: CardSlot) => columns.filter((column) => (column.card ?? 'field') === name);
  const [titles, asides, fields, wides, actions] = (
    ['title', 'aside', 'field', 'wide', 'actions'] as const
  ).map(slot) as DataColumn<T>[][];
  return (
    <Stack
      gap="sm"
      role="list"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-layout="cards"
    >
      {rows.map((row) => {
        const open = onRowClick?.(row);
        return (
          <Card
            key={rowKey(row)}
            withBorder
            radius="md"
            padding="sm"
            role="listitem"
            {...rowAttributes(row)}
            onClick={open}
            style={open ? { cursor: 'pointer' } : undefined}
          >
            <Stack gap="xs">
              {(titles!.length > 0 || asides!.length > 0) && (
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    {titles!.map((column) => (
                      <Text
                        key={column.key}
                        component="div"
                        size="sm"
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {column.cell(row)}
                      </Text>
                    ))}
                  </Stack>
                  <Group gap={6} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
                    {asides!.map((column) => (
                      <div key={column.key}>{column.cell(row)}</div>
                    ))}
                  </Group>
                </Group>
              )}
              {fields!.length > 0 && (
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  {fields!.map((column) => (
                    <Fact key={column.key} label={column.header}>
                      {column.cell(row)}
                    </Fact>
                  ))}
                </SimpleGrid>
              )}
              {wides!.map((column) => (
                <Fact key={column.key} label={column.header}>
                  {column.cell(row)}
                </Fact>
              ))}
              {actions!.map((column) => (
                <div key={column.key}>{column.cell(row)}</div>
              ))}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
