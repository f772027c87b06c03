import { apiPaths } from '@outpost/contracts/api-paths';
import type { AccountBalance } from '@outpost/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const balanceQueryKey = ['billing', 'balance'] as const;

/** GET account balance: cents (positive is owing) and its status. */
export function getBalance(signal?: AbortSignal): Promise<AccountBalance> {
  return apiData<AccountBalance>(apiPaths.balance, { signal });
}

export function balanceQueryOptions() {
  return queryOptions({ queryKey: balanceQueryKey, queryFn: ({ signal }) => getBalance(signal) });
}

export function useBalance() {
  return useQuery(balanceQueryOptions());
}
