import type { GatewayInit } from '@outpost/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentGatewayClient } from './types';

/**
 * The gateway client for the mode the server runs: each implementation is its own chunk, so
 * Stripe.js's loader is downloaded only on the billing pages and only in Stripe mode.
 */
export async function loadGatewayClient(init: GatewayInit): Promise<PaymentGatewayClient> {
  if (init.mode === 'stripe') {
    const { createStripeClient } = await import('./stripe-client');
    return createStripeClient(init.stripePublishableKey);
  }
  const { sandboxClient } = await import('./sandbox-client');
  return sandboxClient;
}

export function gatewayClientQueryOptions(init: GatewayInit | undefined) {
  return queryOptions({
    queryKey: ['gateway', 'client', init?.mode, init?.stripePublishableKey] as const,
    queryFn: () => loadGatewayClient(init!),
    enabled: init !== undefined,
    staleTime: Infinity,
    structuralSharing: false,
  });
}

export function useGatewayClient(init: GatewayInit | undefined) {
  return useQuery(gatewayClientQueryOptions(init));
}
