import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { ContactPermission } from '@outpost/contracts/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const contactPermissionsQueryKey = (userid: number) =>
  ['users', userid, 'permissions'] as const;

/** GET /api/portal/users/{id}/permissions/: a contact's permissions, as they hold them now. */
export function getContactPermissions(
  userid: number,
  signal?: AbortSignal,
): Promise<ContactPermission[]> {
  return apiData<ContactPermission[]>(buildPath(apiPaths.contactPermissions, { userid }), {
    signal,
  });
}

/** Always read afresh when a wizard opens: another admin may have changed them. */
export function contactPermissionsQueryOptions(userid: number) {
  return queryOptions({
    queryKey: contactPermissionsQueryKey(userid),
    queryFn: ({ signal }) => getContactPermissions(userid, signal),
    staleTime: 0,
  });
}

export function useContactPermissions(userid: number) {
  return useQuery(contactPermissionsQueryOptions(userid));
}
