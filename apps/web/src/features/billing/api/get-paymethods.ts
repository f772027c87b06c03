import { apiPaths } from '@outpost/contracts/api-paths';
import type { Paymethods } from '@outpost/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const paymethodsQueryKey = ['billing', 'paymethods'] as const;

/** GET billing payment methods: the current method, the saved card and the saved bank account. */
export function getPaymethods(signal?: AbortSignal): Promise<Paymethods> {
  return apiData<Paymethods>(apiPaths.paymethods, { signal });
}

export function paymethodsQueryOptions() {
  return queryOptions({
    queryKey: paymethodsQueryKey,
    queryFn: ({ signal }) => getPaymethods(signal),
  });
}

export function usePaymethods() {
  return useQuery(paymethodsQueryOptions());
}
