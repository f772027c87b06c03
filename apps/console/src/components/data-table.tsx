import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * The console's one table (TanStack Table): sortable columns, a row per object, and the keyboard
 * of a list: arrow keys move between rows, Home and End jump, Enter opens the row. Rows come
 * from the server a page at a time (the admin API pages and limits them); a list longer than a
 * page has a pager that asks the server for the next one. Sorting sorts the page shown.
 */
export function DataTable<T>({
  label,
  columns,
  data,
  onOpen,
  rowLabel,
  empty,
  initialSorting = [],
  pager,
  filterLabel,
}: {
  /** What the table lists, for screen readers (its caption). */
  label: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** Opens a row (Enter or a click); rows are not focusable without it. */
  onOpen?: (row: T) => void;
  /** A row's name, read out when it is focused. */
  rowLabel?: (row: T) => string;
  empty: ReactNode;
  initialSorting?: SortingState;
  /** For a list the server pages: where this page starts, and whether another follows. */
  pager?: Pager;
  /** A box above the table that keeps the rows holding what is typed (a list held whole). */
  filterLabel?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const table = useReactTable({
    data,
    columns,
    state: { sorting, globalFilter: filter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setFilter,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const rows = table.getRowModel().rows;

  const focusRow = (index: number) => {
    const all = body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]');
    if (!all || all.length === 0) return;
    all[Math.max(0, Math.min(index, all.length - 1))]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusRow(target);
    } else if (event.key === 'Enter' && onOpen) {
      event.preventDefault();
      onOpen(row);
    }
  };

  const table_ = (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                const meta = header.column.columnDef.meta as { numeric?: boolean } | undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={meta?.numeric ? 'numeric' : undefined}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {canSort ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        {sorted === 'asc' ? (
                          <ArrowUp size={12} aria-hidden="true" />
                        ) : sorted === 'desc' ? (
                          <ArrowDown size={12} aria-hidden="true" />
                        ) : null}
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={body}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {filter && data.length > 0 ? `No row holds “${filter}”.` : empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr
                key={row.id}
                data-row=""
                tabIndex={onOpen ? (index === 0 ? 0 : -1) : undefined}
                aria-label={rowLabel?.(row.original)}
                className={onOpen ? 'openable' : undefined}
                onClick={onOpen ? () => onOpen(row.original) : undefined}
                onKeyDown={onOpen ? (event) => onKeyDown(event, index, row.original) : undefined}
              >
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as { numeric?: boolean } | undefined;
                  return (
                    <td key={cell.id} className={meta?.numeric ? 'numeric' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {pager && (pager.offset > 0 || pager.hasMore) ? (
        <PagerBar pager={pager} shown={data.length} />
      ) : null}
    </div>
  );
  if (!filterLabel) return table_;
  return (
    <div className="filtered-table">
      <div className="table-filter">
        <label htmlFor={filterId} className="visually-hidden">
          {filterLabel}
        </label>
        <input
          id={filterId}
          type="search"
          placeholder={filterLabel}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {filter ? (
          <span className="muted" aria-live="polite">
            {rows.length} of {data.length}
          </span>
        ) : null}
      </div>
      {table_}
    </div>
  );
}

export type Pager = {
  offset: number;
  pageSize: number;
  hasMore: boolean;
  /** Asks for the page starting at this offset. */
  onPage: (offset: number) => void;
  /** A page is on its way: the buttons wait. */
  busy?: boolean;
};

function PagerBar({ pager, shown }: { pager: Pager; shown: number }) {
  const { offset, pageSize, hasMore, onPage, busy = false } = pager;
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted" aria-live="polite">
        {shown === 0 ? 'No rows' : `Rows ${offset + 1}–${offset + shown}`}
        {hasMore ? '' : ' (the last page)'}
      </span>
      <button
        type="button"
        className="button secondary small"
        disabled={busy || offset === 0}
        onClick={() => onPage(Math.max(0, offset - pageSize))}
      >
        <ChevronLeft size={14} aria-hidden="true" /> Previous
      </button>
      <button
        type="button"
        className="button secondary small"
        disabled={busy || !hasMore}
        onClick={() => onPage(offset + pageSize)}
      >
        Next <ChevronRight size={14} aria-hidden="true" />
      </button>
    </nav>
  );
}
