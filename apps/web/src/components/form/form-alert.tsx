import type { ReactNode } from 'react';
import { cleanErrorMessage } from '@/lib/error-message';

/**
 * One message box for a form or a step: a failure (role alert: read out at once), or with
 * `tone="info"` something the user must do next that is not a failure (a polite status).
 */
export function FormAlert({
  error,
  tone = 'error',
  children,
}: {
  error?: unknown;
  tone?: 'error' | 'info';
  children?: ReactNode;
}) {
  if (error === undefined && children === undefined) return null;
  return (
    <div
      className={tone === 'info' ? 'form-alert form-alert--info' : 'form-alert'}
      role={tone === 'info' ? 'status' : 'alert'}
    >
      {children ?? cleanErrorMessage(error)}
    </div>
  );
}

/** A form's submit button: disabled while busy, saying so ('Logging in...'). */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
