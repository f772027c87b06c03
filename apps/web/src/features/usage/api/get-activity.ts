import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { UsageBy, UsageRow, UsageType } from '@outpost/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { type UsageAccess, usageKeyRoot, usageRequestOptions } from './usage-access';

/** The activity answer (contracts `activityOutput`'s data). */
export type Activity = {
  by: UsageBy;
  type: UsageType;
  periodStart: string;
  periodStop: string;
  rows: UsageRow[];
};

export function activityQueryKey(
  access: UsageAccess,
  serviceid: number,
  by: UsageBy,
  type: UsageType,
) {
  return [...usageKeyRoot(access), serviceid, 'activity', by, type] as const;
}

/** The query string of the activity calls and the report: ?by=hour|day|month&type=consumption|usage. */
export function activityQuery(by: UsageBy, type: UsageType): string {
  return `?${new URLSearchParams({ by, type }).toString()}`;
}

/**
 * GET /api/portal/service/{id}/activity/?by=&type=: usage rows in Brisbane time, by hour or day
 * (this period) or by month (13 months).
 */
export function getActivity(
  serviceid: number,
  by: UsageBy,
  type: UsageType,
  access: UsageAccess,
  signal?: AbortSignal,
): Promise<Activity> {
  const path = `${buildPath(apiPaths.activity, { serviceid })}${activityQuery(by, type)}`;
  return apiData<Activity>(path, { signal, ...usageRequestOptions(access) });
}

export function activityQueryOptions(
  access: UsageAccess,
  serviceid: number,
  by: UsageBy,
  type: UsageType,
) {
  return queryOptions({
    queryKey: activityQueryKey(access, serviceid, by, type),
    queryFn: ({ signal }) => getActivity(serviceid, by, type, access, signal),
  });
}

export function useActivity(access: UsageAccess, serviceid: number, by: UsageBy, type: UsageType) {
  return useQuery(activityQueryOptions(access, serviceid, by, type));
}
