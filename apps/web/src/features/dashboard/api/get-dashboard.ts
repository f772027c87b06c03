import { apiPaths } from '@outpost/contracts/api-paths';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const dashboardQueryKey = ['users', 'current', 'dashboard'] as const;

/**
 * The longest a navigation to the dashboard waits for the dashboard's data (app/pages.ts,
 * docs/decisions/033). Its notices (an outage, a ticket awaiting a reply) come with the data and
 * stand above the cards: a dashboard drawn before them was pushed down when they came (layout
 * shift 0.22 at 360 px after a returning user's login; bench/login-shift.ts). Past this the page
 * shows its placeholders.
 */
export const DASHBOARD_HOLD_MS = 1_500;

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
