import { eq, sql } from 'drizzle-orm';
import { DAY_MS } from '@outpost/domain/services';
import { BILLING_PERIOD_DAYS } from '@outpost/domain/constants';
import { addBusinessDays } from '@outpost/domain/time/zoned';
import type { Db } from '../db/client';
import { invoices } from '../modules/billing/billing.schema';
import {
  AUTO_CHARGE_DELAY_MS,
  invoiceReadyAlert,
  issueInvoice,
  markInvoicePaid,
} from '../modules/billing/invoices.service';
import { appendTransaction, balanceCents } from '../modules/billing/ledger';

/**
 * 13 months of billing history per demo account, consistent with its services, plan history and
 * data blocks: an invoice at each period start, issued by the billing run's own `issueInvoice`
 * (services in advance; data blocks and adjustments of the period before), an automatic payment
 * three days later (AUTO_CHARGE_DELAY_MS), a failed payment retried once, an outage credit. The
 * current period's invoice of `other` is still unpaid (an owing balance), and left for the
 * customer to pay by hand (no automatic charge is scheduled for it).
 */

type AccountSeed = {
  accountId: number;
  periodStart: Date;
  paymethod: {
    method: string;
    display: string;
    cardType?: string;
    cardLast4?: string;
    cardExpires?: string;
    bankName?: string;
    bankAccount?: string;
  };
  /** Periods back (1 = the last one) whose payment first failed. */
  failedPayment?: number;
  /** Periods back that carried an outage credit (cents). */
  credit?: { periodsBack: number; cents: number };
  /** Other credits (a referral reward): `day` days into the period `periodsBack` periods back. */
  extraCredits?: readonly { periodsBack: number; day: number; cents: number; reason: string }[];
  currentUnpaid?: boolean;
};

export async function seedLedger(tx: Db, now: Date, accounts: AccountSeed[]): Promise<void> {
  for (const a of accounts) {
    await tx.execute(
      sql`update accounts set billing_period_start = ${a.periodStart} where id = ${a.accountId}`,
    );
    await tx.execute(sql`insert into paymethods
        (account_id, method, status, display, card_type, card_last4, card_expires, bank_name, bank_account)
        values (${a.accountId}, ${a.paymethod.method}, 'Active', ${a.paymethod.display},
                ${a.paymethod.cardType ?? null}, ${a.paymethod.cardLast4 ?? null},
                ${a.paymethod.cardExpires ?? null}, ${a.paymethod.bankName ?? null},
                ${a.paymethod.bankAccount ?? null})`);
    // Data blocks of past periods reach their invoices as bought ones do now: as account charges.
    await tx.execute(sql`insert into account_charges
        (account_id, service_id, kind, description, amount_cents, source_id, created_at)
        select s.account_id, b.service_id, 'data-block', b.name || ' (' || s.identifier || ')',
               b.price_cents, b.id, b.purchased_at
          from data_block_purchases b join services s on s.id = b.service_id
         where s.account_id = ${a.accountId}
           and not exists (select 1 from account_charges c
                            where c.kind = 'data-block' and c.source_id = b.id)`);

    const record = (
      at: Date,
      type: 'Payment' | 'Credit',
      amountCents: number,
      status: string,
      reason: string | null,
      invoiceId: number | null,
    ) =>
      appendTransaction(tx, {
        accountId: a.accountId,
        at,
        type,
        amountCents,
        status,
        reason,
        invoiceId,
      });

    for (let back = 12; back >= 0; back -= 1) {
      const start = addBusinessDays(a.periodStart, -back * BILLING_PERIOD_DAYS);
      const invoice = await issueInvoice(tx, a.accountId, start, start);
      if (!invoice) continue;
      if (back === 0) await invoiceReadyAlert(tx, invoice, start);

      const paidAt = new Date(start.getTime() + AUTO_CHARGE_DELAY_MS);
      if (back === 0 && a.currentUnpaid === true) {
        await tx.update(invoices).set({ nextChargeAt: null }).where(eq(invoices.id, invoice.id));
        continue;
      }
      if (paidAt > now) continue; // the billing run charges it when due
      // The automatic payment takes what is owing (a credit reduces it).
      const owing = Math.max(await balanceCents(tx, a.accountId), 0);
      if (a.failedPayment === back) {
        await record(
          paidAt,
          'Payment',
          0,
          'Failed',
          'Card declined: insufficient funds',
          invoice.id,
        );
        await record(
          new Date(paidAt.getTime() + 2 * DAY_MS),
          'Payment',
          -owing,
          'Successful',
          null,
          invoice.id,
        );
      } else await record(paidAt, 'Payment', -owing, 'Successful', null, invoice.id);
      await markInvoicePaid(tx, invoice.id, a.failedPayment === back ? 2 : 1);
      // Later in the period; the next automatic payment takes that much less.
      if (a.credit && a.credit.periodsBack === back)
        await record(
          new Date(start.getTime() + 9 * DAY_MS),
          'Credit',
          -a.credit.cents,
          'Applied',
          'Outage credit: network maintenance',
          null,
        );
      for (const extra of a.extraCredits ?? [])
        if (extra.periodsBack === back)
          await record(
            new Date(start.getTime() + extra.day * DAY_MS),
            'Credit',
            -extra.cents,
            'Applied',
            extra.reason,
            null,
          );
    }
  }
}
