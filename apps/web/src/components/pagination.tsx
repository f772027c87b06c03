import { MAX_PAGE_BUTTONS } from '@outpost/domain/constants';

/** A page number to offer, or a gap ('…') standing for the pages between. */
export type PageItem = number | 'gap';

/**
 * The page buttons to offer: every page when they fit in `max`, otherwise the first and the
 * last page with a window around the current one and a gap each side where pages are left out
 * (8 pages, on page 5: 1 … 4 5 6 … 8). Never more than `max` numbers.
 */
export function pageItems(page: number, pageCount: number, max = MAX_PAGE_BUTTONS): PageItem[] {
  if (pageCount <= max) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const inner = Math.max(max - 2, 1);
  const start = Math.min(Math.max(page - Math.floor((inner - 1) / 2), 2), pageCount - inner);
  const window = Array.from({ length: inner }, (_, i) => start + i);
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...window,
    ...(start + inner < pageCount ? ['gap' as const] : []),
    pageCount,
  ];
}

export type PageSlice<T> = {
  rows: T[];
  /** The page shown: the one asked for, within 1..pageCount. */
  page: number;
  pageCount: number;
};

/** One page of `rows`; a page out of range shows the nearest one there is. */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = Math.min(Math.max(page, 1), pageCount);
  return { rows: rows.slice((shown - 1) * pageSize, shown * pageSize), page: shown, pageCount };
}

export type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Pages of Manage My Services'. */
  label: string;
};

/** Previous, the first and last page around a window of pages, Next. Nothing for one page. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </button>
        </li>
        {pageItems(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            // Pages left out: nothing to press, and nothing for a screen reader to announce.
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className="pagination__button"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPageChange(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
