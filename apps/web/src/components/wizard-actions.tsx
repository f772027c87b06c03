import { type ReactNode, useId } from 'react';
import { useServerAction } from '@/lib/online';
import { ServerActionReason } from './server-action-button';
import type { WizardFlow } from './wizard-flow';

/**
 * A confirm step's footer: the way out and the one action, which waits while the change is
 * being saved (so a second click cannot send it twice). `cancelWaits`: the way out (a Back) waits
 * too, so the step cannot change under a running save.
 */
export function WizardConfirmActions({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  saving,
  cancelWaits = false,
}: {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  saving: boolean;
  cancelWaits?: boolean;
}) {
  // The change needs the server: offline the action waits, saying why (lib/online.ts).
  const serverAction = useServerAction();
  const reasonId = useId();
  return (
    <>
      {serverAction.reason && <ServerActionReason id={reasonId} reason={serverAction.reason} />}
      <button type="button" className="button" disabled={cancelWaits && saving} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={saving || serverAction.disabled}
        aria-describedby={serverAction.reason ? reasonId : undefined}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </>
  );
}

/** A step's way on: Next, disabled until the step can go on. */
export function WizardNextButton({
  disabled,
  onClick,
}: {
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button button--primary" disabled={disabled} onClick={onClick}>
      Next
    </button>
  );
}

/** A first step's footer: Close, and Next. */
export function WizardCloseNext({
  onClose,
  nextDisabled,
  onNext,
}: {
  onClose: () => void;
  nextDisabled: boolean;
  onNext: () => void;
}) {
  return (
    <>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
      <WizardNextButton disabled={nextDisabled} onClick={onNext} />
    </>
  );
}

/** A confirm step's footer: Back (which waits while the change is saved) and Confirm. */
export function WizardBackConfirm<S extends string>({
  flow,
  confirmLabel = 'Confirm',
  onConfirm,
}: {
  flow: WizardFlow<S>;
  confirmLabel?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <WizardConfirmActions
      cancelLabel="Back"
      onCancel={flow.back}
      cancelWaits
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      saving={flow.saving}
    />
  );
}
