import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { pageItems } from './pagination';

type Row = { id: number; name: string };
const rows: Row[] = Array.from({ length: 37 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name },
  { id: 'id', header: 'Number', cell: (r) => r.id },
  { id: 'manage', header: 'Manage', hideLabelWhenStacked: true, cell: () => 'Edit' },
];

/** The 37 rows as Things, 5 a page unless `props` say otherwise. */
function renderThings(props: Partial<DataTableProps<Row>> = {}) {
  return render(
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      caption="Things"
      pageSize={5}
      empty="None"
      {...props}
    />,
  );
}

describe('pageItems', () => {
  it('offers every page when they fit, else the first, the last and a window, with gaps', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 'gap', 8]);
    expect(pageItems(5, 8)).toEqual([1, 'gap', 4, 5, 6, 'gap', 8]);
    expect(pageItems(8, 8)).toEqual([1, 'gap', 5, 6, 7, 8]);
    expect(pageItems(3, 100)).toEqual([1, 2, 3, 4, 'gap', 100]);
  });
});

describe('DataTable', () => {
  it('shows a page of rows with a caption, labelled cells and at most five page buttons', async () => {
    const user = userEvent.setup();
    renderThings();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('rowheader', { name: 'Row 1' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '1' })).toHaveAttribute('data-label', 'Number');
    expect(within(table).getAllByRole('cell', { name: 'Edit' })[0]).not.toHaveAttribute(
      'data-label',
    );

    const pages = screen.getByRole('navigation', { name: 'Pages of Things' });
    const pageNames = () =>
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(pageNames()).toEqual(['1', '2', '3', '4', '8']);
    expect(pages).toHaveTextContent('1234…8');
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 4' }));
    expect(screen.getByRole('rowheader', { name: 'Row 16' })).toBeInTheDocument();
    expect(pageNames()).toEqual(['1', '3', '4', '5', '8']);
    expect(pages).toHaveTextContent('1…345…8');

    await user.click(within(pages).getByRole('button', { name: 'Page 8' }));
    expect(screen.getByRole('rowheader', { name: 'Row 36' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('rowheader', { name: 'Row 31' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 7' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('lets a person choose how many rows a page shows, starting from the size given', async () => {
    const user = userEvent.setup();
    renderThings({ pageSizes: [5, 10, 50, 100] });
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(size).toHaveValue('5');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '50', '100']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(size, '10');
    // Back to the first page, ten rows.
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByRole('rowheader', { name: 'Row 1' })).toBeInTheDocument();
    await user.selectOptions(size, '50');
    expect(screen.getAllByRole('rowheader')).toHaveLength(37);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('finds rows by every word typed, from the first page, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderThings({
      search: { label: 'Search things', text: (r) => `${r.name} ${r.id % 2 ? 'odd' : 'even'}` },
    });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    const box = screen.getByRole('searchbox', { name: 'Search things' });
    await user.type(box, 'row 1 EVEN');
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual([
      'Row 10',
      'Row 12',
      'Row 14',
      'Row 16',
      'Row 18',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('5 of 37 match ‘row 1 EVEN’.');
    expect(screen.queryByRole('navigation')).toBeNull();

    await user.clear(box);
    await user.type(box, 'nothing like it');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matches ‘nothing like it’.');
    // The box stays, so the search can be changed.
    expect(box).toHaveValue('nothing like it');
  });

  it('has no page buttons when one page holds every row', () => {
    renderThings({ pageSize: 99 });
    expect(screen.getAllByRole('row')).toHaveLength(38);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the empty state instead of an empty table, and a loading state while loading', () => {
    const { unmount } = renderThings({ rows: [], empty: 'Nothing here yet.' });
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    renderThings({ rows: [], loading: true, loadingLabel: 'Loading things…' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading things…');
  });

  it('puts rows under a heading row per group, each group a row group named by its heading', () => {
    renderThings({ pageSize: 8, groupOf: (r) => (r.id <= 3 ? 'First three' : 'The rest') });
    const table = screen.getByRole('table', { name: 'Things' });
    const groups = within(table).getAllByRole('rowgroup').slice(1);
    expect(groups).toHaveLength(2);
    expect(
      within(groups[0]!)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['First three', 'Row 11Edit', 'Row 22Edit', 'Row 33Edit']);
    expect(within(groups[1]!).getAllByRole('row')).toHaveLength(6);
    expect(within(groups[1]!).getAllByRole('row')[0]).toHaveTextContent(/^The rest$/);
  });

  it('keeps rows as rows when narrow: no stacked labels on the cells', () => {
    const { container } = renderThings({ rowsWhenNarrow: true });
    expect(container.querySelector('.data-table')).toHaveClass('data-table--rows');
    expect(within(screen.getByRole('table')).getAllByRole('cell')[0]).not.toHaveAttribute(
      'data-label',
    );
  });
  describe('below 769 px, a list of rows', () => {
    type Payment = { id: number; what: string; when: string; cents: number; note: string };
    const payments: Payment[] = [
      { id: 1, what: 'Tax Invoice #7', when: '16/11/26', cents: 13494, note: 'Due 30/11/26' },
      { id: 2, what: 'Payment', when: '19/11/26', cents: -13494, note: '' },
    ];
    const paymentColumns: DataTableColumn<Payment>[] = [
      { id: 'id', header: 'Number', rowHeader: true, cell: (p) => `#${p.id}` },
      { id: 'when', header: 'Date', narrow: 'secondary', cell: (p) => p.when },
      { id: 'what', header: 'Description', narrow: 'primary', cell: (p) => p.what },
      {
        id: 'amount',
        header: 'Amount',
        narrow: 'trailing',
        cell: (p) => `${p.cents}c`,
        narrowCell: (p) => (p.cents < 0 ? `+$${-p.cents / 100}` : `$${p.cents / 100}`),
      },
      { id: 'note', header: 'Note', cell: (p) => p.note },
      {
        id: 'pay',
        header: 'Pay',
        hideLabelWhenStacked: true,
        cell: (p) => (p.cents > 0 ? <button type="button">Pay #{p.id}</button> : null),
      },
    ];

    function narrowScreen() {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(max-width: 768px)',
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
    }

    it('names each row by its primary line, a secondary line and a trailing value, the rest a tap away', async () => {
      narrowScreen();
      const user = userEvent.setup();
      render(
        <DataTable
          rows={payments}
          columns={paymentColumns}
          rowKey={(p) => p.id}
          caption="Payments"
          captionHidden
          empty="None"
        />,
      );
      expect(screen.queryByRole('table')).toBeNull();
      const list = screen.getByRole('list', { name: 'Payments' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      // The row is its disclosure's summary: what it says is the toggle's name.
      const invoice = within(items[0]!).getByText('Tax Invoice #7').closest('summary')!;
      expect(invoice).toHaveTextContent('Tax Invoice #7 16/11/26 $134.94');
      expect(invoice.closest('details')).not.toHaveAttribute('open');

      await user.click(invoice);
      expect(invoice.closest('details')).toHaveAttribute('open');
      const more = items[0]!.querySelector('dl')!;
      expect(
        within(more)
          .getAllByRole('term')
          .map((t) => t.textContent),
      ).toEqual(['Number', 'Note']);
      expect(more).toHaveTextContent('Number#1NoteDue 30/11/26');
      expect(within(items[0]!).getByRole('button', { name: 'Pay #1' })).toBeVisible();

      // Nothing to pay and no note: the empty details are left out.
      expect(items[1]).toHaveTextContent('Payment 19/11/26 +$134.94');
      expect(within(items[1]!).queryByText('Note')).toBeNull();
      expect(within(items[1]!).queryByRole('button', { name: /Pay/ })).toBeNull();
    });

    it('is a plain row when every column has a place in it, and shows actions under the row', () => {
      narrowScreen();
      render(
        <DataTable
          rows={payments}
          columns={[
            {
              ...paymentColumns[2]!,
              narrowCell: (p) => <a href={`/payments/${p.id}`}>{p.what}</a>,
            },
            paymentColumns[1]!,
            { ...paymentColumns[0]!, narrow: 'none' },
            { ...paymentColumns[5]!, narrow: 'actions' },
          ]}
          rowKey={(p) => p.id}
          caption="Payments"
          empty="None"
        />,
      );
      const list = screen.getByRole('list', { name: 'Payments' });
      expect(list.querySelector('details')).toBeNull();
      expect(within(list).getByRole('link', { name: 'Tax Invoice #7' })).toHaveAttribute(
        'href',
        '/payments/1',
      );
      expect(within(list).queryByText('#1')).toBeNull();
      expect(within(list).getByRole('button', { name: 'Pay #1' })).toBeVisible();
      // A visible caption stays visible.
      expect(screen.getByText('Payments', { selector: 'p' })).not.toHaveClass('visually-hidden');
    });

    it('puts the row header first when no column is named primary, the rest in the details', () => {
      narrowScreen();
      renderThings();
      const items = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
      expect(items).toHaveLength(5);
      expect(items[0]!.querySelector('summary')).toHaveTextContent(/^Row 1$/);
      expect(items[0]).toHaveTextContent('Number1Edit');
    });

    it('keeps a table kept as rows (rowsWhenNarrow) a table', () => {
      narrowScreen();
      renderThings({ rowsWhenNarrow: true });
      expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Things' })).toBeNull();
    });
  });

  describe('a page button brings the table top into view', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Clicks Page 2 with the table's top at `topPx` and a 64 px sticky header above it. */
    async function pageWithTopAt(topPx: number) {
      const user = userEvent.setup();
      const { container } = renderThings();
      const table = container.querySelector<HTMLElement>('.data-table')!;
      table.style.scrollMarginTop = '64px';
      vi.spyOn(table, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, topPx, 360, 900));
      const scrolled = vi.fn();
      table.scrollIntoView = scrolled;
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
      return scrolled;
    }

    it('when the top is above the screen', async () => {
      expect(await pageWithTopAt(-400)).toHaveBeenCalledWith({ block: 'start' });
    });

    it('when the top is on screen but under the sticky header', async () => {
      expect(await pageWithTopAt(14.5)).toHaveBeenCalledWith({ block: 'start' });
    });

    it('not when the top is already in view below the header', async () => {
      expect(await pageWithTopAt(120)).not.toHaveBeenCalled();
    });
  });
});
