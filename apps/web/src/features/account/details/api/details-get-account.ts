import { apiPaths } from '@outpost/contracts/api-paths';
import type { UserAccount } from '@outpost/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const userAccountQueryKey = ['users', 'current', 'account'] as const;

/** GET user account: the My Details summary (account id, holder, services count, balance). */
export function getUserAccount(signal?: AbortSignal): Promise<UserAccount> {
  return apiData<UserAccount>(apiPaths.userAccount, { signal });
}

export function userAccountQueryOptions() {
  return queryOptions({
    queryKey: userAccountQueryKey,
    queryFn: ({ signal }) => getUserAccount(signal),
  });
}

/** `enabled` false: the caller may not see the summary (no view-account), nothing is fetched. */
export function useUserAccount(enabled = true) {
  return useQuery({ ...userAccountQueryOptions(), enabled });
}
