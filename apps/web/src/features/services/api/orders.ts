import { apiPaths } from '@outpost/contracts/api-paths';
import type { OrderInput, OrderResult, ProviderOption } from '@outpost/contracts/orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { prepareCommit } from '@/lib/prepare-commit';
import { servicesQueryKey } from '@/lib/services-query';

export type ProviderKind = 'landline' | 'voip';

/** GET .../services/providers/{landline|voip}/: the providers a number can come from. */
export function providersQueryOptions(kind: ProviderKind) {
  return queryOptions({
    queryKey: ['services', 'providers', kind] as const,
    queryFn: ({ signal }) =>
      apiData<ProviderOption[]>(
        kind === 'landline' ? apiPaths.landlineProviders : apiPaths.voipProviders,
        { signal },
      ),
    // The list changes rarely.
    staleTime: 30 * 60_000,
  });
}

export const useProviders = (kind: ProviderKind, enabled = true) =>
  useQuery({ ...providersQueryOptions(kind), enabled });

/**
 * A transfer or new VoIP order (spec 2 section 7): POST prepare-order with the application (and a
 * landline transfer's agreement), then commit-order with the csrf. A failure carries its phase
 * and, for a field the server refused, its field errors (ApiError.phase, ApiError.fields).
 */
export function placeOrder(input: OrderInput): Promise<OrderResult> {
  return prepareCommit<OrderResult>({
    prepare: apiPaths.prepareOrder,
    commit: apiPaths.commitOrder,
    body: input,
  });
}

/** Reloads the services list afterwards (an order may change what a service offers). */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey, exact: true }),
  });
}
