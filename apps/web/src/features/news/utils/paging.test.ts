import type { BlogSummary } from '@outpost/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { pageWindow } from '@/components/pagination';
import {
  categoryParam,
  filterPosts,
  NEWS_PAGE_SIZE,
  newsSearch,
  pageOfPosts,
  pageParam,
} from './paging';

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
    const first = pageOfPosts(posts(10), 1);
    expect(first.posts.map((p) => p.slug)).toEqual(posts(8).map((p) => p.slug));
    expect(first.pageCount).toBe(2);
    const second = pageOfPosts(posts(10), 2);
    expect(second.posts.map((p) => p.slug)).toEqual(['post-9', 'post-10']);
  });

  it('keeps a page out of range within the pages there are', () => {
    expect(pageOfPosts(posts(10), 7).page).toBe(2);
    expect(pageOfPosts(posts(10), 0).page).toBe(1);
    expect(pageOfPosts([], 3)).toEqual({ posts: [], page: 1, pageCount: 1 });
  });

  it('offers at most 5 page buttons around the current page', () => {
    const { pageCount } = pageOfPosts(posts(100), 1);
    expect(pageCount).toBe(13);
    expect(pageWindow(1, pageCount)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, pageCount)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(13, pageCount)).toEqual([9, 10, 11, 12, 13]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
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
