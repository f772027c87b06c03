import { apiPaths } from '@outpost/contracts/api-paths';
import type { PermissionEntry } from '@outpost/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/users/current/permissions/: every permission with enabled 0 or 1. */
export function getPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  return apiData<PermissionEntry[]>(apiPaths.permissions, { signal });
}

export function permissionsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current', 'permissions'],
    queryFn: ({ signal }) => getPermissions(signal),
  });
}

export function usePermissions() {
  return useQuery(permissionsQueryOptions());
}
