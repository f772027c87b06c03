import type { Callback } from '@outpost/contracts/callbacks';
import { slotLabel } from '@outpost/domain/callback-slots';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { WizardModal, WizardStep } from '@/components/wizard';
import { WizardConfirmActions } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useQuery } from '@tanstack/react-query';
import { callbacksQueryOptions } from '../api/get-callbacks';
import { useCancelCallback } from '../api/cancel-callback';
import { deviceTimeZone } from '../utils/time-zone';

/** The summary, and the caller's own time when their clock reads otherwise. */
function yourTime(callback: Callback): string | null {
  try {
    const label = slotLabel(new Date(callback.slot), deviceTimeZone());
    return label.same ? null : `${label.local} your time`;
  } catch {
    return null;
  }
}

/**
 * 'Your callbacks': the caller's upcoming callbacks, each with Cancel before its time, then those
 * ended in the last 30 days with what became of them ('Called', 'No answer', decision 059).
 */
export function CallbackList() {
  const callbacks = useQuery(callbacksQueryOptions());
  const [cancelling, setCancelling] = useState<Callback | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);

  return (
    <section className="page-section callback-list" aria-labelledby="callback-list-heading">
      <h2 id="callback-list-heading">Your callbacks</h2>
      <p className="callback-list__status" role="status">
        {cancelled}
      </p>
      {callbacks.isError ? (
        <LoadError
          error={callbacks.error}
          onRetry={() => void callbacks.refetch()}
          resetKey={callbacks.errorUpdatedAt}
        />
      ) : callbacks.data === undefined ? (
        <div className="skeleton callback-list__loading" aria-busy="true">
          <span className="visually-hidden">Loading your callbacks…</span>
          <span className="skeleton__line" aria-hidden="true" />
          <span className="skeleton__line skeleton__line--short" aria-hidden="true" />
        </div>
      ) : callbacks.data.length === 0 ? (
        <EmptyState
          compact
          className="callback-list__empty"
          title="You have no callbacks booked."
        />
      ) : (
        <ul className="callback-list__items">
          {callbacks.data.map((callback) => {
            const local = yourTime(callback);
            return (
              <li key={callback.callbackid} className="callback-list__item">
                <div>
                  <p className="callback-list__summary">{callback.summary}</p>
                  {local && <p className="callback-list__meta">{local}</p>}
                  <p className="callback-list__meta">
                    We will call {callback.phone} · Ticket {callback.ticket_number}
                  </p>
                </div>
                {callback.outcome_label ? (
                  <p className="callback-list__meta callback-list__outcome">
                    {callback.outcome_label}
                  </p>
                ) : callback.cancellable ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setCancelled(null);
                      setCancelling(callback);
                    }}
                  >
                    Cancel<span className="visually-hidden"> the call {callback.summary}</span>
                  </button>
                ) : (
                  <p className="callback-list__meta">Due now</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {cancelling && (
        <CancelCallbackModal
          callback={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelled(`Your callback (${cancelling.summary}) has been cancelled.`);
            setCancelling(null);
          }}
        />
      )}
    </section>
  );
}

type CancelStep = 'confirm' | 'cancelling';

function CancelCallbackModal({
  callback,
  onClose,
  onCancelled,
}: {
  callback: Callback;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const flow = useWizardFlow<CancelStep>({ first: 'confirm', onClose });
  const cancel = flow.submitter(useCancelCallback(), {
    savingStep: 'cancelling',
    errorStep: 'confirm',
    event: 'Cancel Callback',
    onSuccess: onCancelled,
  });
  return (
    <WizardModal
      flow={flow}
      title="Cancel Callback"
      initialFocus="title"
      footer={
        flow.step === 'confirm' ? (
          <WizardConfirmActions
            cancelLabel="Keep it"
            onCancel={onClose}
            confirmLabel="Cancel the callback"
            onConfirm={() => cancel(callback.callbackid)}
            saving={flow.saving}
          />
        ) : undefined
      }
    >
      <WizardStep flow={flow} id="confirm">
        <p>
          We will not call you at {callback.summary}. Ticket {callback.ticket_number} will be
          closed.
        </p>
        <p>Would you like to cancel this callback?</p>
      </WizardStep>
      <WizardStep flow={flow} id="cancelling" progress="Cancelling your callback… Please wait." />
    </WizardModal>
  );
}
