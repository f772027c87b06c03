import { apiPaths } from '@outpost/contracts/api-paths';
import type { ReferralOfferData } from '@outpost/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const referralOfferQueryKey = ['accounts', 'current', 'referraloffer'] as const;

/**
 * GET referral offer (spec 1 section 7; docs/decisions/020): the running offer, the account's
 * code and share link. Get Started needs nothing else: one round trip.
 */
export function getReferralOffer(signal?: AbortSignal): Promise<ReferralOfferData> {
  return apiData<ReferralOfferData>(apiPaths.referralOffer, { signal });
}

export function referralOfferQueryOptions() {
  return queryOptions({
    queryKey: referralOfferQueryKey,
    queryFn: ({ signal }) => getReferralOffer(signal),
    // The code never changes; the offer rarely.
    staleTime: 10 * 60_000,
  });
}

export function useReferralOffer() {
  return useQuery(referralOfferQueryOptions());
}
