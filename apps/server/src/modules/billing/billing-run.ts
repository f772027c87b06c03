import { formatDollars } from '@outpost/domain/money';
import { eq, sql } from 'drizzle-orm';
import { PAYMETHOD_BANK, PAYMETHOD_CARD } from '@outpost/domain/billing-rules';
import { formatDate } from '@outpost/domain/format';
import { periodEndOf } from '@outpost/domain/business-periods';
import { periodEndedBy } from '../../lib/periods';
import type { OutgoingMessage } from '../../adapters/message-channel';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { accounts } from '../../db/accounts.schema';
import type { InvoiceRow } from './invoices.service';
import {
  AUTO_CHARGE_DELAY_MS,
  accountHolder,
  invoiceReadyAlert,
  issueInvoice,
} from './invoices.service';
import { webPaths } from '../notifications/web-paths';
import type { BillingRunDeps, BillingRunResult, PendingPush } from './billing-run-deps';
import { BATCH, send } from './billing-run-deps';
import { chargeDueInvoices } from './billing-charges';

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
