import { MAX_PAGE_BUTTONS } from '@outpost/domain/constants';

/** The page numbers to offer: at most `max`, a window around the current page. */
export function pageWindow(page: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(page - Math.floor(size / 2), 1), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Pages of Manage My Services'. */
  label: string;
};

/** Previous, up to five page numbers, Next. Nothing when everything fits on one page. */
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
        {pageWindow(page, pageCount).map((n) => (
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
        ))}
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
