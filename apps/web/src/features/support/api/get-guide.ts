import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Guide } from '@outpost/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/support/guides/:slug/: a guide's title and (HTML) body; sanitise the body before showing it. */
export function getGuide(slug: string, signal?: AbortSignal): Promise<Guide> {
  return apiData<Guide>(buildPath(apiPaths.guide, { slug }), { signal });
}

export function guideQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['support', 'guides', slug],
    queryFn: ({ signal }) => getGuide(slug, signal),
  });
}

export function useGuide(slug: string) {
  return useQuery(guideQueryOptions(slug));
}
