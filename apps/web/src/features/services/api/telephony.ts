import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BarringOption, OrderResult, TelephonyFeature } from '@outpost/contracts/orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET .../services/{id}/barringoptions/: the modes, the current one selected. */
export function barringOptionsQueryOptions(serviceid: number) {
  return queryOptions({
    queryKey: ['services', serviceid, 'barringoptions'] as const,
    queryFn: ({ signal }) =>
      apiData<BarringOption[]>(buildPath(apiPaths.barringOptions, { serviceid }), { signal }),
  });
}

export const useBarringOptions = (serviceid: number) =>
  useQuery(barringOptionsQueryOptions(serviceid));

/** GET .../services/{id}/telephonyfeatures/: the landline options the user may see. */
export function telephonyFeaturesQueryOptions(serviceid: number) {
  return queryOptions({
    queryKey: ['services', serviceid, 'telephonyfeatures'] as const,
    queryFn: ({ signal }) =>
      apiData<TelephonyFeature[]>(buildPath(apiPaths.telephonyFeatures, { serviceid }), {
        signal,
      }),
  });
}

export const useTelephonyFeatures = (serviceid: number) =>
  useQuery(telephonyFeaturesQueryOptions(serviceid));

export type SetBarringInput = { serviceid: number; barring_mode: string };

/** PATCH .../services/{id}/ with barring_mode: an order and its ticket. */
export function useSetBarring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceid, barring_mode }: SetBarringInput) =>
      apiData<OrderResult>(buildPath(apiPaths.service, { serviceid }), {
        method: 'PATCH',
        body: { barring_mode },
      }),
    onSuccess: (_result, { serviceid }) =>
      queryClient.invalidateQueries({ queryKey: barringOptionsQueryOptions(serviceid).queryKey }),
  });
}

export type SetFeaturesInput = {
  serviceid: number;
  changes: { featureid: number; value: string }[];
};

/** PATCH .../services/{id}/telephonyfeatures/ with the changed features only. */
export function useSetTelephonyFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceid, changes }: SetFeaturesInput) =>
      apiData<OrderResult>(buildPath(apiPaths.telephonyFeatures, { serviceid }), {
        method: 'PATCH',
        body: changes,
      }),
    onSuccess: (_result, { serviceid }) =>
      queryClient.invalidateQueries({
        queryKey: telephonyFeaturesQueryOptions(serviceid).queryKey,
      }),
  });
}
