import { apiPaths } from '@outpost/contracts/api-paths';
import type { Referral } from '@outpost/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const referralsQueryKey = ['accounts', 'current', 'referrals'] as const;

/** GET referrals (view-referrals): the account's referrals, newest first, names masked. */
export function getReferrals(signal?: AbortSignal): Promise<Referral[]> {
  return apiData<Referral[]>(apiPaths.referrals, { signal });
}

export function referralsQueryOptions() {
  return queryOptions({
    queryKey: referralsQueryKey,
    queryFn: ({ signal }) => getReferrals(signal),
  });
}

export function useReferrals() {
  return useQuery(referralsQueryOptions());
}
