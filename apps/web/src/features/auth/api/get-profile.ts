import { apiPaths } from '@outpost/contracts/api-paths';
import type { Profile } from '@outpost/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET /api/portal/users/current/profile/: the current user's profile (names, account id, role). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiData<Profile>(apiPaths.profile, { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current', 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
