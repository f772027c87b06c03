import { apiPaths } from '@outpost/contracts/api-paths';
import type { Service } from '@outpost/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './api-client';

/**
 * The account's services list, shared by My Services, Data Blocks and Data Usage (its plan
 * selector): one cache entry, so moving between those pages costs no second request.
 */

export const servicesQueryKey = ['services', 'list'] as const;

/** GET /api/portal/services/: the account's services, active Broadband first, with upcoming changes. */
export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return apiData<Service[]>(apiPaths.services, { signal });
}

export function servicesQueryOptions() {
  return queryOptions({
    queryKey: servicesQueryKey,
    queryFn: ({ signal }) => getServices(signal),
  });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
