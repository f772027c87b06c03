import { formatDollars } from '@outpost/domain/money';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMETHOD_BANK, PAYMETHOD_CARD } from '@outpost/domain/billing-rules';
import type { Brand } from '@outpost/contracts/brand';
import { declineText } from '@outpost/contracts/payment-declines';
import { formatDate } from '@outpost/domain/format';
import { DAY_MS } from '@outpost/domain/services';
import { periodEndOf } from '@outpost/domain/business-periods';
import { periodEndedBy } from '../../lib/periods';
import type { OutgoingMessage } from '../../adapters/message-channel';
import type { Messaging } from '../../adapters/messaging';
import { enqueueMessage } from '../../adapters/messaging';
import type { PaymentGateway, PaymentIntentInfo } from '../../adapters/payments/gateway';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { accounts } from '../../db/accounts.schema';
import { payments } from '../payments/payments.schema';
import type { PaymentRow } from '../payments/settle';
import { settlePayment } from '../payments/settle';
import { invoices } from './billing.schema';
import type { InvoiceRow } from './invoices.service';
import {
  AUTO_CHARGE_DELAY_MS,
  accountHolder,
  alertBillingContacts,
  invoiceReadyAlert,
  issueInvoice,
  markInvoicePaid,
} from './invoices.service';
import { balanceCents } from './ledger';
import type { Notification } from '../notifications/notifications.service';
import { notify } from '../notifications/notifications.service';
import { webPaths } from '../notifications/web-paths';

/**
 * The billing run (docs/decisions/015): issues each account's invoice at its period start, then
 * charges the account's default method for the invoices whose automatic charge is due. Safe to
 * run twice, late, or on several instances at once:
 *
 * - accounts and invoices are claimed with FOR UPDATE SKIP LOCKED in batches, and the unique
 *   (account, period start) index makes a second invoice for a period impossible;
 * - a charge is a `payments` row committed before the gateway is called (key
 *   `billing-run:<invoice>:<attempt>`), the call is made outside any transaction, and its outcome
 *   reaches the ledger only through `settlePayment`;
 * - a claimed charge holds the invoice for CLAIM_LEASE_MS. A gateway that fails or times out
 *   leaves the payment open with nothing in the ledger; once the lease is over the next run sends
 *   the same payment with the same key, so the gateway answers its first result and never charges
 *   twice. A crash between the charge and its record heals the same way.
 * - an invoice's attempt counter moves only when that attempt's final outcome is known.
 *
 * Alerts are written in the same transaction as what they report; emails and pushes
 * (docs/decisions/023) go after it commits.
 */

/** A push owed to the alerted contacts, sent after the transaction commits. */
type PendingPush = { userIds: number[]; notification: Notification };

export type BillingRunDeps = {
  db: Db;
  /** Null: invoices are issued but nothing is charged (no gateway configured). */
  gateway: PaymentGateway | null;
  messaging: Messaging;
  brand: Brand;
  publicUrl: string;
  billing: { retryDays: number; maxAttempts: number };
  /** Failures that do not stop the run (a gateway call, an email). */
  onError?: (error: unknown, context: string) => void;
};

export type BillingRunResult = {
  invoicesIssued: number;
  /** Charges the gateway accepted. */
  charged: number;
  declined: number;
  /** Still with the gateway (a bank debit is processing). */
  pending: number;
  /** Gateway calls that failed or timed out: retried, same payment and key, by a later run. */
  gatewayErrors: number;
  /** Invoices found paid already (a credit or another payment covered them). */
  settledWithoutCharge: number;
};

/** The run's dependencies from the configuration. */
export function billingRunDeps(
  config: Pick<Config, 'brand' | 'publicUrl' | 'billing'>,
  db: Db,
  gateway: PaymentGateway | null,
  messaging: Messaging,
  onError?: BillingRunDeps['onError'],
): BillingRunDeps {
  return {
    db,
    gateway,
    messaging,
    brand: config.brand,
    publicUrl: config.publicUrl,
    billing: config.billing,
    ...(onError ? { onError } : {}),
  };
}

const BATCH = 100;
/** How long a claimed charge keeps its invoice before another run may take it over. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** A bank debit the gateway is still processing is looked at again a day later. */
const PROCESSING_RECHECK_MS = DAY_MS;
/** The gateway's smallest charge (Stripe: A$0.50); less is left to the next invoice. */
const MIN_CHARGE_CENTS = 50;

export async function runBillingRun(deps: BillingRunDeps, now: Date): Promise<BillingRunResult> {
  const result: BillingRunResult = {
    invoicesIssued: 0,
    charged: 0,
    declined: 0,
    pending: 0,
    gatewayErrors: 0,
    settledWithoutCharge: 0,
  };
  await issueDueInvoices(deps, now, result);
  if (deps.gateway) await chargeDueInvoices(deps, deps.gateway, now, result);
  return result;
}

/** After the commit: pushes (mail went to the outbox in the transaction; decision 027). */
async function send(deps: BillingRunDeps, pushes: PendingPush[]): Promise<void> {
  for (const p of pushes)
    await notify(
      {
        db: deps.db,
        push: deps.messaging.push,
        ...(deps.onError ? { onError: deps.onError } : {}),
      },
      p.userIds,
      p.notification,
    );
}

/** The invoice of every period that has started, for each account whose period is over. */
async function issueDueInvoices(deps: BillingRunDeps, now: Date, result: BillingRunResult) {
  for (;;) {
    const { pushes, done } = await withTransaction(deps.db, async (tx) => {
      const due = await tx
        .select({ id: accounts.id, start: accounts.billingPeriodStart })
        .from(accounts)
        .where(periodEndedBy(accounts.billingPeriodStart, now))
        .orderBy(accounts.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const pushes: PendingPush[] = [];
      for (const account of due) {
        let start = account.start!;
        // Normally one period; after a long stop, each missed period gets its own invoice.
        while (periodEndOf(start).getTime() <= now.getTime()) {
          start = periodEndOf(start);
          const invoice = await issueInvoice(tx, account.id, start, now);
          if (!invoice) continue;
          const alerted = await invoiceReadyAlert(tx, invoice, now);
          pushes.push({
            userIds: alerted.userIds,
            notification: {
              kind: 'invoice',
              title: `Invoice #${invoice.number} is ready`,
              body: alerted.message,
              navigation_url: webPaths.invoices,
            },
          });
          result.invoicesIssued += 1;
          const message = await invoiceEmail(tx, deps, invoice);
          if (message) await enqueueMessage(tx, 'email', message);
        }
        await tx
          .update(accounts)
          .set({ billingPeriodStart: new Date(start) })
          .where(eq(accounts.id, account.id));
      }
      return { pushes, done: due.length < BATCH };
    });
    await send(deps, pushes);
    if (done) return;
  }
}

async function invoiceEmail(
  tx: Db,
  deps: BillingRunDeps,
  invoice: InvoiceRow,
): Promise<OutgoingMessage | null> {
  const holder = await accountHolder(tx, invoice.accountId);
  if (!holder?.email) return null;
  const [method] = await queryRows<{ display: string; method: string }>(
    tx,
    sql`select display, method from paymethods where account_id = ${invoice.accountId}`,
  );
  const automatic =
    method && (method.method === PAYMETHOD_CARD || method.method === PAYMETHOD_BANK);
  const how =
    invoice.status === 'Paid'
      ? 'Your account credit covers it: there is nothing to pay.'
      : automatic
        ? `We will debit it from your ${method.display} on ${formatDate(new Date(invoice.issuedAt.getTime() + AUTO_CHARGE_DELAY_MS))}.`
        : `You can pay it on the One-Off Payment page: ${deps.publicUrl}/billing/one-off-payment`;
  return {
    to: holder.email,
    subject: `${deps.brand.providerName}: your invoice #${invoice.number} is ready`,
    body: [
      `Hello ${holder.name},`,
      '',
      `Your invoice #${invoice.number} for ${formatDollars(invoice.totalCents)} is ready. It is due on ${formatDate(invoice.dueAt)}.`,
      how,
      '',
      `See and download your invoices in the portal: ${deps.publicUrl}/billing/invoices`,
      '',
      `${deps.brand.providerName} · ${deps.brand.helpPhone}`,
    ].join('\n'),
  };
}

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
async function chargeDueInvoices(
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
