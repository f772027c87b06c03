import { formatDollars } from '@outpost/domain/money';
import { messages } from '@outpost/contracts/messages';
import { LoadingState } from '@/components/loading-state';
import { Modal, savingStatus } from '@/components/modal';
import { noteTaskCompleted } from '@/lib/native/review-notes';
import { useEffect } from 'react';
import { outcomeTitle, type PaymentResult } from '../utils/payment-result';

const tone = { Approved: 'success', Declined: 'danger', Pending: 'warning' } as const;

/**
 * The one-off payment's result (spec 3 section 2.6): 'Processing your payment... Please wait.'
 * (cannot be closed), then Approved (green), Declined (red) or Pending (amber) with the amount,
 * the reference and the message. The outcome is the dialog's title (in its colour), said once.
 * Closing returns to the landing screen; a payment that did not go through also offers 'Try
 * again' (`onTryAgain`: back to the form it came from, filled).
 */
export function PaymentResultModal({
  result,
  onClose,
  onTryAgain,
}: {
  result: PaymentResult;
  onClose: () => void;
  onTryAgain?: () => void;
}) {
  const processing = result.kind === 'processing';
  const approved = result.kind === 'done' && result.outcome === 'Approved';
  // Native: a payment approved is a completed task; the review prompt may follow (spec 1 section 4).
  useEffect(() => {
    if (approved) noteTaskCompleted();
  }, [approved]);
  const title =
    result.kind === 'processing'
      ? 'Processing payment'
      : result.kind === 'failed'
        ? 'Payment Error'
        : outcomeTitle[result.outcome];
  const retry =
    onTryAgain !== undefined &&
    (result.kind === 'failed' || (result.kind === 'done' && result.outcome === 'Declined'));
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      status={processing ? savingStatus.processing : savingStatus.success}
      initialFocus="title"
      className="payment-result"
      {...(result.kind === 'done'
        ? { tone: tone[result.outcome] }
        : result.kind === 'failed'
          ? { tone: 'danger' as const }
          : {})}
      footer={
        processing ? undefined : retry ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <button type="button" className="button button--primary" onClick={onTryAgain}>
              Try again
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      {result.kind === 'processing' ? (
        <LoadingState label={messages.billing.processing} data={false} />
      ) : result.kind === 'failed' ? (
        <div className="payment-result__body payment-result__body--danger" role="alert">
          <p>{result.message}</p>
          {result.reference && <p>Reference: {result.reference}</p>}
        </div>
      ) : (
        <div
          className={`payment-result__body payment-result__body--${tone[result.outcome]}`}
          role="status"
        >
          <p>Amount: {formatDollars(result.amount)}</p>
          {result.reference && <p>Reference: {result.reference}</p>}
          <p>{result.message}</p>
        </div>
      )}
    </Modal>
  );
}
