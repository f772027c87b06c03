import { apiPaths } from '@outpost/contracts/api-paths';
import type { BillingTransaction } from '@outpost/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export const transactionsQueryKey = ['billing', 'transactions'] as const;

/** GET billing transactions: invoices, payments, credits and adjustments, newest first. */
export function getTransactions(signal?: AbortSignal): Promise<BillingTransaction[]> {
  return apiData<BillingTransaction[]>(apiPaths.transactions, { signal });
}

export function transactionsQueryOptions() {
  return queryOptions({
    queryKey: transactionsQueryKey,
    queryFn: ({ signal }) => getTransactions(signal),
  });
}

export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
