import { and, eq } from 'drizzle-orm';
import type { PaymentIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { invoices, paymethods } from '../billing/billing.schema';
import { markInvoicePaid } from '../billing/invoices.service';
import { appendTransaction, balanceCents } from '../billing/ledger';
import { PAYMETHOD_CARD, PAYMETHOD_NONE } from '@outpost/domain/billing-rules';
import { declineCode, declineText } from '@outpost/contracts/payment-declines';
import { payments } from './payments.schema';
import { emitEvent } from '../webhooks/webhooks.service';
import { brandName } from './paymethods.service';

export type PaymentRow = typeof payments.$inferSelect;

/** The states after which nothing more happens to a payment. */
const FINAL = new Set(['succeeded', 'failed', 'canceled']);

export type Settled = {
  payment: PaymentRow;
  /** True when this call recorded the outcome (false: it was already recorded, or still open). */
  recorded: boolean;
};

/**
 * Records what the gateway says of a payment's PaymentIntent (docs/decisions/015). The one place a
 * payment reaches the ledger: the post call, the webhook, the saved-card commit and the billing
 * run all come here, in any order and at once. The payment row is locked, a final state is never
 * changed, and `transactions.payment_id` is unique: a success is recorded exactly once.
 *
 * - succeeded: a Payment entry (minus the amount), the invoice it pays marked Paid when nothing is
 *   left owing, and a new card kept for automatic payments when the customer asked.
 * - processing: noted; the webhook (or a later read) finishes it.
 * - requires_payment_method / canceled with an error: failed. The balance does not change; an
 *   automatic charge (billing run) also writes a failed Payment of 0 so the customer sees it.
 * - requires_action / requires_confirmation: still with the customer; nothing changes.
 *
 * `intent` must come from the gateway (retrieve or the verified event), never from the client.
 */
export async function settlePayment(
  db: Db,
  paymentId: number,
  intent: PaymentIntentInfo,
  now: Date,
): Promise<Settled> {
  return withTransaction(db, async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    if (payment.intentId !== null && payment.intentId !== intent.id)
      throw new Error(`payment ${paymentId} belongs to another intent`);
    // A new card's declined attempt leaves its PaymentIntent open: the customer may try again with
    // another card on the same intent, so a later success is still recorded (a decline of a new
    // card writes no ledger row, so the one Payment row is still free).
    const retried =
      payment.status === 'failed' && payment.kind === 'new-card' && intent.status === 'succeeded';
    if (FINAL.has(payment.status) && !retried) return { payment, recorded: false };

    const gatewayCard = intent.paymentMethod?.card ?? null;
    // Brands as people read them: the gateway's 'visa' is 'Visa' ('Visa ending in 4242').
    const card = gatewayCard ? { ...gatewayCard, brand: brandName(gatewayCard.brand) } : null;
    const common = {
      intentId: intent.id,
      gatewayStatus: intent.status,
      cardType: card?.brand ?? payment.cardType,
      cardLast4: card?.last4 ?? payment.cardLast4,
      updatedAt: now,
    };

    if (intent.status === 'succeeded') {
      if (intent.amountCents !== payment.amountCents)
        throw new Error(`payment ${paymentId}: the gateway charged a different amount`);
      const receiptId = intent.receiptId ?? intent.id;
      const [updated] = await tx
        .update(payments)
        .set({ ...common, status: 'succeeded', receiptId, failureCode: null, failureMessage: null })
        .where(eq(payments.id, paymentId))
        .returning();
      await appendTransaction(tx, {
        accountId: payment.accountId,
        at: now,
        type: 'Payment',
        amountCents: -payment.amountCents,
        status: 'Successful',
        reason: paymentReason(payment, card),
        invoiceId: payment.invoiceId,
        paymentId,
      });
      // Nothing left owing: every unpaid invoice is paid (a one-off payment names none), and the
      // billing run stops charging them.
      if ((await balanceCents(tx, payment.accountId)) <= 0) {
        const unpaid = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.accountId, payment.accountId), eq(invoices.status, 'Unpaid')));
        for (const invoice of unpaid) await markInvoicePaid(tx, invoice.id);
      }
      await emitEvent(tx, 'payment.succeeded', paymentEvent(payment), now);
      if (payment.saveCard && card && intent.paymentMethod) {
        const [current] = await tx
          .select({ method: paymethods.method })
          .from(paymethods)
          .where(eq(paymethods.accountId, payment.accountId));
        const display = `${card.brand} ending in ${card.last4}`;
        await tx
          .update(paymethods)
          .set({
            cardType: card.brand,
            cardLast4: card.last4,
            cardExpires: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
            cardPaymentMethodId: intent.paymentMethod.id,
            ...(current?.method === PAYMETHOD_NONE || current?.method === PAYMETHOD_CARD
              ? { method: PAYMETHOD_CARD, status: 'Active', display }
              : {}),
          })
          .where(eq(paymethods.accountId, payment.accountId));
      }
      return { payment: updated!, recorded: true };
    }

    if (intent.status === 'processing') {
      const [updated] = await tx
        .update(payments)
        .set({ ...common, status: 'processing' })
        .where(eq(payments.id, paymentId))
        .returning();
      return { payment: updated!, recorded: false };
    }

    const failed =
      intent.status === 'canceled' ||
      (intent.status === 'requires_payment_method' && intent.lastError !== null);
    if (!failed) {
      const [updated] = await tx
        .update(payments)
        .set(common)
        .where(eq(payments.id, paymentId))
        .returning();
      return { payment: updated!, recorded: false };
    }
    // The code is what the customer's message is made from (payment-declines); the gateway's own
    // text is kept for the log and staff only, never shown.
    const code = declineCode(intent.lastError, intent.status);
    const message = intent.lastError?.message ?? 'The payment was cancelled.';
    const [updated] = await tx
      .update(payments)
      .set({
        ...common,
        status: intent.status === 'canceled' ? 'canceled' : 'failed',
        failureCode: code,
        failureMessage: message,
      })
      .where(eq(payments.id, paymentId))
      .returning();
    if (payment.kind === 'billing-run')
      await appendTransaction(tx, {
        accountId: payment.accountId,
        at: now,
        type: 'Payment',
        amountCents: 0,
        status: 'Failed',
        reason: `Automatic payment declined: ${declineText(code).reason}`,
        invoiceId: payment.invoiceId,
        paymentId,
      });
    await emitEvent(tx, 'payment.failed', { ...paymentEvent(payment), failure_code: code }, now);
    return { payment: updated!, recorded: true };
  });
}

/** What the provider's systems hear of a payment (webhooks, decision 051): never card details. */
function paymentEvent(payment: PaymentRow) {
  return {
    account_id: payment.accountId,
    payment_id: payment.id,
    kind: payment.kind,
    amount_cents: payment.amountCents,
    invoice_id: payment.invoiceId,
  };
}

function paymentReason(
  payment: PaymentRow,
  card: { brand: string; last4: string } | null,
): string | null {
  if (payment.kind === 'billing-run') return null;
  const by = card ? ` by ${card.brand} ending in ${card.last4}` : '';
  return `One-off payment${by}`;
}
