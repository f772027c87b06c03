import { DEFAULT_PAGE_SIZE } from '@outpost/domain/constants';
import { type ReactNode, useId, useRef, useState } from 'react';
import { EmptyState } from './empty-state';
import { LoadingState } from './loading-state';
import { Pagination, pageSlice } from './pagination';

export type DataTableColumn<T> = {
  id: string;
  /** The column heading, also the label of the cell in the stacked (mobile) layout. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row (a <th scope="row">); usually the first column. */
  rowHeader?: boolean;
  /** Stacked layout: no label before the cell (an actions cell speaks for itself). */
  hideLabelWhenStacked?: boolean;
  className?: string;
};

/** The search box: what it is called and the text of a row it searches. */
export type DataTableSearch<T> = {
  /** The box's label, e.g. 'Search invoices and payments'. */
  label: string;
  /** The words a row can be found by (its cells as people read them). */
  text: (row: T) => string;
};

export type DataTableProps<T> = {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name (its <caption>). */
  caption: string;
  /** Keep the caption for screen readers only (a visible heading already says it). */
  captionHidden?: boolean;
  /** Rows a page; with `pageSizes`, the one chosen at first. */
  pageSize?: number;
  /** The page sizes a person may choose from (e.g. 5, 10, 50, 100); none: no choice. */
  pageSizes?: readonly number[];
  /** A search box over the rows; none: no box. */
  search?: DataTableSearch<T>;
  /** Controlled paging (e.g. kept in the URL); otherwise the table keeps its own page. */
  page?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  loadingLabel?: string;
  /**
   * Shown instead of the table when there are no rows, in the designed empty state (its sentence
   * and, if there is one, the next step as a `.button` link).
   */
  empty: ReactNode;
  className?: string;
  /**
   * Rows under a heading row each (e.g. hours under their day): the heading of a row's group.
   * Rows of a group must be next to each other; each group is a <tbody> named by its heading.
   */
  groupOf?: (row: T) => string;
  /**
   * Keep rows as rows below 769 px instead of one card each: for many rows of a few short
   * columns (hourly usage), where cards would make the page thousands of pixels tall.
   */
  rowsWhenNarrow?: boolean;
};

type Group<T> = { heading: string | null; rows: T[] };

/** Consecutive rows with the same heading, in order (one group with no heading without `groupOf`). */
function groupsOf<T>(rows: readonly T[], groupOf?: (row: T) => string): Group<T>[] {
  if (!groupOf) return [{ heading: null, rows: [...rows] }];
  const groups: Group<T>[] = [];
  for (const row of rows) {
    const heading = groupOf(row);
    const last = groups.at(-1);
    if (last && last.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

/** Rows whose search text holds every word of the query (any case). */
function matching<T>(rows: readonly T[], query: string, text: (row: T) => string): readonly T[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const haystack = text(row).toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The one data table (ARCHITECTURE section 6): a caption, an optional search box and page-size
 * choice, at most five page buttons (first, last and a window), an empty state, and below
 * 769 px each row stacks into a card with its labels (CSS only).
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  captionHidden = false,
  pageSize: initialPageSize = DEFAULT_PAGE_SIZE,
  pageSizes,
  search,
  page: controlledPage,
  onPageChange,
  loading = false,
  loadingLabel,
  empty,
  className,
  groupOf,
  rowsWhenNarrow = false,
}: DataTableProps<T>) {
  const ids = useId();
  const top = useRef<HTMLDivElement>(null);
  const [ownPage, setOwnPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [query, setQuery] = useState('');
  if (loading) return <LoadingState label={loadingLabel} />;
  if (rows.length === 0) return <EmptyState compact>{empty}</EmptyState>;

  const found = search ? matching(rows, query, search.text) : rows;
  const shown = pageSlice(found, controlledPage ?? ownPage, pageSize);
  const handlePageChange = (next: number) => {
    if (onPageChange) onPageChange(next);
    else setOwnPage(next);
  };
  /**
   * A page button: the new page starts at the table's top, so bring that into view when it is
   * above the screen or under the sticky header (the table's scroll-margin-top is that header).
   */
  const handlePageButton = (next: number) => {
    handlePageChange(next);
    requestAnimationFrame(() => {
      const table = top.current;
      if (!table) return;
      const below = Number.parseFloat(getComputedStyle(table).scrollMarginTop) || 0;
      if (table.getBoundingClientRect().top < below) table.scrollIntoView({ block: 'start' });
    });
  };
  const classes = ['data-table', rowsWhenNarrow && 'data-table--rows', className]
    .filter(Boolean)
    .join(' ');

  return (
    <div ref={top} className={classes}>
      {(search || pageSizes) && (
        <div className="data-table__controls">
          {search && (
            <div className="data-table__search">
              <label htmlFor={`${ids}-search`}>{search.label}</label>
              <input
                id={`${ids}-search`}
                type="search"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  handlePageChange(1);
                }}
              />
            </div>
          )}
          {pageSizes && (
            <div className="data-table__page-size">
              <label htmlFor={`${ids}-size`}>Rows per page</label>
              <select
                id={`${ids}-size`}
                value={pageSize}
                onChange={(event) => {
                  setPageSize(Number(event.target.value));
                  handlePageChange(1);
                }}
              >
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
      {search && (
        <p className="data-table__found" role="status">
          {query.trim() === ''
            ? ''
            : found.length === 0
              ? `Nothing matches ‘${query.trim()}’.`
              : `${found.length} of ${rows.length} match ‘${query.trim()}’.`}
        </p>
      )}
      {found.length > 0 && (
        <table className="data-table__table">
          <caption className={captionHidden ? 'visually-hidden' : 'data-table__caption'}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={column.className}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          {groupsOf(shown.rows, groupOf).map((group) => (
            <tbody key={group.heading ?? ''}>
              {group.heading !== null && (
                <tr className="data-table__group">
                  <th scope="rowgroup" colSpan={columns.length}>
                    {group.heading}
                  </th>
                </tr>
              )}
              {group.rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => {
                    const props = {
                      className: column.className,
                      'data-label':
                        column.hideLabelWhenStacked || rowsWhenNarrow ? undefined : column.header,
                    };
                    // One wrapper, so the stacked layout can set the label and the value side by side.
                    const value = <div className="data-table__value">{column.cell(row)}</div>;
                    return column.rowHeader ? (
                      <th key={column.id} scope="row" {...props}>
                        {value}
                      </th>
                    ) : (
                      <td key={column.id} {...props}>
                        {value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
      <Pagination
        page={shown.page}
        pageCount={shown.pageCount}
        onPageChange={handlePageButton}
        label={`Pages of ${caption}`}
      />
    </div>
  );
}
