import { apiPaths } from '@outpost/contracts/api-paths';
import type { GatewayInit } from '@outpost/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET gateway init: the publishable key, the mode (Stripe or sandbox) and its test numbers. */
export function getGatewayInit(signal?: AbortSignal): Promise<GatewayInit> {
  return apiData<GatewayInit>(apiPaths.gatewayInit, { signal });
}

export function gatewayInitQueryOptions() {
  return queryOptions({
    queryKey: ['gateway', 'init'] as const,
    queryFn: ({ signal }) => getGatewayInit(signal),
    staleTime: Infinity,
  });
}

export function useGatewayInit() {
  return useQuery(gatewayInitQueryOptions());
}
