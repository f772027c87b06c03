import { apiPaths } from '@outpost/contracts/api-paths';
import type { OwnContact } from '@outpost/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const ownContactQueryKey = ['users', 'current', 'contact'] as const;

/** GET user contact: the caller's own details. */
export function getOwnContact(signal?: AbortSignal): Promise<OwnContact> {
  return apiData<OwnContact>(apiPaths.ownContact, { signal });
}

export function ownContactQueryOptions() {
  return queryOptions({
    queryKey: ownContactQueryKey,
    queryFn: ({ signal }) => getOwnContact(signal),
  });
}

export function useOwnContact() {
  return useQuery(ownContactQueryOptions());
}
