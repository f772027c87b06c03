import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryOptions } from './get-balance';
import { gatewayInitQueryOptions } from './get-gateway-init';
import { paymethodsQueryOptions } from './get-paymethods';
import { transactionsQueryOptions } from './get-transactions';

export type BillingPath =
  '/billing/invoices' | '/billing/one-off-payment' | '/billing/recurring-payment-method';

/** A billing page's data, started by its route loader beside its code (no waterfall). */
export function prefetchBilling(queryClient: QueryClient, path: BillingPath): Promise<unknown> {
  switch (path) {
    case '/billing/invoices':
      return queryClient.prefetchQuery(transactionsQueryOptions());
    case '/billing/one-off-payment':
      return Promise.all([
        queryClient.prefetchQuery(gatewayInitQueryOptions()),
        queryClient.prefetchQuery(paymethodsQueryOptions()),
        queryClient.prefetchQuery(balanceQueryOptions()),
      ]);
    case '/billing/recurring-payment-method':
      return Promise.all([
        queryClient.prefetchQuery(paymethodsQueryOptions()),
        queryClient.prefetchQuery(gatewayInitQueryOptions()),
      ]);
  }
}
