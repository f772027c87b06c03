import { apiPaths } from '@outpost/contracts/api-paths';
import type { Alert } from '@outpost/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const alertsQueryKey = ['users', 'current', 'alerts'] as const;

/** GET /api/portal/users/current/alerts/: the user's unread alerts, newest first. */
export function getAlerts(signal?: AbortSignal): Promise<Alert[]> {
  return apiData<Alert[]>(apiPaths.alerts, { signal });
}

export function alertsQueryOptions() {
  return queryOptions({
    queryKey: alertsQueryKey,
    queryFn: ({ signal }) => getAlerts(signal),
    // A failure is silent (spec 1 section 8): the bell shows no count, nothing else.
    retry: false,
  });
}

/** `enabled`: only for users holding view-alerts. */
export function useAlerts(enabled = true) {
  return useQuery({ ...alertsQueryOptions(), enabled });
}
