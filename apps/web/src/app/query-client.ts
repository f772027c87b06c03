import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { isReachable, subscribeReachability } from '@/lib/reachability';
import { getSessionSnapshot } from '@/lib/session';

/**
 * How long a query no page shows stays in memory. The device keeps only what memory holds
 * (lib/query-persist saves the cache), so TanStack Query's 5-minute default would drop a page
 * visited earlier in a long visit from the device too, and it would not be there offline.
 */
export const KEEP_UNUSED_MS = 24 * 3_600_000;

/**
 * Tuned for satellite links: no refetch on window focus (every refetch is a 600 ms round trip
 * and part of a data quota), one retry only for network failures (4xx/5xx answers are final).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: KEEP_UNUSED_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && isApiError(error) && error.kind === 'HTTP',
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Online means the browser's flag and the server answering (lib/reachability): offline, queries
// pause, keeping last-known data (docs/decisions/031), instead of failing. A page loaded offline
// gets no 'offline' event: it starts paused.
if (typeof window !== 'undefined')
  onlineManager.setEventListener((setOnline) => {
    setOnline(isReachable());
    return subscribeReachability(() => setOnline(isReachable()));
  });

// A repeat visit (the page came from the service worker): last-known data is read as the app
// boots, not after the logged-in layout's lazy offline shell has loaded (decision 031), and the
// first render waits for it (main.tsx; a few tens of ms): the page shows its kept data at once
// instead of a skeleton that the data then pushes about. A first visit leaves it to the shell:
// there is nothing kept yet, and its chunk would compete with the page's own for the link.
const lastKnownData: Promise<void> | null =
  typeof navigator !== 'undefined' &&
  navigator.serviceWorker?.controller &&
  getSessionSnapshot().loggedIn
    ? import('@/lib/query-persist')
        .then((m) => {
          m.startQueryPersistence(queryClient);
          return m.restored();
        })
        .catch(() => undefined)
    : null;

/**
 * The kept data read, or 300 ms gone, whichever comes first (a slow or broken IndexedDB must not
 * hold the page): what the first render (main.tsx) and the dashboard's hold (pages.ts)
 * wait for on a repeat visit. Null on any other visit: nothing to wait for.
 */
export const keptDataRead: Promise<void> | null =
  lastKnownData &&
  Promise.race([lastKnownData, new Promise<void>((resolve) => setTimeout(resolve, 300))]);
