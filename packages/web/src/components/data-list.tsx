import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ActionRow } from './action-row';
import { Fragment } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { Locale } from '@portal/contract';
import { formatDateTime } from '../lib/format-date';
import { usePhone } from '../lib/use-phone';
import { RowCard, RowCards } from './row-cards';
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
  /** Keeps the cell on one line, in the table and on a card (dates, amounts). */
  nowrap?: boolean;
  /**
   * A one-line value that may be longer than a card's half width (an email address): on a card it ends with "…"
   * and shows in full as its title, instead of breaking mid-word.
   */
  truncate?: boolean;
  /** The value on a card when it differs from the table's (a shorter date that fits half a card). */
  cardCell?: (row: T) => ReactNode;
  card?: CardSlot;
  /**
   * Whether the fact applies to a row (a USDT network on a code top-up does not): the table shows its cell (a
   * dash), the row's card leaves the fact out instead of listing an empty label.
   */
  applies?: (row: T) => boolean;
}

/** Nothing to draw: what a cell returns for "no action in this row" (`cond && <Button/>`). */
function isNothing(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || node === '';
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
/** A row's actions, as its last column, close the row at the table's right end. */
const ACTIONS: CSSProperties = { whiteSpace: 'nowrap', textAlign: 'right' };

/** The key of the column that ends every row with its actions, if the last column is one. */
function actionsAtEnd<T>(columns: readonly DataColumn<T>[]): string | null {
  const last = columns.at(-1);
  return last?.card === 'actions' ? last.key : null;
}

function cellStyle<T>(column: DataColumn<T>, endOfRow: boolean): CSSProperties | undefined {
  if (endOfRow) return ACTIONS;
  return column.nowrap ? NOWRAP : undefined;
}

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
  rowKey,
  rowAttributes,
  onRowClick,
  labelledBy,
  label,
  minWidth,
  columns: allColumns,
}: DataListProps<T>) {
  // An actions column (a card's foot or aside) with nothing in any row is not drawn: an empty "Actions" header over
  // blank cells, as the sessions list had with only the current session.
  const columns = allColumns.filter(
    (column) =>
      (column.card !== 'actions' && column.card !== 'aside') ||
      rows.some((row) => !isNothing(column.cell(row))),
  );
  const endKey = actionsAtEnd(columns);
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
              <Table.Th key={column.key} style={cellStyle(column, column.key === endKey)}>
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
                  <Table.Td key={column.key} style={cellStyle(column, column.key === endKey)}>
                    {column.key === endKey ? (
                      // Shrunk to its buttons, so the cell's alignment moves them.
                      <div style={{ display: 'inline-block' }}>{column.cell(row)}</div>
                    ) : (
                      column.cell(row)
                    )}
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

function applies<T>(column: DataColumn<T>, row: T): boolean {
  return column.applies?.(row) ?? true;
}

/**
 * When a row happened, as a list's first column: the date and time on one line; on a phone card it sits at the head's
 * right, small and quiet, so the card's title (an order number, a kind) keeps the room it needs.
 */
export function timeColumn<T>(header: ReactNode, at: (row: T) => string, locale: Locale): DataColumn<T> {
  return {
    key: 'time',
    header,
    cell: (row) => formatDateTime(at(row), locale),
    cardCell: (row) => (
      <Text component="span" size="xs" c="dimmed" style={NOWRAP}>
        {formatDateTime(at(row), locale)}
      </Text>
    ),
    nowrap: true,
    card: 'aside',
  };
}

/**
 * A labelled value of a card. Long values wrap between words (break-word); only a single word longer than the whole
 * line breaks inside. `nowrap` keeps a value (a date and its time) on one line; `truncate` ends a one-line value with
 * "…" and shows it in full as its title.
 */
function Fact({
  label,
  nowrap,
  truncate,
  children,
}: {
  label: ReactNode;
  nowrap?: boolean;
  truncate?: boolean;
  children: ReactNode;
}) {
  const title =
    truncate && (typeof children === 'string' || typeof children === 'number') ? String(children) : undefined;
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        component="div"
        size="sm"
        title={title}
        truncate={truncate ? 'end' : undefined}
        style={nowrap ? NOWRAP : { overflowWrap: 'break-word' }}
      >
        {children}
      </Text>
    </Stack>
  );
}

function cardValue<T>(column: DataColumn<T>, row: T): ReactNode {
  return (column.cardCell ?? column.cell)(row);
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
    <RowCards aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label} data-layout="cards">
      {rows.map((row) => {
        const open = onRowClick?.(row);
        const shownFields = fields!.filter((column) => applies(column, row));
        const fact = (column: DataColumn<T>) => (
          <Fact key={column.key} label={column.header} nowrap={column.nowrap} truncate={column.truncate}>
            {cardValue(column, row)}
          </Fact>
        );
        return (
          <RowCard key={rowKey(row)} {...rowAttributes(row)} onClick={open}>
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
                        {cardValue(column, row)}
                      </Text>
                    ))}
                  </Stack>
                  <Group gap={6} wrap="wrap" justify="flex-end" style={{ flexShrink: 0 }}>
                    {asides!.map((column) => (
                      <div key={column.key}>{cardValue(column, row)}</div>
                    ))}
                  </Group>
                </Group>
              )}
              {shownFields.length > 0 && (
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  {shownFields.map(fact)}
                </SimpleGrid>
              )}
              {wides!.filter((column) => applies(column, row)).map(fact)}
              {actions!.some((column) => !isNothing(column.cell(row))) && (
                <ActionRow>
                  {actions!.map((column) => (
                    <Fragment key={column.key}>{column.cell(row)}</Fragment>
                  ))}
                </ActionRow>
              )}
            </Stack>
          </RowCard>
        );
      })}
    </RowCards>
  );
}
