import { apiPaths } from '@outpost/contracts/api-paths';
import type { Callback } from '@outpost/contracts/callbacks';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const callbacksQueryKey = ['support', 'callbacks'] as const;

/** GET the caller's upcoming callbacks, soonest first. */
export function callbacksQueryOptions() {
  return queryOptions({
    queryKey: callbacksQueryKey,
    queryFn: ({ signal }) => apiData<Callback[]>(apiPaths.callbacks, { signal }),
  });
}
