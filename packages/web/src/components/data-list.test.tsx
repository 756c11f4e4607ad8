import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataList, type DataColumn } from './data-list';
import { asPhone } from '../test/as-phone';

interface Row {
  id: number;
  name: string;
  amount: string;
  status: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'First', amount: '¥3.00', status: 'used' },
  { id: 2, name: 'Second', amount: '¥50.00', status: 'unused' },
];

const COLUMNS: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', card: 'title', cell: (row) => row.name },
  { key: 'amount', header: 'Amount', nowrap: true, cell: (row) => row.amount },
  {
    key: 'status',
    header: 'Status',
    card: 'aside',
    cell: (row) => <span data-testid="badge">{row.status}</span>,
  },
  { key: 'hidden', header: 'Internal', card: 'hide', cell: () => 'not on a card' },
];

function renderList(onOpen = vi.fn()) {
  render(
    <MantineProvider>
      <DataList
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-testid': 'thing-row', 'data-status': row.status })}
        onRowClick={(row) => (row.status === 'unused' ? () => onOpen(row.id) : undefined)}
        label="Things"
        minWidth={600}
      />
    </MantineProvider>,
  );
  return onOpen;
}

afterEach(() => vi.unstubAllGlobals());

describe('DataList', () => {
  it('is a table with a header per column on wide screens', () => {
    const onOpen = renderList();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Amount', 'Status', 'Internal']);
    const rows = screen.getAllByTestId('thing-row');
    expect(rows.map((r) => r.tagName)).toEqual(['TR', 'TR']);
    expect(rows.map((r) => r.dataset.status)).toEqual(['used', 'unused']);
    fireEvent.click(rows[0]!);
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(rows[1]!);
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('on a phone is a list of cards with the same row ids, each fact labelled', () => {
    asPhone();
    const onOpen = renderList();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Things' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toEqual(screen.getAllByTestId('thing-row'));
    expect(cards.map((c) => c.dataset.status)).toEqual(['used', 'unused']);
    expect(cards[0]!.textContent).toContain('First');
    expect(cards[0]!.textContent).toContain('Amount¥3.00');
    expect(within(cards[0]!).getByTestId('badge').textContent).toBe('used');
    expect(cards[0]!.textContent).not.toContain('not on a card');
    fireEvent.click(cards[1]!);
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  describe('facts and actions that do not apply', () => {
    const columns: DataColumn<Row>[] = [
      { key: 'name', header: 'Name', card: 'title', cell: (row) => row.name },
      {
        key: 'network',
        header: 'Network',
        applies: (row) => row.status === 'unused',
        cell: (row) => (row.status === 'unused' ? 'ERC20' : '—'),
      },
      { key: 'actions', header: 'Actions', card: 'actions', cell: () => false },
      { key: 'revoke', header: 'Revoke', card: 'aside', cell: () => null },
      { key: 'open', header: 'Open', card: 'aside', cell: (row) => (row.id === 2 ? 'open' : null) },
    ];
    const renderThese = () =>
      render(
        <MantineProvider>
          <DataList
            rows={ROWS}
            columns={columns}
            rowKey={(row) => row.id}
            rowAttributes={() => ({ 'data-testid': 'thing-row' })}
            label="Things"
            minWidth={600}
          />
        </MantineProvider>,
      );

    it('the table keeps the fact (a dash) and drops an actions column with nothing in any row', () => {
      renderThese();
      const table = screen.getByRole('table', { name: 'Things' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Name', 'Network', 'Open']);
      expect(screen.getAllByTestId('thing-row')[0]!.textContent).toBe('First—');
      expect(screen.getAllByTestId('thing-row')[1]!.textContent).toContain('open');
    });

    it("a row's actions as its last column sit at the row's right end; elsewhere (a selection first) they do not", () => {
      const action: DataColumn<Row> = {
        key: 'act',
        header: 'Act',
        card: 'actions',
        cell: () => <button>Do</button>,
      };
      const renderWith = (list: DataColumn<Row>[], label: string) =>
        render(
          <MantineProvider>
            <DataList
              rows={ROWS}
              columns={list}
              rowKey={(row) => row.id}
              rowAttributes={() => ({})}
              label={label}
              minWidth={600}
            />
          </MantineProvider>,
        );
      renderWith([...COLUMNS, action], 'Last');
      const last = within(screen.getByRole('table', { name: 'Last' }))
        .getAllByRole('columnheader')
        .at(-1)!;
      expect(last.textContent).toBe('Act');
      expect(last.style.textAlign).toBe('right');
      const cell = screen.getAllByRole('button', { name: 'Do' })[0]!.closest('td')!;
      expect(cell.style.textAlign).toBe('right');
      expect((cell.firstElementChild as HTMLElement).style.display).toBe('inline-block');

      renderWith([action, ...COLUMNS], 'First');
      const first = within(screen.getByRole('table', { name: 'First' })).getAllByRole('columnheader')[0]!;
      expect(first.textContent).toBe('Act');
      expect(first.style.textAlign).toBe('');
    });

    it('a card leaves out a fact that does not apply to its row, and has no empty foot', () => {
      asPhone();
      renderThese();
      const [first, second] = screen.getAllByTestId('thing-row');
      expect(first!.textContent).toBe('First');
      expect(second!.textContent).toContain('NetworkERC20');
    });
  });
});
