import { apiPaths } from '@outpost/contracts/api-paths';
import type { Preference } from '@outpost/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const preferencesQueryKey = ['users', 'current', 'preferences'] as const;

/** GET user preferences: the ones the caller may see, in display order. */
export function getPreferences(signal?: AbortSignal): Promise<Preference[]> {
  return apiData<Preference[]>(apiPaths.preferences, { signal });
}

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: preferencesQueryKey,
    queryFn: ({ signal }) => getPreferences(signal),
  });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
