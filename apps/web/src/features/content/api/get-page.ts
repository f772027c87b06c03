import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export type ContentPage = { title: string; body: string };

/**
 * GET /api/portal/content/pages/{slug}/: a legal or help page anyone may read (the footer's
 * pages open logged out too), so it is sent without a token. The body is HTML: sanitise it.
 */
export function getPage(slug: string, signal?: AbortSignal): Promise<ContentPage> {
  return apiData<ContentPage>(buildPath(apiPaths.page, { slug }), { signal, auth: 'none' });
}

export function pageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['content', 'pages', slug] as const,
    queryFn: ({ signal }) => getPage(slug, signal),
    // Terms and policies change rarely.
    staleTime: 30 * 60_000,
  });
}

export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
