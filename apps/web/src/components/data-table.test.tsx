import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';
import { pageWindow } from './pagination';

type Row = { id: number; name: string };
const rows: Row[] = Array.from({ length: 37 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name },
  { id: 'id', header: 'Number', cell: (r) => r.id },
  { id: 'manage', header: 'Manage', hideLabelWhenStacked: true, cell: () => 'Edit' },
];

describe('pageWindow', () => {
  it('offers at most five page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 8)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 8)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(8, 8)).toEqual([4, 5, 6, 7, 8]);
  });
});

describe('DataTable', () => {
  it('shows a page of rows with a caption, labelled cells and at most five page buttons', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Things"
        pageSize={5}
        empty="None"
      />,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('rowheader', { name: 'Row 1' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '1' })).toHaveAttribute('data-label', 'Number');
    expect(within(table).getAllByRole('cell', { name: 'Edit' })[0]).not.toHaveAttribute(
      'data-label',
    );

    const pages = screen.getByRole('navigation', { name: 'Pages of Things' });
    expect(within(pages).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(5);
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Page 5' }));
    expect(screen.getByRole('rowheader', { name: 'Row 21' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 7' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 1' })).toBeNull();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('rowheader', { name: 'Row 26' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 6' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has no page buttons when one page holds every row', () => {
    render(
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Things"
        pageSize={99}
        empty="None"
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(38);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the empty state instead of an empty table, and a loading state while loading', () => {
    const { rerender } = render(
      <DataTable
        rows={[]}
        columns={columns}
        rowKey={(r: Row) => r.id}
        caption="Things"
        empty="Nothing here yet."
      />,
    );
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    rerender(
      <DataTable
        rows={[]}
        columns={columns}
        rowKey={(r: Row) => r.id}
        caption="Things"
        loading
        loadingLabel="Loading things…"
        empty="Nothing here yet."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading things…');
  });
});
