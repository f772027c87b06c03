import { apiPaths } from '@outpost/contracts/api-paths';
import type { BlogSummary } from '@outpost/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export type BlogCategory = { id: number; label: string };
export type Blogs = { items: BlogSummary[]; categories: BlogCategory[] };

/**
 * GET /api/portal/blogs/: every post (newest first) and the categories. Fetched once, whole: the
 * list has no server paging, so the category filter and the pages work on it without asking the
 * server again (each question is a 650 ms round trip).
 */
export function getBlogs(signal?: AbortSignal): Promise<Blogs> {
  return apiData<Blogs>(apiPaths.blogs, { signal });
}

export function blogsQueryOptions() {
  return queryOptions({
    queryKey: ['blogs', 'list'] as const,
    queryFn: ({ signal }) => getBlogs(signal),
    staleTime: 10 * 60_000,
  });
}

export function useBlogs() {
  return useQuery(blogsQueryOptions());
}
