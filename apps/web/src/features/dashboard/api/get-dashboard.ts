import { apiPaths } from '@outpost/contracts/api-paths';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const dashboardQueryKey = ['users', 'current', 'dashboard'] as const;

/**
 * GET /api/portal/users/current/dashboard/: everything the dashboard's cards show in one call
 * (permissions, period, account, the newest billing activity, services with their usage).
 */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiData<Dashboard>(apiPaths.dashboard, { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => getDashboard(signal),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
