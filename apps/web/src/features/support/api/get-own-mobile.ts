import { apiPaths } from '@outpost/contracts/api-paths';
import type { OwnContact } from '@outpost/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/**
 * The caller's own contact (GET user contact), for the callback form's number. The same call
 * and key as My Details' (features/account), so the two pages share one cached answer; a feature
 * does not import another, hence this small twin.
 */
export function ownContactForCallbackQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'current', 'contact'] as const,
    queryFn: ({ signal }) => apiData<OwnContact>(apiPaths.ownContact, { signal }),
  });
}

export function useOwnContactForCallback() {
  return useQuery(ownContactForCallbackQueryOptions());
}
