import { apiPaths } from '@outpost/contracts/api-paths';
import type { PermissionEntry } from '@outpost/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/**
 * GET current permissions: every permission with enabled 0 or 1, as the server applies them
 * (switched on and allowed by the role's level). The View Permissions modal reads it when opened.
 */
export function getCurrentPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  return apiData<PermissionEntry[]>(apiPaths.permissions, { signal });
}

export function currentPermissionsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current', 'permissions'],
    queryFn: ({ signal }) => getCurrentPermissions(signal),
    staleTime: 0,
  });
}

export function useCurrentPermissions() {
  return useQuery(currentPermissionsQueryOptions());
}
