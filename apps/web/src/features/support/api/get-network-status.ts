import { apiPaths } from '@outpost/contracts/api-paths';
import type { AdvisoriesPage } from '@outpost/contracts/advisories';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const networkStatusQueryKey = ['support', 'networkstatus'] as const;

/**
 * GET support network status, one page of two advisories (spec 3 sections 4 and 7). Each item
 * carries its detail, so a page costs one round trip, not a list and a detail call per advisory
 * (docs/decisions/019).
 */
export function getNetworkStatus(page: number, signal?: AbortSignal): Promise<AdvisoriesPage> {
  return apiData<AdvisoriesPage>(`${apiPaths.networkStatus}?page=${page}`, { signal });
}

export function networkStatusQueryOptions() {
  return infiniteQueryOptions({
    queryKey: networkStatusQueryKey,
    queryFn: ({ pageParam, signal }) => getNetworkStatus(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
  });
}
