import type { ComponentProps } from 'react';
import { ErrorBanner } from './error-banner';

type LoadErrorProps = {
  error: ComponentProps<typeof ErrorBanner>['error'];
  onRetry: () => void;
  /** Changes with each new failure (a query's errorUpdatedAt) so a dismissed banner shows again. */
  resetKey?: number;
};

/** A failed load: the error banner and a 'Try again' button, the same on every page. */
export function LoadError({ error, onRetry, resetKey }: LoadErrorProps) {
  return (
    <div className="page-error">
      <ErrorBanner key={resetKey} error={error} />
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
