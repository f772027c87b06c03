import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { PlanOption } from '@outpost/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/plans/{planid}/availableoptions/: the extras a plan offers. */
export function getPlanOptions(planid: number, signal?: AbortSignal): Promise<PlanOption[]> {
  return apiData<PlanOption[]>(buildPath(apiPaths.planOptions, { planid }), { signal });
}

export function planOptionsQueryOptions(planid: number) {
  return queryOptions({
    queryKey: ['plans', planid, 'options'] as const,
    queryFn: ({ signal }) => getPlanOptions(planid, signal),
    // A plan's options change with the catalogue, not with anything the user does.
    staleTime: 10 * 60_000,
  });
}

export function usePlanOptions(planid: number) {
  return useQuery(planOptionsQueryOptions(planid));
}
