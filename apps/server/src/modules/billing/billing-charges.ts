import { formatDollars } from '@outpost/domain/money';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMETHOD_BANK, PAYMETHOD_CARD } from '@outpost/domain/billing-rules';
import { declineText } from '@outpost/contracts/payment-declines';
import { formatDate } from '@outpost/domain/format';
import { DAY_MS } from '@outpost/domain/services';
import { enqueueMessage } from '../../adapters/messaging';
import type { PaymentGateway, PaymentIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { payments } from '../payments/payments.schema';
import type { PaymentRow } from '../payments/settle';
import { settlePayment } from '../payments/settle';
import { invoices } from './billing.schema';
import { accountHolder, alertBillingContacts, markInvoicePaid } from './invoices.service';
import { balanceCents } from './ledger';
import { webPaths } from '../notifications/web-paths';
import type { BillingRunDeps, BillingRunResult, PendingPush } from './billing-run-deps';
import {
  BATCH,
  CLAIM_LEASE_MS,
  MIN_CHARGE_CENTS,
  PROCESSING_RECHECK_MS,
  send,
} from './billing-run-deps';

/** The billing run's second step (billing-run.ts): charging the invoices whose automatic charge is due. */

type Claim = {
  invoiceId: number;
  number: string;
  accountId: number;
  attempt: number;
  payment: PaymentRow;
  customerId: string;
  methodId: string;
};

type DueRow = {
  id: number;
  number: string;
  account_id: number;
  total_cents: number;
  charge_attempts: number;
  customer_id: string;
  method_id: string;
};

/** Charges the default method for each unpaid invoice whose automatic charge is due. */
export async function chargeDueInvoices(
  deps: BillingRunDeps,
  gateway: PaymentGateway,
  now: Date,
  result: BillingRunResult,
) {
  for (;;) {
    const { claims, pushes, done } = await withTransaction(deps.db, async (tx) => {
      const due = await queryRows<DueRow>(
        tx,
        sql`select i.id, i.number, i.account_id, i.total_cents, i.charge_attempts,
                   pm.gateway_customer_id as customer_id,
                   case when pm.method = ${PAYMETHOD_CARD} then pm.card_payment_method_id
                        else pm.bank_payment_method_id end as method_id
              from invoices i join paymethods pm on pm.account_id = i.account_id
             where i.status = 'Unpaid' and i.next_charge_at <= ${now}
               and pm.gateway_customer_id is not null
               and ((pm.method = ${PAYMETHOD_CARD} and pm.card_payment_method_id is not null)
                 or (pm.method = ${PAYMETHOD_BANK} and pm.bank_payment_method_id is not null))
             order by i.next_charge_at, i.id
             limit ${BATCH}
               for update of i skip locked`,
      );
      const claims: Claim[] = [];
      const pushes: PendingPush[] = [];
      for (const row of due) {
        const attempt = row.charge_attempts + 1;
        const [open] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.invoiceId, row.id),
              eq(payments.kind, 'billing-run'),
              eq(payments.attempt, attempt),
            ),
          );
        let payment = open;
        if (payment?.status === 'succeeded') {
          // Recorded (by a webhook, or before a crash) but the invoice was not updated yet.
          await markInvoicePaid(tx, row.id, attempt);
          result.charged += 1;
          continue;
        }
        if (payment && (payment.status === 'failed' || payment.status === 'canceled')) {
          const declined = await recordDecline(tx, deps, row, payment, now);
          pushes.push(declined.push);
          result.declined += 1;
          continue;
        }
        if (!payment) {
          const owing = Math.min(await balanceCents(tx, row.account_id), row.total_cents);
          if (owing <= 0) {
            await markInvoicePaid(tx, row.id);
            result.settledWithoutCharge += 1;
            continue;
          }
          if (owing < MIN_CHARGE_CENTS) {
            // Too little for the gateway: it carries into the next invoice's balance.
            await tx.update(invoices).set({ nextChargeAt: null }).where(eq(invoices.id, row.id));
            continue;
          }
          [payment] = await tx
            .insert(payments)
            .values({
              accountId: row.account_id,
              userId: null,
              kind: 'billing-run',
              amountCents: owing,
              idempotencyKey: `billing-run:${row.id}:${attempt}`,
              status: 'created',
              invoiceId: row.id,
              attempt,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
        }
        await tx
          .update(invoices)
          .set({ nextChargeAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
          .where(eq(invoices.id, row.id));
        claims.push({
          invoiceId: row.id,
          number: row.number,
          accountId: row.account_id,
          attempt,
          payment: payment!,
          customerId: row.customer_id,
          methodId: row.method_id,
        });
      }
      return { claims, pushes, done: due.length < BATCH };
    });
    await send(deps, pushes);
    // The claims are committed: now the gateway, outside any transaction.
    for (const claim of claims) await charge(deps, gateway, claim, now, result);
    if (done) return;
  }
}

async function charge(
  deps: BillingRunDeps,
  gateway: PaymentGateway,
  claim: Claim,
  now: Date,
  result: BillingRunResult,
) {
  const { payment } = claim;
  let intent: PaymentIntentInfo;
  try {
    intent =
      payment.status === 'processing' && payment.intentId
        ? await gateway.retrievePaymentIntent(payment.intentId)
        : await gateway.chargeOffSession({
            amountCents: payment.amountCents,
            customerId: claim.customerId,
            paymentMethodId: claim.methodId,
            metadata: {
              kind: 'billing-run',
              payment_id: String(payment.id),
              invoice_id: String(claim.invoiceId),
              account_id: String(claim.accountId),
            },
            idempotencyKey: payment.idempotencyKey,
          });
  } catch (error) {
    // Nothing reached the ledger; the lease brings the same payment back to a later run.
    result.gatewayErrors += 1;
    deps.onError?.(error, `billing run: charging invoice ${claim.invoiceId} failed`);
    return;
  }
  try {
    await recordOutcome(
      deps,
      claim,
      await settlePayment(deps.db, payment.id, intent, now),
      now,
      result,
    );
  } catch (error) {
    result.gatewayErrors += 1;
    deps.onError?.(error, `billing run: recording the charge of invoice ${claim.invoiceId} failed`);
  }
}

async function recordOutcome(
  deps: BillingRunDeps,
  claim: Claim,
  { payment: settled }: { payment: PaymentRow },
  now: Date,
  result: BillingRunResult,
) {
  const declined = await withTransaction(deps.db, async (tx) => {
    const [row] = await queryRows<DueRow & { status: string }>(
      tx,
      sql`select id, number, account_id, total_cents, charge_attempts, status,
                 '' as customer_id, '' as method_id
            from invoices where id = ${claim.invoiceId} for update`,
    );
    // Another run (or the webhook and a run) got here first.
    if (!row || row.charge_attempts !== claim.attempt - 1) return null;
    if (settled.status === 'succeeded') {
      await markInvoicePaid(tx, row.id, claim.attempt);
      result.charged += 1;
      return null;
    }
    if (settled.status === 'failed' || settled.status === 'canceled') {
      result.declined += 1;
      return recordDecline(tx, deps, row, settled, now);
    }
    // Still open (a bank debit processing): look again later; the webhook may finish it first.
    result.pending += 1;
    if (row.status === 'Unpaid')
      await tx
        .update(invoices)
        .set({ nextChargeAt: new Date(now.getTime() + PROCESSING_RECHECK_MS) })
        .where(eq(invoices.id, row.id));
    return null;
  });
  if (declined) await send(deps, [declined.push]);
}

/**
 * A declined automatic charge: the attempt is counted, the next one scheduled (every retryDays,
 * up to maxAttempts), and the billing contacts alerted. Answers the holder's email and the
 * alerted contacts' push.
 */
async function recordDecline(
  tx: Db,
  deps: BillingRunDeps,
  invoice: Pick<DueRow, 'id' | 'number' | 'account_id'>,
  payment: PaymentRow,
  now: Date,
): Promise<{ push: PendingPush }> {
  const last = payment.attempt >= deps.billing.maxAttempts;
  const next = last ? null : new Date(now.getTime() + deps.billing.retryDays * DAY_MS);
  await tx
    .update(invoices)
    .set({ chargeAttempts: payment.attempt, nextChargeAt: next })
    .where(eq(invoices.id, invoice.id));
  // In plain words (payment-declines): the gateway's text is never shown.
  const reason = declineText(payment.failureCode).reason;
  const then = next
    ? `We will try again on ${formatDate(next)}.`
    : 'We will not try again automatically.';
  const message = `Your automatic payment of ${formatDollars(payment.amountCents)} for invoice #${invoice.number} was declined: ${reason} ${then} You can pay now on the One-Off Payment page.`;
  const userIds = await alertBillingContacts(
    tx,
    invoice.account_id,
    'payment',
    message,
    invoice.id,
    now,
  );
  const push: PendingPush = {
    userIds,
    notification: {
      kind: 'payment',
      title: 'Automatic payment declined',
      body: message,
      navigation_url: webPaths.oneOffPayment,
    },
  };
  const holder = await accountHolder(tx, invoice.account_id);
  if (!holder?.email) return { push };
  await enqueueMessage(tx, 'email', {
    to: holder.email,
    subject: `${deps.brand.providerName}: your automatic payment was declined`,
    body: [
      `Hello ${holder.name},`,
      '',
      message,
      `Pay online: ${deps.publicUrl}/billing/one-off-payment`,
      `Check your payment method: ${deps.publicUrl}/billing/recurring-payment-method`,
      '',
      `${deps.brand.providerName} · ${deps.brand.helpPhone}`,
    ].join('\n'),
  });
  return { push };
}
