import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from './empty-state';

/**
 * Offline, data that was never kept on this device (components/loading-state loads this lazily:
 * it is in the pages' 'kit' chunk, the service worker keeps it for offline use). The way on is a
 * page that is kept: the Dashboard.
 */
export function OfflineState({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <EmptyState
      kind="offline"
      compact
      role="status"
      title="You're offline"
      action={
        pathname === '/' ? undefined : (
          <Link to="/" className="button button--secondary">
            Go to the Dashboard
          </Link>
        )
      }
    >
      <p>{children}</p>
    </EmptyState>
  );
}
