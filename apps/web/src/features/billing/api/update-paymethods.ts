import { apiPaths } from '@outpost/contracts/api-paths';
import type { Paymethods, UpdatePaymethodsInput } from '@outpost/contracts/billing';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { noteTaskCompleted } from '@/lib/native/review-notes';
import { balanceQueryKey } from './get-balance';
import { paymethodsQueryKey } from './get-paymethods';

/** The dashboard's query key (its Account Summary names the payment method). */
const dashboardQueryKey = ['users', 'current', 'dashboard'] as const;

/** PATCH billing payment methods: remove the card or the bank account, or make one default. */
export function updatePaymethods(body: UpdatePaymethodsInput): Promise<Paymethods> {
  return apiData<Paymethods>(apiPaths.paymethods, { method: 'PATCH', body });
}

/** What a payment method change alters: the methods and the dashboard's payment method. */
export function reloadPaymethods(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: paymethodsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey, exact: true }),
  ]);
}

/** What a payment alters: the balance, the history and the dashboard (and a saved card). */
export function reloadAfterPayment(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: ['billing', 'transactions'], exact: true }),
    queryClient.invalidateQueries({ queryKey: paymethodsQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey, exact: true }),
  ]);
}

export function useUpdatePaymethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymethods,
    // Spec 3 section 4: after a success the data reloads and a review prompt is triggered.
    onSuccess: () => {
      noteTaskCompleted();
      return reloadPaymethods(queryClient);
    },
  });
}
