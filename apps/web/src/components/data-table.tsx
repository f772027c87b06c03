import { DEFAULT_PAGE_SIZE } from '@outpost/domain/constants';
import { type ReactNode, useId, useState } from 'react';
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
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  className?: string;
};

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
}: DataTableProps<T>) {
  const ids = useId();
  const [ownPage, setOwnPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [query, setQuery] = useState('');
  if (loading) return <LoadingState label={loadingLabel} />;
  if (rows.length === 0) return <div className="empty-state">{empty}</div>;

  const found = search ? matching(rows, query, search.text) : rows;
  const shown = pageSlice(found, controlledPage ?? ownPage, pageSize);
  const handlePageChange = (next: number) => {
    if (onPageChange) onPageChange(next);
    else setOwnPage(next);
  };

  return (
    <div className={className ? `data-table ${className}` : 'data-table'}>
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
          <tbody>
            {shown.rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => {
                  const props = {
                    className: column.className,
                    'data-label': column.hideLabelWhenStacked ? undefined : column.header,
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
        </table>
      )}
      <Pagination
        page={shown.page}
        pageCount={shown.pageCount}
        onPageChange={handlePageChange}
        label={`Pages of ${caption}`}
      />
    </div>
  );
}
