import { apiPaths } from '@outpost/contracts/api-paths';
import type { UserSummary } from '@outpost/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/users/current/: the user summary. */
export function getCurrentUser(signal?: AbortSignal): Promise<UserSummary> {
  return apiData<UserSummary>(apiPaths.currentUser, { signal });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current'],
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
