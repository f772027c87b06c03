import { type QueryClient, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { formatSavedAt, offlineMessages, useOnline } from '@/lib/online';
import { getRestoredAt, startQueryPersistence, subscribeRestored } from '@/lib/query-persist';
import { tookOverSinceLastVisit } from './sw-version';
import './offline.css';

/**
 * The oldest update time of the data the page shows (its active queries), or null when the page
 * shows none; 'none' while it has no query at all.
 */
function shownDataAge(queryClient: QueryClient): number | null | 'none' {
  const active = queryClient.getQueryCache().findAll({ type: 'active' });
  if (active.length === 0) return 'none';
  const times = active.map((q) => q.state.dataUpdatedAt).filter((t) => t > 0);
  return times.length === 0 ? null : Math.min(...times);
}

function useShownDataAge(): number | null | 'none' {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const snapshot = useCallback(() => shownDataAge(queryClient), [queryClient]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Offline: the page's last-known data and when it is from. */
function OfflineBanner() {
  const age = useShownDataAge();
  return (
    <p className="offline-banner" role="status">
      {typeof age === 'number'
        ? offlineMessages.showingDataFrom(formatSavedAt(age))
        : age === null
          ? offlineMessages.noData
          : offlineMessages.showingDataFrom(formatSavedAt(getRestoredAt() ?? Date.now()))}
    </p>
  );
}

/** Online, a repeat visit: last-known data is on show while fresh data loads. */
function LastUpdatedNote() {
  const restoredAt = useSyncExternalStore(subscribeRestored, getRestoredAt, getRestoredAt);
  const fetching = useIsFetching() > 0;
  const age = useShownDataAge();
  if (restoredAt === undefined || !fetching || typeof age !== 'number' || age > restoredAt)
    return null;
  return (
    <p className="last-updated-note" role="status">
      {offlineMessages.lastUpdated(formatSavedAt(age))}
    </p>
  );
}

/** Once, quietly, on the first visit after a new version of the app took over. */
function UpdatedNote() {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    let active = true;
    void tookOverSinceLastVisit().then((yes) => {
      if (active && yes) setUpdated(true);
    });
    return () => {
      active = false;
    };
  }, []);
  if (!updated) return null;
  return (
    <p className="updated-note" role="status">
      <span>{offlineMessages.updated}</span>
      <button
        type="button"
        className="updated-note__close"
        aria-label="Dismiss"
        onClick={() => setUpdated(false)}
      >
        ×
      </button>
    </p>
  );
}

/**
 * The offline-first shell's part of a logged-in page (docs/decisions/031), loaded after the page:
 * keeps the user's last-known data (lib/query-persist.ts), says when the page shows it, and notes
 * a new version of the app.
 */
export function OfflineShell() {
  const queryClient = useQueryClient();
  const online = useOnline();
  // Not stopped on unmount: it follows the session itself (a logout removes the kept data).
  useEffect(() => {
    startQueryPersistence(queryClient);
  }, [queryClient]);
  return (
    <div className="offline-shell">
      {!online && <OfflineBanner />}
      {/* Notes that come and go while the page is on show float over it: nothing moves. */}
      <div className="offline-shell__notes">
        {online && <LastUpdatedNote />}
        <UpdatedNote />
      </div>
    </div>
  );
}
