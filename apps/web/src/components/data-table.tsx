import { DEFAULT_PAGE_SIZE, MOBILE_LAYOUT_MAX_WIDTH } from '@outpost/domain/constants';
import { ChevronDown } from 'lucide-react';
import { Fragment, type ReactNode, useId, useRef, useState, useSyncExternalStore } from 'react';
import { EmptyState } from './empty-state';
import { LoadingState } from './loading-state';
import { Pagination, pageSlice } from './pagination';

/**
 * Where a column shows below 769 px, where the table becomes a list of rows (issue 41):
 * - 'primary': the row's first line, what names it (e.g. a transaction's description);
 * - 'secondary': a muted line under it (e.g. the date); several secondary columns join with ' · ';
 * - 'trailing': right-aligned beside them (e.g. the amount);
 * - 'details': under the row's disclosure, a tap away, labelled with the column's header;
 * - 'actions': always shown, under the row (buttons a person needs without opening it);
 * - 'none': not shown (the primary links to the row's own page, which has it).
 */
export type NarrowPlace = 'primary' | 'secondary' | 'trailing' | 'details' | 'actions' | 'none';

export type DataTableColumn<T> = {
  id: string;
  /** The column heading, also the label of the cell in the row's details on narrow screens. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row (a <th scope="row">); usually the first column. */
  rowHeader?: boolean;
  /** Narrow screens: no label before the cell in the row's details (an actions cell speaks for itself). */
  hideLabelWhenStacked?: boolean;
  /**
   * Where the column shows on narrow screens. Unset: the row header (else the first column) is
   * the primary line when no column is, and every other column is in the row's details.
   */
  narrow?: NarrowPlace;
  /** The cell as the narrow list row shows it, when that differs from the table's cell. */
  narrowCell?: (row: T) => ReactNode;
  /** Also in the row's details, in full (a secondary line cut short by an ellipsis, an email). */
  narrowDetails?: boolean;
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
   * Keep the table a table below 769 px instead of a list of rows: for many rows of a few short
   * figures each (hourly usage), read across under their column headings.
   */
  rowsWhenNarrow?: boolean;
};

const NARROW_QUERY = `(max-width: ${MOBILE_LAYOUT_MAX_WIDTH}px)`;

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Below 769 px (read as the page renders, so the first paint already has the right layout). */
function isNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/** Each column's place in the narrow list row (see NarrowPlace). */
function narrowPlaces<T>(columns: readonly DataTableColumn<T>[]): NarrowPlace[] {
  const named = columns.some((c) => c.narrow === 'primary');
  const primaryIndex = named
    ? -1
    : Math.max(
        0,
        columns.findIndex((c) => c.rowHeader),
      );
  return columns.map(
    (column, index) => column.narrow ?? (index === primaryIndex ? 'primary' : 'details'),
  );
}

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
 * 769 px a list of rows (DataList: each column's `narrow` place says where it shows).
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
  const narrowScreen = useSyncExternalStore(subscribeToWidth, isNarrowScreen, () => false);
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
  const asList = narrowScreen && !rowsWhenNarrow;
  const classes = [
    'data-table',
    rowsWhenNarrow && 'data-table--rows',
    asList && 'data-table--list',
    className,
  ]
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
      {found.length > 0 && asList && (
        <DataList
          groups={groupsOf(shown.rows, groupOf)}
          columns={columns}
          rowKey={rowKey}
          caption={caption}
          captionHidden={captionHidden}
        />
      )}
      {found.length > 0 && !asList && (
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

type DataListProps<T> = {
  groups: Group<T>[];
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string | number;
  caption: string;
  captionHidden: boolean;
};

/**
 * The table below 769 px (issue 41): a list named by the caption, one row an item, as a phone's
 * own lists read: the primary line, a muted secondary line and a trailing value on the right,
 * the rest of the row a tap away in a disclosure (<details>: its summary is the row, so the
 * toggle's name is what the row says), actions under the row. Groups are lists under their heading.
 */
function DataList<T>({ groups, columns, rowKey, caption, captionHidden }: DataListProps<T>) {
  const ids = useId();
  const places = narrowPlaces(columns);
  const at = (place: NarrowPlace) => columns.filter((_, i) => places[i] === place);
  const layout: ListLayout<T> = {
    primary: at('primary'),
    secondary: at('secondary'),
    trailing: at('trailing'),
    details: columns.filter((c, i) => places[i] === 'details' || c.narrowDetails),
    actions: at('actions'),
  };
  return (
    <div className="data-list">
      <p
        id={`${ids}-caption`}
        className={captionHidden ? 'visually-hidden' : 'data-table__caption data-list__caption'}
      >
        {caption}
      </p>
      {groups.map((group, index) => (
        <Fragment key={group.heading ?? ''}>
          {group.heading !== null && (
            <p id={`${ids}-group-${index}`} className="data-list__group">
              {group.heading}
            </p>
          )}
          <ul
            // list-style: none drops a list's role in Safari; say it.
            role="list"
            className="data-list__items"
            aria-labelledby={
              group.heading === null ? `${ids}-caption` : `${ids}-caption ${ids}-group-${index}`
            }
          >
            {group.rows.map((row) => (
              <DataListRow key={rowKey(row)} row={row} layout={layout} />
            ))}
          </ul>
        </Fragment>
      ))}
    </div>
  );
}

type ListLayout<T> = Record<
  'primary' | 'secondary' | 'trailing' | 'details' | 'actions',
  DataTableColumn<T>[]
>;

function narrowCellOf<T>(column: DataTableColumn<T>, row: T): ReactNode {
  return (column.narrowCell ?? column.cell)(row);
}

function DataListRow<T>({ row, layout }: { row: T; layout: ListLayout<T> }) {
  const { primary, secondary, trailing, details, actions } = layout;
  // Spaces between the parts, so the row's text (the disclosure's name) reads as words.
  const head = (
    <>
      <span className="data-list__text">
        <span className="data-list__primary">
          {primary.map((c) => (
            <Fragment key={c.id}>{narrowCellOf(c, row)} </Fragment>
          ))}
        </span>{' '}
        {secondary.length > 0 && (
          <span className="data-list__secondary">
            {secondary.map((c, i) => (
              <Fragment key={c.id}>
                {i > 0 && <span aria-hidden="true"> · </span>}
                <span className="data-list__part">{narrowCellOf(c, row)}</span>{' '}
              </Fragment>
            ))}
          </span>
        )}
      </span>{' '}
      {trailing.length > 0 && (
        <span className="data-list__trailing">
          {trailing.map((c) => (
            <Fragment key={c.id}>
              <span className="data-list__part">{narrowCellOf(c, row)}</span>{' '}
            </Fragment>
          ))}
        </span>
      )}
    </>
  );
  // Details with nothing to say (no mobile number, no invoice to download) are left out.
  const shown = details
    .map((column) => ({ column, value: column.cell(row) }))
    .filter(
      ({ value }) => value !== null && value !== undefined && value !== false && value !== '',
    );
  const labelled = shown.filter(({ column }) => !column.hideLabelWhenStacked);
  const unlabelled = shown.filter(({ column }) => column.hideLabelWhenStacked);
  return (
    <li className="data-list__item">
      {shown.length > 0 ? (
        <details className="data-list__details">
          <summary className="data-list__row">
            {head}
            <ChevronDown className="data-list__chevron" aria-hidden="true" focusable="false" />
          </summary>
          <div className="data-list__more">
            {labelled.length > 0 && (
              <dl className="data-list__facts">
                {labelled.map(({ column, value }) => (
                  <div key={column.id}>
                    <dt>{column.header}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {unlabelled.map(({ column, value }) => (
              <div key={column.id} className="data-list__more-actions">
                {value}
              </div>
            ))}
          </div>
        </details>
      ) : (
        <div className="data-list__row">{head}</div>
      )}
      {actions.length > 0 && (
        <div className="data-list__actions">
          {actions.map((c) => (
            <Fragment key={c.id}>{c.cell(row)}</Fragment>
          ))}
        </div>
      )}
    </li>
  );
}
