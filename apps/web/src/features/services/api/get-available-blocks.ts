import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AvailableBlock } from '@outpost/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/services/{id}/availableblocks/: the data blocks this service may buy. */
export function getAvailableBlocks(
  serviceid: number,
  signal?: AbortSignal,
): Promise<AvailableBlock[]> {
  return apiData<AvailableBlock[]>(buildPath(apiPaths.availableBlocks, { serviceid }), { signal });
}

export function availableBlocksQueryOptions(serviceid: number) {
  return queryOptions({
    queryKey: ['services', serviceid, 'availableblocks'] as const,
    queryFn: ({ signal }) => getAvailableBlocks(serviceid, signal),
  });
}

export function useAvailableBlocks(serviceid: number) {
  return useQuery(availableBlocksQueryOptions(serviceid));
}
