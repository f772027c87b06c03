import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BlogPost } from '@outpost/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/blogs/{slug}/: one post with its (HTML) body; sanitise it before showing. */
export function getBlog(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiData<BlogPost>(buildPath(apiPaths.blog, { slug }), { signal });
}

export function blogQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['blogs', 'post', slug] as const,
    queryFn: ({ signal }) => getBlog(slug, signal),
    staleTime: 10 * 60_000,
  });
}

export function useBlog(slug: string) {
  return useQuery(blogQueryOptions(slug));
}
