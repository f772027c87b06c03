import type { ComponentProps } from 'react';
import { EmptyState } from './empty-state';
import { ErrorBanner } from './error-banner';

type LoadErrorProps = {
  error: ComponentProps<typeof ErrorBanner>['error'];
  onRetry: () => void;
  /** Changes with each new failure (a query's errorUpdatedAt) so a dismissed banner shows again. */
  resetKey?: number;
};

/**
 * A failed load: the designed error state with the error banner (spec 1 section 8's words) and
 * 'Try again', the same on every page. In the pages' 'kit' chunk: the login page never loads data.
 */
export function LoadError({ error, onRetry, resetKey }: LoadErrorProps) {
  return (
    <EmptyState
      kind="error"
      compact
      className="page-error"
      action={
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      }
    >
      <ErrorBanner key={resetKey} error={error} />
    </EmptyState>
  );
}
