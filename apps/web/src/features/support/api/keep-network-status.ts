import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { networkStatusQueryOptions } from './get-network-status';

/** A kept copy younger than this is not fetched again from the dashboard (a round trip each time). */
const FRESH_ENOUGH_MS = 10 * 60 * 1000;

/**
 * Fetches the first page of Outages & Network Status once `ready` (the dashboard has its own data,
 * so this never competes with it), so it is kept on the device with the rest (lib/query-persist):
 * the page people need during an outage then works offline without ever having been opened.
 * Nothing is fetched while the copy is under 10 minutes old (the page itself refreshes it when
 * opened online).
 */
export function useKeepNetworkStatus(ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    void queryClient.prefetchInfiniteQuery({
      ...networkStatusQueryOptions(),
      staleTime: FRESH_ENOUGH_MS,
    });
  }, [ready, queryClient]);
}
