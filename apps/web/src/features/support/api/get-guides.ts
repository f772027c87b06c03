import { apiPaths } from '@outpost/contracts/api-paths';
import type { GuideCategory } from '@outpost/domain/guides-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@outpost/contracts/messages';
import { apiData } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/**
 * GET /api/portal/support/guides/ (spec 3 section 7): the guides grouped by category; with a
 * keyword (`?s=`, only ever one of 3 or more characters) the matches, best first.
 */
export async function getGuides(keyword: string, signal?: AbortSignal): Promise<GuideCategory[]> {
  const path = keyword ? `${apiPaths.guides}?s=${encodeURIComponent(keyword)}` : apiPaths.guides;
  const categories = await apiData<GuideCategory[]>(path, { signal });
  // Anything but a list (a proxy's page, an old server) is a failed load, not a broken page.
  if (!Array.isArray(categories)) throw new ApiError('Parse', messages.banner.loadData, 200);
  return categories;
}

export function guidesQueryOptions(keyword = '') {
  return queryOptions({
    queryKey: ['support', 'guides', 'list', keyword] as const,
    queryFn: ({ signal }) => getGuides(keyword, signal),
    // Guides change rarely: a search typed twice, or the list on a second visit, costs no trip.
    staleTime: 10 * 60_000,
  });
}

/** The guides for a keyword; the last answer stays on screen while the next one loads. */
export function useGuides(keyword: string) {
  return useQuery({ ...guidesQueryOptions(keyword), placeholderData: (previous) => previous });
}
