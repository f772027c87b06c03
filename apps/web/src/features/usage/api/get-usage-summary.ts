import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { UsageSummary } from '@outpost/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { type UsageAccess, usageKeyRoot, usageRequestOptions } from './usage-access';

export function usageSummaryQueryKey(access: UsageAccess, serviceid: number) {
  return [...usageKeyRoot(access), serviceid, 'summary'] as const;
}

/** GET /api/portal/service/{id}/activitysummary/: this period's usage against the allowance. */
export function getUsageSummary(
  serviceid: number,
  access: UsageAccess,
  signal?: AbortSignal,
): Promise<UsageSummary> {
  return apiData<UsageSummary>(buildPath(apiPaths.activitySummary, { serviceid }), {
    signal,
    ...usageRequestOptions(access),
  });
}

export function usageSummaryQueryOptions(access: UsageAccess, serviceid: number) {
  return queryOptions({
    queryKey: usageSummaryQueryKey(access, serviceid),
    queryFn: ({ signal }) => getUsageSummary(serviceid, access, signal),
  });
}

export function useUsageSummary(access: UsageAccess, serviceid: number) {
  return useQuery(usageSummaryQueryOptions(access, serviceid));
}
