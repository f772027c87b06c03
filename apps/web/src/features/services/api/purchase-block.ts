import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BlockPurchase } from '@outpost/contracts/services';
import { type QueryClient, useMutation } from '@tanstack/react-query';
import { blocksPurchasedQueryKey } from './get-blocks-purchased';
import { servicesQueryKey } from '@/lib/services-query';
import { prepareCommit } from '@/lib/prepare-commit';

export type PurchaseBlockInput = { serviceid: number; dbid: number };

/**
 * Buy a data block: POST .../services/{id}/purchaseblock/prepare/ {dbid} for the csrf, then
 * .../commit/ {dbid, csrf}. A repeated commit returns the same purchase (the server applies it once).
 */
export async function purchaseBlock({
  serviceid,
  dbid,
}: PurchaseBlockInput): Promise<BlockPurchase> {
  return prepareCommit<BlockPurchase>({
    prepare: buildPath(apiPaths.purchaseBlockPrepare, { serviceid }),
    commit: buildPath(apiPaths.purchaseBlockCommit, { serviceid }),
    body: { dbid },
  });
}

/**
 * What a purchase changes: the services list and the service's purchases. Reloaded when the
 * modal closes after a purchase (spec 2 section 4), not while it shows the success.
 */
export function reloadAfterPurchase(queryClient: QueryClient, serviceid: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: servicesQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: blocksPurchasedQueryKey(serviceid), exact: true }),
  ]);
}

export function usePurchaseBlock() {
  return useMutation({ mutationFn: purchaseBlock });
}
