import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AvailablePlan } from '@outpost/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export function availablePlansQueryKey(serviceid: number) {
  return ['services', serviceid, 'availableplans'] as const;
}

/** GET /api/portal/services/{id}/availableplans/: the plans the service may take, its current and next. */
export function getAvailablePlans(
  serviceid: number,
  signal?: AbortSignal,
): Promise<AvailablePlan[]> {
  return apiData<AvailablePlan[]>(buildPath(apiPaths.availablePlans, { serviceid }), { signal });
}

export function availablePlansQueryOptions(serviceid: number) {
  return queryOptions({
    queryKey: availablePlansQueryKey(serviceid),
    queryFn: ({ signal }) => getAvailablePlans(serviceid, signal),
  });
}

/** `enabled` false: not needed yet (the cancel confirmation opened from outside the plan list). */
export function useAvailablePlans(serviceid: number, enabled = true) {
  return useQuery({ ...availablePlansQueryOptions(serviceid), enabled });
}
