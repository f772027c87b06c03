import { formatDollars } from '@outpost/domain/money';
import { paymentOutcome, paymentReference } from '@outpost/domain/billing-rules';
import { messages } from '@outpost/contracts/messages';

/** What the one-off payment's result modal shows (spec 3 sections 2.6, 4 and 8). */
export type PaymentResult =
  | { kind: 'processing' }
  | {
      kind: 'done';
      outcome: 'Approved' | 'Declined' | 'Pending';
      /** Cents. */
      amount: number;
      reference: string | null;
      message: string;
    }
  | { kind: 'failed'; reference: string | null; message: string };

export const outcomeTitle = {
  Approved: messages.billing.approved,
  Declined: messages.billing.declined,
  Pending: 'Payment Pending',
} as const;

/** The post-payment answer (new card, or back from the bank's authentication page). */
export function postPaymentResult(
  answer: { amount: number; stripe_status: string; user_message: string },
  prepareId: number,
): PaymentResult {
  const reference = paymentReference(prepareId);
  const outcome = paymentOutcome(answer.stripe_status);
  if (outcome === 'Pending')
    return {
      kind: 'done',
      outcome,
      amount: answer.amount,
      reference,
      message: messages.billing.pending,
    };
  if (!answer.user_message)
    return { kind: 'failed', reference, message: messages.billing.postFailed };
  return { kind: 'done', outcome, amount: answer.amount, reference, message: answer.user_message };
}

export type ExistingCardAnswer = {
  ok: boolean;
  error: string | null;
  card: { type: string; last4: string } | null;
  payment: {
    stripe_status: string;
    stripe_reason: string | null;
    receipt_id: string | null;
    amount: number;
    prepareid: number;
  } | null;
};

/** The existing-card commit's answer; ok false is the provider's support message. */
export function existingCardResult(
  answer: ExistingCardAnswer,
  prepareId: number,
  providerName: string,
): PaymentResult {
  const reference = paymentReference(answer.payment?.prepareid ?? prepareId);
  const payment = answer.payment;
  if (!payment) {
    return {
      kind: 'failed',
      reference,
      message: answer.ok
        ? messages.billing.postFailed
        : messages.billing.existingCardFailed(providerName),
    };
  }
  const outcome = paymentOutcome(payment.stripe_status);
  const card = answer.card ? `${answer.card.type} ending in ${answer.card.last4}` : 'card';
  const message =
    outcome === 'Approved'
      ? `Your payment of ${formatDollars(payment.amount)} by ${card} was approved by your bank.${payment.receipt_id ? ` Receipt number: ${payment.receipt_id}.` : ''}`
      : outcome === 'Pending'
        ? messages.billing.pending
        : answer.ok
          ? `Your payment of ${formatDollars(payment.amount)} by ${card} was declined.${payment.stripe_reason ? ` ${payment.stripe_reason}` : ''}`
          : messages.billing.existingCardFailed(providerName);
  return { kind: 'done', outcome, amount: payment.amount, reference, message };
}
