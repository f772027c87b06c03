import { sql } from 'drizzle-orm';
import { formatShortDate } from '@outpost/domain/format';
import { BILLING_PERIOD_MS, DAY_MS } from '@outpost/domain/services';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';

/**
 * 13 months of billing history per demo account, consistent with its services, plan history and
 * data blocks: an invoice at each period start (services in advance; data blocks and adjustments
 * of the period before), an automatic payment three days later, a failed payment retried once,
 * an outage credit. The current period's invoice of `other` is still unpaid (an owing balance).
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
  currentUnpaid?: boolean;
};

const PAYMENT_DELAY_MS = 3 * DAY_MS;

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

    let balance = 0;
    const record = async (
      at: Date,
      type: string,
      amount: number,
      status: string,
      reason: string | null,
      invoiceId: number | null,
    ) => {
      balance += amount;
      await tx.execute(sql`insert into transactions
          (account_id, created_at, type, amount_cents, balance_cents, reason, status, invoice_id)
          values (${a.accountId}, ${at}, ${type}, ${amount}, ${balance}, ${reason}, ${status}, ${invoiceId})`);
    };

    for (let back = 12; back >= 0; back -= 1) {
      const start = new Date(a.periodStart.getTime() - back * BILLING_PERIOD_MS);
      const end = new Date(start.getTime() + BILLING_PERIOD_MS);
      const previous = new Date(start.getTime() - BILLING_PERIOD_MS);
      // Services in advance at the plan each had then (history from plan_changes), plus options.
      const lines = await queryRows<{
        service_id: number | null;
        description: string;
        amount: number;
      }>(
        tx,
        sql`select s.id as service_id,
                   p.name || ' (' || s.identifier || ')' as description,
                   p.price_cents + case when ${back} = 0 then coalesce((select sum(e.price_cents)
                       from service_extras se join plan_extras e on e.id = se.extra_id
                      where se.service_id = s.id), 0) else 0 end as amount
              from services s
              join lateral (
                select coalesce(
                  (select c.to_plan_id from plan_changes c
                    where c.service_id = s.id and c.status = 'applied' and c.applied_at <= ${start}
                    order by c.applied_at desc limit 1),
                  (select c.from_plan_id from plan_changes c
                    where c.service_id = s.id and c.status = 'applied' and c.applied_at > ${start}
                    order by c.applied_at asc limit 1),
                  s.plan_id) as plan_id) h on true
              join plans p on p.id = h.plan_id
             where s.account_id = ${a.accountId} and s.status = 'active'
               and coalesce(s.activated_at, s.created_at) <= ${start}
            union all
            select b.service_id, b.name || ' bought ' || to_char(b.purchased_at at time zone 'Australia/Brisbane', 'DD/MM/YY'),
                   b.price_cents
              from data_block_purchases b join services s on s.id = b.service_id
             where s.account_id = ${a.accountId} and b.purchased_at >= ${previous} and b.purchased_at < ${start}
             order by 1, 2`,
      );
      if (lines.length === 0) continue;
      const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
      const unpaid = back === 0 && a.currentUnpaid === true;
      const number = `${a.accountId}-${String(13 - back).padStart(3, '0')}`;
      const [invoice] = await queryRows<{ id: number }>(
        tx,
        sql`insert into invoices (account_id, number, issued_at, period_start, period_end, due_at, total_cents, status)
            values (${a.accountId}, ${number}, ${start}, ${start}, ${end},
                    ${new Date(start.getTime() + 14 * DAY_MS)}, ${total}, ${unpaid ? 'Unpaid' : 'Paid'})
            returning id`,
      );
      for (const l of lines)
        await tx.execute(sql`insert into invoice_lines (invoice_id, service_id, description, amount_cents)
            values (${invoice!.id}, ${l.service_id}, ${l.description}, ${Number(l.amount)})`);
      await tx.execute(sql`update account_charges set invoice_id = ${invoice!.id}
          where account_id = ${a.accountId} and invoice_id is null and created_at < ${start}`);
      await record(start, 'Invoice', total, unpaid ? 'Unpaid' : 'Paid', null, invoice!.id);
      if (back === 0) {
        // The alert the invoice run sends: to each contact who may see alerts.
        const amount = `$${(total / 100).toFixed(2)}`;
        await tx.execute(sql`insert into alerts (user_id, account_id, kind, message, ref, created_at)
            select u.id, u.account_id, 'invoice',
                   ${`<p>Your invoice #${number} for ${amount} is ready. It is due on ${formatShortDate(new Date(start.getTime() + 14 * DAY_MS))}.</p>`},
                   ${`invoice:${invoice!.id}`}, ${start}
              from users u
             where u.account_id = ${a.accountId} and (u.is_account_holder or exists (
               select 1 from user_permissions up
                where up.user_id = u.id and up.permission = 'view-alerts' and up.enabled))`);
      }

      const paidAt = new Date(start.getTime() + PAYMENT_DELAY_MS);
      if (unpaid || paidAt > now) continue;
      // The automatic payment takes what is owing (a credit reduces it).
      const owing = Math.max(balance, 0);
      if (a.failedPayment === back) {
        await record(
          paidAt,
          'Payment',
          0,
          'Failed',
          'Card declined: insufficient funds',
          invoice!.id,
        );
        await record(
          new Date(paidAt.getTime() + 2 * DAY_MS),
          'Payment',
          -owing,
          'Successful',
          null,
          invoice!.id,
        );
      } else await record(paidAt, 'Payment', -owing, 'Successful', null, invoice!.id);
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
    }
  }
}
