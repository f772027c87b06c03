import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFacetedRowModel,
  getFacetedUniqueValues,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * The console's one table (TanStack Table): sortable columns, a row per object, and the keyboard
 * of a list: arrow keys move between rows, Home and End jump, Enter opens the row. Rows come
 * from the server a page at a time (the admin API pages and limits them); a list longer than a
 * page has a pager that asks the server for the next one. Sorting sorts the page shown.
 * A list held whole can be narrowed: a text box over every column (`filterLabel`), and a choice
 * per column for columns whose `meta.filter` names one (the values the rows hold).
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
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const filterId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const table = useReactTable({
    data,
    columns,
    state: { sorting, globalFilter: filter, columnFilters },
    onSortingChange: setSorting,
    onGlobalFilterChange: setFilter,
    onColumnFiltersChange: setColumnFilters,
    globalFilterFn: 'includesString',
    defaultColumn: { filterFn: sameValue as FilterFn<T> },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getFacetedRowModel: getFacetedRowModel(),
    getFacetedUniqueValues: getFacetedUniqueValues(),
  });
  const rows = table.getRowModel().rows;
  const choosable = table.getAllLeafColumns().filter((column) => column.columnDef.meta?.filter);
  const narrowed = filter !== '' || columnFilters.length > 0;

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
                const meta = header.column.columnDef.meta;
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
                {narrowed && data.length > 0
                  ? filter
                    ? `No row holds “${filter}”.`
                    : 'No row matches the filters.'
                  : empty}
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
                  const meta = cell.column.columnDef.meta;
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
  if (!filterLabel && choosable.length === 0) return table_;
  return (
    <div className="filtered-table">
      <div className="table-filter">
        {filterLabel ? (
          <>
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
          </>
        ) : null}
        {choosable.map((column) => (
          <ColumnChoice key={column.id} column={column} />
        ))}
        {narrowed ? (
          <span className="muted" aria-live="polite">
            {rows.length} of {data.length}
          </span>
        ) : null}
      </div>
      {table_}
    </div>
  );
}

declare module '@tanstack/react-table' {
  // What the one DataTable reads from a column's `meta` (TanStack's way to type it: merging
  // into its interface, hence an interface with its type parameters).
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned figures. */
    numeric?: boolean;
    /** A choice above the table narrows the rows to one of this column's values. */
    filter?: {
      /** The choice's name, read out: "Role". */
      label: string;
      /** The option that keeps every row: "Every role". */
      all: string;
      /** A value as the choice shows it (the value itself by default). */
      text?: (value: unknown) => string;
    };
  }
}

/** A column's choice keeps the rows whose value is the one chosen (compared as text). */
const sameValue: FilterFn<unknown> = (row, columnId, chosen) =>
  String(row.getValue(columnId)) === chosen;

function ColumnChoice<T>({ column }: { column: Column<T, unknown> }) {
  const meta = column.columnDef.meta!.filter!;
  const values = [...column.getFacetedUniqueValues().keys()]
    .map((value) => ({ value: String(value), text: meta.text?.(value) ?? String(value) }))
    .sort((a, b) => a.text.localeCompare(b.text));
  return (
    <select
      aria-label={meta.label}
      value={(column.getFilterValue() as string | undefined) ?? ''}
      onChange={(event) => column.setFilterValue(event.target.value || undefined)}
    >
      <option value="">{meta.all}</option>
      {values.map(({ value, text }) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
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
