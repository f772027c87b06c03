import { useInfiniteQuery } from '@tanstack/react-query';
import { networkStatusQueryOptions } from './get-network-status';

/**
 * The advisories loaded so far; 'Load More' fetches the next pair. Apart from the query options
 * (which the route's loader in the entry chunk uses), so TanStack Query's infinite-query observer
 * loads with this page only, not on the login page (vite.config.ts).
 */
export function useNetworkStatus() {
  return useInfiniteQuery(networkStatusQueryOptions());
}
