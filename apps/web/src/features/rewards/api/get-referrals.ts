import { apiPaths } from '@outpost/contracts/api-paths';
import type { Referral } from '@outpost/contracts/referrals';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/**
 * GET referrals (view-referrals; docs/decisions/020): the account's referrals, newest first,
 * names masked. Query options only, like get-referral-offer (main chunk).
 */
export function referralsQueryOptions() {
  return queryOptions({
    queryKey: [apiPaths.referrals],
    queryFn: ({ signal }) => apiData<Referral[]>(apiPaths.referrals, { signal }),
  });
}
