import type { BlogSummary } from '@outpost/contracts/dashboard';

/** News (spec 2 section 2): 4 posts a row, 2 rows a page, paged by the shared Pagination. */
export const NEWS_PER_ROW = 4;
export const NEWS_ROWS_PER_PAGE = 2;
export const NEWS_PAGE_SIZE = NEWS_PER_ROW * NEWS_ROWS_PER_PAGE;

/** The category in the address (?c=), or null for every post. */
export function categoryParam(params: URLSearchParams): string | null {
  const value = params.get('c')?.trim();
  return value ? value : null;
}

/** The page in the address (?page=), 1 when missing or not a positive whole number. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function filterPosts(posts: readonly BlogSummary[], category: string | null): BlogSummary[] {
  return category === null ? [...posts] : posts.filter((p) => p.categories.includes(category));
}

/** The address of the list with a category and a page (the defaults left out). */
export function newsSearch(category: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (category !== null) params.set('c', category);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
