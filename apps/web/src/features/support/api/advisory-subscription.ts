import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { AdvisoriesPage, AdvisoryDetail } from '@outpost/contracts/advisories';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { advisoryQueryKey } from './get-advisory';
import { networkStatusQueryKey } from './get-network-status';

type Subscription = { advisoryid: number; subscribed: boolean };

/** POST (subscribe) or DELETE (unsubscribe) the caller's subscription to an advisory's updates. */
export function setAdvisorySubscription(input: Subscription): Promise<Subscription> {
  const path = buildPath(apiPaths.advisorySubscription, { advisoryid: input.advisoryid });
  return input.subscribed
    ? apiData<Subscription>(path, { method: 'POST', body: {} })
    : apiData<Subscription>(path, { method: 'DELETE' });
}

/** Subscribes or unsubscribes, then marks the advisory in the loaded pages (no refetch). */
export function useAdvisorySubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdvisorySubscription,
    onSuccess: (result) => {
      queryClient.setQueryData<AdvisoryDetail>(
        advisoryQueryKey(result.advisoryid),
        (detail) => detail && { ...detail, subscribed: result.subscribed },
      );
      queryClient.setQueryData<InfiniteData<AdvisoriesPage, number>>(
        networkStatusQueryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) =>
                item.advisoryid === result.advisoryid
                  ? { ...item, detail: { ...item.detail, subscribed: result.subscribed } }
                  : item,
              ),
            })),
          },
      );
    },
  });
}
