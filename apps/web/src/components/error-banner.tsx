import { useState } from 'react';
import { cleanErrorMessage } from '@/lib/error-message';
import { CloseIcon } from './icons';

export type ErrorBannerProps = {
  /** The error to show (an ApiError, an Error, a string); nothing is shown when null or undefined. */
  error: unknown;
  /** Called after the user dismisses the banner. */
  onDismiss?: () => void;
  /**
   * 'success': a done-and-dusted notice in green, read out politely ('Invoice downloaded').
   * 'info': something to know, not a failure, in blue, read out politely.
   */
  tone?: 'error' | 'success' | 'info';
};

/** The one error banner for every page: the spec's cleaning rules, dismissible. */
export function ErrorBanner({ error, onDismiss, tone = 'error' }: ErrorBannerProps) {
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  if (error === null || error === undefined || dismissed === error) return null;

  const handleDismiss = () => {
    setDismissed(error);
    onDismiss?.();
  };

  return (
    <div
      className={tone === 'error' ? 'error-banner' : `error-banner error-banner--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <p className="error-banner__text">{cleanErrorMessage(error)}</p>
      <button
        type="button"
        className="icon-button error-banner__close"
        aria-label="Dismiss"
        onClick={handleDismiss}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
