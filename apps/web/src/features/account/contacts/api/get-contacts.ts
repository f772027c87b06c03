import { apiPaths } from '@outpost/contracts/api-paths';
import type { ContactListItem } from '@outpost/contracts/contacts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const contactsQueryKey = ['users', 'current', 'contacts'] as const;

/** GET /api/portal/users/current/contacts/: the account's contacts (view-users). */
export function getContacts(signal?: AbortSignal): Promise<ContactListItem[]> {
  return apiData<ContactListItem[]>(apiPaths.contacts, { signal });
}

export function contactsQueryOptions() {
  return queryOptions({
    queryKey: contactsQueryKey,
    queryFn: ({ signal }) => getContacts(signal),
  });
}

export function useContacts() {
  return useQuery(contactsQueryOptions());
}
