import { apiPaths } from '@outpost/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** A news post as the dashboard lists it (spec 1 section 3). */
export type LatestPost = { slug: string; title: string; excerpt: string };

/** GET /api/portal/blogs/latest/: the newest news posts, for the dashboard's News & Updates card. */
export async function getLatestBlogs(signal?: AbortSignal): Promise<LatestPost[]> {
  const data = await apiData<{ items: LatestPost[] }>(apiPaths.latestBlogs, { signal });
  return data.items;
}

export function latestBlogsQueryOptions() {
  return queryOptions({
    queryKey: ['blogs', 'latest'] as const,
    queryFn: ({ signal }) => getLatestBlogs(signal),
    // Posts change a few times a month: no need to ask again on every visit of the dashboard.
    staleTime: 10 * 60_000,
  });
}

export function useLatestBlogs(enabled = true) {
  return useQuery({ ...latestBlogsQueryOptions(), enabled });
}
