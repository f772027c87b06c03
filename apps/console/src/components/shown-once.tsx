import type { ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * A secret shown once (an API key, a webhook's signing secret, an authenticator secret): the
 * server keeps only its hash or gives it out only now, so the dialog says so and holds it in a
 * box that selects whole.
 */
export function ShownOnce({
  value,
  title,
  description,
  doneLabel = 'I have copied it',
  onDone,
  children,
}: {
  /** The secret, or null when the dialog is closed. */
  value: string | null;
  title: string;
  description: string;
  doneLabel?: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={title}
      description={description}
    >
      <p className="secret mono">{value}</p>
      {children}
      <div className="form-actions">
        <button type="button" className="button primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </Dialog>
  );
}
