import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { isReachable, subscribeReachability } from '@/lib/reachability';

/**
 * Said offline where a page's data would load but none was kept on this device
 * (docs/decisions/031): nothing is coming, so no spinner.
 */
export const NOT_KEPT_MESSAGE =
  'This has not been saved on this device yet. Connect to the internet to load it.';

function NotKept() {
  return (
    <p className="loading-state loading-state--not-kept" role="status">
      {NOT_KEPT_MESSAGE}
    </p>
  );
}

// The designed offline state is in the pages' chunk, not the login page's: the plain sentence
// until it comes, or if it cannot.
const OfflineState = lazy(() =>
  import('./offline-state').then(
    (module) => ({ default: module.OfflineState }),
    () => ({ default: NotKept }),
  ),
);

export type LoadingStateProps = {
  label?: string;
  /**
   * Shown instead of the spinner while loading online: the page's own skeleton (which says
   * what is loading itself).
   */
  placeholder?: ReactNode;
  /**
   * What loads is data (a query), the default: offline, where it cannot come, the plain 'not
   * kept' message replaces the spinner. False for a task under way (a save, a payment, the
   * page's code), which says what it is doing whatever the network.
   */
  data?: boolean;
};

/**
 * A small, announced loading indicator (never a blank page). Offline, a query without kept data
 * is paused (TanStack Query's onlineManager follows lib/reachability), so this says so and what
 * to do instead of spinning: one place for every page.
 */
export function LoadingState({ label = 'Loading…', placeholder, data = true }: LoadingStateProps) {
  // lib/reachability, not lib/online: this is in the login page's chunk, lib/online is not.
  const online = useSyncExternalStore(subscribeReachability, isReachable, () => true);
  if (data && !online)
    return (
      <Suspense fallback={<NotKept />}>
        <OfflineState>{NOT_KEPT_MESSAGE}</OfflineState>
      </Suspense>
    );
  if (placeholder !== undefined) return placeholder;
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
