import { formatDollars } from '@outpost/domain/money';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PostPayment } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { declineMessage } from '@outpost/contracts/payment-declines';
import type { PaymentGateway, PaymentIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { paymentsError } from './payments.errors';
import { payments } from './payments.schema';
import { brandName, ensureGatewayCustomer, paymethodsRow } from './paymethods.service';
import type { PaymentRow } from './settle';
import { settlePayment } from './settle';

/** How long a one-off payment may be charged after its start or prepare (payments.expires_at). */
export const PAYMENT_TTL_MS = 30 * 60 * 1000;
/**
 * How long a one-off payment's prepared operation is kept: its post (new card), or a commit after
 * 'unreached' (saved card), reads or charges again with the payment's idempotency key, which the
 * gateway honours for 24 hours.
 */
export const PAYMENT_CSRF_TTL_MS = 24 * 60 * 60 * 1000;
/** Marks a saved-card charge whose call to the gateway failed: the next commit tries again. */
export const GATEWAY_UNREACHED = 'gateway_unreached';

export type PaymentsDeps = {
  db: Db;
  gateway: PaymentGateway;
  /** The provider's name, in the saved-card failure text. */
  providerName: string;
};

export type Caller = { userId: number; accountId: number; permissions: ReadonlySet<string> };

/** The typed dollars (validated: at least 0.5, 2 decimals) in cents. */
export const centsOf = (amount: number) => Math.round(amount * 100);

export const paymentMetadata = (payment: { id: number; accountId: number }) => ({
  payment_id: String(payment.id),
  account_id: String(payment.accountId),
});

/**
 * Start a one-off payment with a new card: the payment row (its id is the prepare id of the
 * reference 'PX...'), then the PaymentIntent with the row's idempotency key. The card is kept
 * for automatic payments when asked and the caller may edit payment methods. The csrf is the
 * prepared operation's (payments.routes.ts), bound to the payment and its intent.
 */
export async function startPayment(
  deps: PaymentsDeps,
  caller: Caller,
  body: { amount: number; save_card?: boolean | undefined },
  now: Date,
) {
  const { db, gateway } = deps;
  const saveCard = body.save_card === true && caller.permissions.has('edit-paymethods');
  const amountCents = centsOf(body.amount);
  let customerId: string | null;
  try {
    customerId = saveCard
      ? await ensureGatewayCustomer(db, gateway, caller.accountId)
      : ((await paymethodsRow(db, caller.accountId))?.gatewayCustomerId ?? null);
  } catch {
    throw paymentsError('startFailed');
  }
  const [payment] = await db
    .insert(payments)
    .values({
      accountId: caller.accountId,
      userId: caller.userId,
      kind: 'new-card',
      amountCents,
      idempotencyKey: `new-card-${randomUUID()}`,
      status: 'created',
      saveCard,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + PAYMENT_TTL_MS),
    })
    .returning();
  let intent: PaymentIntentInfo;
  try {
    intent = await gateway.createPaymentIntent({
      amountCents,
      customerId,
      saveCard,
      metadata: paymentMetadata(payment!),
      idempotencyKey: payment!.idempotencyKey,
    });
  } catch (error) {
    await db
      .update(payments)
      .set({ status: 'canceled', failureCode: GATEWAY_UNREACHED, updatedAt: now })
      .where(eq(payments.id, payment!.id));
    throw Object.assign(paymentsError('startFailed'), { cause: error });
  }
  await db.update(payments).set({ intentId: intent.id }).where(eq(payments.id, payment!.id));
  return { paymentId: payment!.id, intent };
}

/** A started new-card payment: its row's id and its PaymentIntent. */
export type StartedPayment = Awaited<ReturnType<typeof startPayment>>;

/** The new-card payment a post names, in the caller's account (404 otherwise). */
export async function newCardPayment(db: Db, accountId: number, paymentId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.accountId, accountId)));
  if (!payment || payment.kind !== 'new-card') throw notFound();
  return payment;
}

/** The result modal's message (spec 3 section 4) for a payment as recorded. */
export function userMessage(payment: PaymentRow): string {
  const amount = formatDollars(payment.amountCents);
  const card =
    payment.cardType && payment.cardLast4
      ? ` by ${brandName(payment.cardType)} ending in ${payment.cardLast4}`
      : '';
  switch (payment.status) {
    case 'succeeded':
      return `Your payment of ${amount}${card} was approved by your bank. Receipt number: ${payment.receiptId}.`;
    case 'processing':
      return messages.billing.pending;
    case 'failed':
      return `Your payment of ${amount}${card} was declined. ${declineMessage(payment.failureCode)}`;
    case 'canceled':
      return `Your payment of ${amount} was cancelled.`;
    default:
      return payment.gatewayStatus === 'requires_action'
        ? `Your payment of ${amount} is waiting for your bank's authentication. Please complete it and try again.`
        : `Your payment of ${amount} was not completed. Please try again.`;
  }
}

export function postAnswer(payment: PaymentRow): PostPayment {
  return {
    amount: payment.amountCents,
    stripe_status: payment.gatewayStatus ?? 'requires_payment_method',
    user_message: userMessage(payment),
    card:
      payment.cardType && payment.cardLast4
        ? { type: brandName(payment.cardType), last4: payment.cardLast4 }
        : null,
    receipt_id: payment.receiptId,
  };
}

/**
 * Finish a one-off payment (its csrf, intent and user checked by its prepared operation): the
 * intent's status is read from the gateway and recorded by settlePayment, which reaches the ledger
 * once however many posts and webhooks arrive. The answer is built from the recorded payment, so a
 * repeated post answers the same.
 */
export async function readPayment(
  deps: Pick<PaymentsDeps, 'db' | 'gateway'>,
  payment: PaymentRow,
  now: Date,
): Promise<PaymentRow> {
  let intent: PaymentIntentInfo;
  try {
    intent = await deps.gateway.retrievePaymentIntent(payment.intentId!);
  } catch (error) {
    throw Object.assign(paymentsError('postFailed'), { cause: error });
  }
  return (await settlePayment(deps.db, payment.id, intent, now)).payment;
}
