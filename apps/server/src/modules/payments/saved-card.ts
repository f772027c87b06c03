import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type { ExistingCardCommit } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { declineMessage } from '@outpost/contracts/payment-declines';
import { isUsableSavedCard } from '@outpost/domain/card-rules';
import type { PaymentIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { paymentsError } from './payments.errors';
import { payments } from './payments.schema';
import type { Caller, PaymentsDeps } from './payments.service';
import { centsOf, GATEWAY_UNREACHED, PAYMENT_TTL_MS, paymentMetadata } from './payments.service';
import { brandName, paymethodsRow } from './paymethods.service';
import type { PaymentRow } from './settle';
import { settlePayment } from './settle';

/**
 * While a saved-card charge waits for the gateway, its claim is renewed this often (the payment's
 * updated_at), so a claim not renewed for CLAIM_STALE_MS is one whose process died (kill -9, a
 * lost machine): the next commit of its csrf charges again with the same idempotency key, which
 * the gateway answers with the first charge rather than a second one.
 */
const CLAIM_HEARTBEAT_MS = 3 * 1000;
const CLAIM_STALE_MS = 10 * 1000;
/** How long a concurrent commit waits for the one that is charging. */
const CLAIM_WAIT_MS = 20 * 1000;

/** The saved card a one-off payment can use, or the 'set up a card' refusal. */
async function usableCard(db: Db, accountId: number, now: Date) {
  const row = await paymethodsRow(db, accountId);
  const card = row?.cardLast4
    ? { last4: row.cardLast4, expires: row.cardExpires, type: row.cardType ?? 'Card' }
    : null;
  if (!row || !card || !isUsableSavedCard(card, now) || !row.cardPaymentMethodId)
    throw paymentsError('noSavedCard');
  return { ...card, paymentMethodId: row.cardPaymentMethodId, customerId: row.gatewayCustomerId };
}

/**
 * Prepare a payment with the saved card: the payment row (its id is the reference's prepare id,
 * and the subject of the prepared operation whose csrf the commit presents, payments.routes.ts);
 * the amount is set by the commit that claims it.
 */
export async function prepareSavedCardPayment(
  db: Db,
  caller: Pick<Caller, 'userId' | 'accountId'>,
  now: Date,
): Promise<number> {
  const card = await usableCard(db, caller.accountId, now);
  const [payment] = await db
    .insert(payments)
    .values({
      accountId: caller.accountId,
      userId: caller.userId,
      kind: 'saved-card',
      amountCents: 0,
      idempotencyKey: `saved-card-${randomUUID()}`,
      status: 'created',
      cardType: brandName(card.type),
      cardLast4: card.last4,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + PAYMENT_TTL_MS),
    })
    .returning({ id: payments.id });
  return payment!.id;
}

type Claim =
  | { kind: 'charge'; payment: PaymentRow }
  | { kind: 'answer'; payment: PaymentRow }
  | { kind: 'wait' };

/**
 * Who charges: the payment row is locked; the first commit sets the amount (the claim) and
 * charges; a commit of the same csrf while that charge is under way waits for its answer; one
 * after a failed call to the gateway (or a claim gone stale) charges again with the same
 * idempotency key, which the gateway answers with the first charge rather than a second one.
 */
async function claimSavedCardPayment(
  db: Db,
  caller: Pick<Caller, 'userId' | 'accountId'>,
  body: { paymentId: number; amount: number },
  now: Date,
): Promise<Claim> {
  const { accountId } = caller;
  return withTransaction(db, async (tx) => {
    // The prepared operation named it for its user (lib/prepared.ts); still the caller's own.
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, body.paymentId),
          eq(payments.accountId, accountId),
          eq(payments.userId, caller.userId),
          eq(payments.kind, 'saved-card'),
        ),
      )
      .for('update');
    if (!payment) throw paymentsError('paymentMismatch');
    if (payment.intentId !== null || payment.status !== 'created')
      return { kind: 'answer', payment };
    const amountCents = centsOf(body.amount);
    if (payment.amountCents === 0) {
      if (payment.expiresAt && payment.expiresAt <= now) throw paymentsError('paymentMismatch');
      const card = await usableCard(tx, accountId, now);
      if (card.last4 !== payment.cardLast4) throw paymentsError('savedCardChanged');
    } else {
      // Claimed before: the same amount only (the idempotency key stands for it).
      if (payment.amountCents !== amountCents) throw paymentsError('paymentMismatch');
      const stale = now.getTime() - payment.updatedAt.getTime() >= CLAIM_STALE_MS;
      if (payment.failureCode !== GATEWAY_UNREACHED && !stale) return { kind: 'wait' };
    }
    const [claimed] = await tx
      .update(payments)
      .set({ amountCents, failureCode: null, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    return { kind: 'charge', payment: claimed! };
  });
}

const cardOf = (payment: PaymentRow) =>
  payment.cardType && payment.cardLast4
    ? { type: brandName(payment.cardType), last4: payment.cardLast4 }
    : null;

/** The gateway could not be reached: nothing was recorded, the same csrf may be sent again. */
function unreached(payment: PaymentRow | null, providerName: string): ExistingCardCommit {
  return {
    card: payment ? cardOf(payment) : null,
    error: messages.billing.existingCardFailed(providerName),
    ok: false,
    payment: null,
  };
}

function savedCardAnswer(payment: PaymentRow, providerName: string): ExistingCardCommit {
  const card = cardOf(payment);
  if (payment.intentId === null || payment.gatewayStatus === null)
    return unreached(payment, providerName);
  return {
    card,
    error: null,
    ok: true,
    payment: {
      stripe_status: payment.gatewayStatus,
      stripe_reason: payment.status === 'failed' ? declineMessage(payment.failureCode) : null,
      receipt_id: payment.receiptId,
      amount: payment.amountCents,
      prepareid: payment.id,
    },
  };
}

/**
 * Commit a payment with the saved card: charged off-session once (see claimSavedCardPayment),
 * recorded by settlePayment. ok:false only when the gateway could not be reached (nothing was
 * recorded; the same csrf may be sent again). A decline is ok:true with the gateway's status and
 * the reason in plain words with what to do next in stripe_reason (payment-declines, never the
 * gateway's text), so the page shows 'Payment Declined' with the reason.
 */
export async function commitSavedCardPayment(
  deps: PaymentsDeps,
  caller: Pick<Caller, 'userId' | 'accountId'>,
  body: { paymentId: number; amount: number },
  clock: () => Date,
  log: { warn: (obj: object, msg: string) => void },
): Promise<ExistingCardCommit> {
  const { db, providerName } = deps;
  const waitUntil = Date.now() + CLAIM_WAIT_MS;
  let claim = await claimSavedCardPayment(db, caller, body, clock());
  while (claim.kind === 'wait') {
    // Another commit of this csrf is charging: its answer is ours (it never charges twice).
    if (Date.now() > waitUntil) return unreached(null, providerName);
    await sleep(50);
    claim = await claimSavedCardPayment(db, caller, body, clock());
  }
  if (claim.kind === 'answer') {
    // Still processing when recorded: ask the gateway how it stands now before answering.
    const answered =
      claim.payment.status === 'processing'
        ? await refreshPayment(deps, claim.payment, clock, log)
        : claim.payment;
    return savedCardAnswer(answered, providerName);
  }

  const charged = await chargeClaimed(deps, claim.payment, clock, log);
  if (charged.kind === 'unreached') return unreached(charged.payment, providerName);
  return savedCardAnswer(charged.payment, providerName);
}

type Log = { warn: (obj: object, msg: string) => void };

/** A recorded payment whose intent is open, as the gateway has it now (recorded by settle). */
async function refreshPayment(
  deps: PaymentsDeps,
  payment: PaymentRow,
  clock: () => Date,
  log: Log,
): Promise<PaymentRow> {
  if (payment.intentId === null) return payment;
  try {
    const intent = await deps.gateway.retrievePaymentIntent(payment.intentId);
    return (await settlePayment(deps.db, payment.id, intent, clock())).payment;
  } catch (error) {
    log.warn({ err: error, paymentId: payment.id }, 'reading an open payment failed');
    return payment;
  }
}

/**
 * Charges a claimed saved-card payment with its idempotency key (the same key every time, so the
 * gateway charges once however often this runs) and records the outcome. The claim is renewed
 * while the gateway is asked (CLAIM_HEARTBEAT_MS), so other commits wait for this one instead of
 * taking it over. 'unreached': the gateway could not be asked; nothing was recorded, the claim is
 * released for the next commit.
 */
export async function chargeClaimed(
  deps: Pick<PaymentsDeps, 'db' | 'gateway'>,
  payment: PaymentRow,
  clock: () => Date,
  log: Log,
): Promise<{ kind: 'settled' | 'unreached'; payment: PaymentRow }> {
  const { db, gateway } = deps;
  const open = and(
    eq(payments.id, payment.id),
    eq(payments.status, 'created'),
    isNull(payments.intentId),
  );
  const card = await paymethodsRow(db, payment.accountId);
  let intent: PaymentIntentInfo;
  const heartbeat = setInterval(() => {
    db.update(payments)
      .set({ updatedAt: clock() })
      .where(and(open, isNull(payments.failureCode)))
      .catch((error: unknown) => log.warn({ err: error }, 'renewing a charge claim failed'));
  }, CLAIM_HEARTBEAT_MS);
  try {
    intent = await gateway.chargeOffSession({
      amountCents: payment.amountCents,
      customerId: card!.gatewayCustomerId!,
      paymentMethodId: card!.cardPaymentMethodId!,
      metadata: paymentMetadata(payment),
      idempotencyKey: payment.idempotencyKey,
    });
  } catch (error) {
    clearInterval(heartbeat);
    log.warn({ err: error, paymentId: payment.id }, 'saved-card charge: gateway call failed');
    const [released] = await db
      .update(payments)
      .set({ failureCode: GATEWAY_UNREACHED, updatedAt: clock() })
      .where(open)
      .returning();
    if (released) return { kind: 'unreached', payment: released };
    // Its webhook recorded it meanwhile: answer what was recorded.
    const [recorded] = await db.select().from(payments).where(eq(payments.id, payment.id));
    return { kind: 'settled', payment: recorded! };
  } finally {
    clearInterval(heartbeat);
  }
  const settled = await settlePayment(db, payment.id, intent, clock());
  return { kind: 'settled', payment: settled.payment };
}
