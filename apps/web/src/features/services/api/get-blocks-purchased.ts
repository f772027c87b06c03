import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BlockPurchase } from '@outpost/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export function blocksPurchasedQueryKey(serviceid: number) {
  return ['services', serviceid, 'blockspurchased'] as const;
}

/** GET /api/portal/service/{id}/blockspurchased/: the data blocks bought for the service, newest first. */
export function getBlocksPurchased(
  serviceid: number,
  signal?: AbortSignal,
): Promise<BlockPurchase[]> {
  return apiData<BlockPurchase[]>(buildPath(apiPaths.blocksPurchased, { serviceid }), { signal });
}

export function blocksPurchasedQueryOptions(serviceid: number) {
  return queryOptions({
    queryKey: blocksPurchasedQueryKey(serviceid),
    queryFn: ({ signal }) => getBlocksPurchased(serviceid, signal),
  });
}

/** `serviceid` null: nothing is selected yet, nothing is fetched. */
export function useBlocksPurchased(serviceid: number | null) {
  return useQuery({
    ...blocksPurchasedQueryOptions(serviceid ?? 0),
    enabled: serviceid !== null,
  });
}
