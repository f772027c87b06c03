import type { BlogSummary } from '@outpost/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { pageItems, pageSlice } from '@/components/pagination';
import { categoryParam, filterPosts, NEWS_PAGE_SIZE, newsSearch, pageParam } from './paging';

function posts(count: number): BlogSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `post-${i + 1}`,
    title: `Post ${i + 1}`,
    excerpt: '',
    categories: i % 3 === 0 ? ['Tips'] : ['Network'],
    date: '2026-11-01T00:00:00.000Z',
    featured_image: null,
  }));
}

describe('news paging', () => {
  it('shows 8 posts a page: 4 a row, 2 rows', () => {
    expect(NEWS_PAGE_SIZE).toBe(8);
    const first = pageSlice(posts(10), 1, NEWS_PAGE_SIZE);
    expect(first.rows.map((p) => p.slug)).toEqual(posts(8).map((p) => p.slug));
    expect(first.pageCount).toBe(2);
    const second = pageSlice(posts(10), 2, NEWS_PAGE_SIZE);
    expect(second.rows.map((p) => p.slug)).toEqual(['post-9', 'post-10']);
  });

  it('keeps a page out of range within the pages there are', () => {
    expect(pageSlice(posts(10), 7, NEWS_PAGE_SIZE).page).toBe(2);
    expect(pageSlice(posts(10), 0, NEWS_PAGE_SIZE).page).toBe(1);
    expect(pageSlice([], 3, NEWS_PAGE_SIZE)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });

  it('offers at most 5 page buttons: the first, the last and a window', () => {
    const { pageCount } = pageSlice(posts(100), 1, NEWS_PAGE_SIZE);
    expect(pageCount).toBe(13);
    expect(pageItems(1, pageCount)).toEqual([1, 2, 3, 4, 'gap', 13]);
    expect(pageItems(7, pageCount)).toEqual([1, 'gap', 6, 7, 8, 'gap', 13]);
    expect(pageItems(13, pageCount)).toEqual([1, 'gap', 10, 11, 12, 13]);
    expect(pageItems(1, 2)).toEqual([1, 2]);
  });
});

describe('news filter in the address', () => {
  it('reads the category and page from ?c= and ?page=', () => {
    const params = new URLSearchParams('c=Tips&page=2');
    expect(categoryParam(params)).toBe('Tips');
    expect(pageParam(params)).toBe(2);
    expect(categoryParam(new URLSearchParams('c=%20'))).toBeNull();
    expect(pageParam(new URLSearchParams('page=-1'))).toBe(1);
    expect(pageParam(new URLSearchParams('page=abc'))).toBe(1);
  });

  it('writes them back, leaving the defaults out', () => {
    expect(newsSearch(null)).toBe('');
    expect(newsSearch('Company News', 1)).toBe('?c=Company+News');
    expect(newsSearch('Tips', 2)).toBe('?c=Tips&page=2');
    expect(newsSearch(null, 3)).toBe('?page=3');
  });

  it('keeps the posts of the category', () => {
    expect(filterPosts(posts(10), 'Tips').map((p) => p.slug)).toEqual([
      'post-1',
      'post-4',
      'post-7',
      'post-10',
    ]);
    expect(filterPosts(posts(10), null)).toHaveLength(10);
  });
});
