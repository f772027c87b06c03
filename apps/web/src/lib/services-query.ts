import { apiPaths } from '@outpost/contracts/api-paths';
import { hasAllPermissions, type PermissionMap } from '@outpost/contracts/permissions';
import type { ActivityService, Service } from '@outpost/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from './api-client';
import { getStoredPermissions, useSession } from './session';

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

/**
 * The services Data Usage and Data Blocks pick from. They open with view-activity: a contact who
 * also holds view-services reads the full list (the cache My Services shares); one who does not
 * reads the cut-down list of GET services/activity/ (docs/decisions/039), which the full list
 * would refuse them.
 */
export function activityServicesQueryOptions(held: PermissionMap = getStoredPermissions()) {
  const full = hasAllPermissions(held, ['view-services']);
  return queryOptions<ActivityService[]>({
    queryKey: full ? servicesQueryKey : ['services', 'activity'],
    queryFn: ({ signal }) =>
      full
        ? getServices(signal)
        : apiData<ActivityService[]>(apiPaths.activityServices, { signal }),
  });
}

export function useActivityServices() {
  return useQuery(activityServicesQueryOptions(useSession().permissions));
}
