import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Which queries show a last-known copy restored from this device (lib/query-persist.ts) rather
 * than data this page fetched or set. Kept apart from query-persist so a page can ask without
 * loading IndexedDB's code. A query is a restored copy while its data is the one restored: the
 * first fetch or setQueryData after that changes its update time, and it is a copy no longer.
 */
const restored = new WeakMap<Query, number>();

/** Marks the query's current data as the copy restored from the device. */
export function markRestored(query: Query): void {
  restored.set(query, query.state.dataUpdatedAt);
}

/** Whether the query under `queryKey` still holds the data restored from the device. */
export function isRestoredCopy(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  return query !== undefined && restored.get(query) === query.state.dataUpdatedAt;
}
