import { DEFAULT_PAGE_SIZE } from '@outpost/domain/constants';
import { type ReactNode, useState } from 'react';
import { LoadingState } from './loading-state';
import { Pagination } from './pagination';

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

export type DataTableProps<T> = {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The table's accessible name (its <caption>). */
  caption: string;
  /** Keep the caption for screen readers only (a visible heading already says it). */
  captionHidden?: boolean;
  pageSize?: number;
  /** Controlled paging (e.g. kept in the URL); otherwise the table keeps its own page. */
  page?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  loadingLabel?: string;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  className?: string;
};

/**
 * The one data table (ARCHITECTURE section 6): page size, at most five page buttons, a caption,
 * an empty state, and below 769 px each row stacks into a card with its labels (CSS only).
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  captionHidden = false,
  pageSize = DEFAULT_PAGE_SIZE,
  page: controlledPage,
  onPageChange,
  loading = false,
  loadingLabel,
  empty,
  className,
}: DataTableProps<T>) {
  const [ownPage, setOwnPage] = useState(1);
  if (loading) return <LoadingState label={loadingLabel} />;
  if (rows.length === 0) return <div className="empty-state">{empty}</div>;

  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(controlledPage ?? ownPage, 1), pageCount);
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  const handlePageChange = (next: number) => {
    if (onPageChange) onPageChange(next);
    else setOwnPage(next);
  };

  return (
    <div className={className ? `data-table ${className}` : 'data-table'}>
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
          {shown.map((row) => (
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
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={handlePageChange}
        label={`Pages of ${caption}`}
      />
    </div>
  );
}
