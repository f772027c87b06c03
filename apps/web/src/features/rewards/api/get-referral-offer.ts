import { apiPaths } from '@outpost/contracts/api-paths';
import type { ReferralOfferData } from '@outpost/contracts/referrals';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/**
 * GET referral offer (spec 1 section 7; docs/decisions/020): the running offer, the account's
 * code and share link; Get Started needs nothing else. The route loader prefetches it, so this
 * module is in the main chunk: it holds only the query options (pages call
 * `useQuery(referralOfferQueryOptions())`), which keeps the login page under its budget.
 */
export function referralOfferQueryOptions() {
  return queryOptions({
    queryKey: [apiPaths.referralOffer],
    queryFn: ({ signal }) => apiData<ReferralOfferData>(apiPaths.referralOffer, { signal }),
  });
}
