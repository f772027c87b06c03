import { apiPaths } from '@outpost/contracts/api-paths';
import type { OrderResult, Product, ProductOrderInput } from '@outpost/contracts/orders';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { prepareCommit } from '@/lib/prepare-commit';

/** GET .../services/products/: the product catalogue (prices in cents, a small image each). */
export function productsQueryOptions() {
  return queryOptions({
    queryKey: ['services', 'products'] as const,
    queryFn: ({ signal }) => apiData<Product[]>(apiPaths.products, { signal }),
    // The catalogue changes rarely: opening the modal again needs no second round trip.
    staleTime: 10 * 60_000,
  });
}

export const useProducts = () => useQuery(productsQueryOptions());

/**
 * Order a product (spec 2 section 4): POST .../products/prepare-order/ with the product and the
 * addresses for the csrf, then .../commit-order/ with the same and the csrf. A failure carries
 * its phase and, for a refused address, the server's field errors (ApiError.fields).
 */
export function orderProduct(input: ProductOrderInput): Promise<OrderResult> {
  return prepareCommit<OrderResult>({
    prepare: apiPaths.productOrderPrepare,
    commit: apiPaths.productOrderCommit,
    body: input,
  });
}

export const useOrderProduct = () => useMutation({ mutationFn: orderProduct });
