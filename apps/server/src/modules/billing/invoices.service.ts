import { formatDollars } from '@outpost/domain/money';
import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatDate } from '@outpost/domain/format';
import { formatPhone } from '@outpost/domain/phone-format';
import { DAY_MS } from '@outpost/domain/services';
import { periodEndOf } from '@outpost/domain/business-periods';
import type { Db } from '../../db/client';
import { rollAccountServices } from '../services/jobs';
import { planPriceAt } from '../services/plan-prices';
import { queryRows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { accounts } from '../../db/accounts.schema';
import { alerts } from '../alerts/alerts.schema';
import { accountCharges, invoiceLines, invoices, paymethods, transactions } from './billing.schema';
import { appendTransaction, balanceCents } from './ledger';

/**
 * Tax invoices (docs/decisions/015): issued at each billing period start with the services of the
 * new period in advance (plan and options) and the data blocks and plan adjustments of the period
 * before (account_charges not yet billed). `issueInvoice` is the one way an invoice is made: the
 * billing run and the demo seed both call it. The Invoice entry's status in the ledger follows the
 * invoice (`markInvoicePaid`); the transactions answer reads the invoice's own status.
 */

/** An invoice is due 14 days after it is issued. */
export const INVOICE_DUE_MS = 14 * DAY_MS;
/**
 * The automatic charge of an invoice is made 3 days after it is issued: the customer sees the
 * invoice (alert and email) before the money is taken, and may pay it another way or change the
 * method first. The demo history uses the same delay.
 */
export const AUTO_CHARGE_DELAY_MS = 3 * DAY_MS;

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

type LineInput = {
  serviceId: number | null;
  kind: 'service' | 'option' | 'data-block' | 'plan-adjustment' | 'product';
  description: string;
  amountCents: number;
};

/** An account charge's invoice line kind (a product order's price: docs/decisions/022). */
function chargeLineKind(kind: string): 'data-block' | 'product' | 'plan-adjustment' {
  return kind === 'data-block' || kind === 'product' ? kind : 'plan-adjustment';
}

/**
 * Issues the account's invoice for the period starting at `periodStart`, at `now`: its lines, the
 * charges it bills (marked with its id) and the Invoice entry of the ledger. Answers null when the period already has its invoice (the unique (account, period start)
 * index) or there is nothing to bill. Locks the account row: call inside a transaction.
 */
export async function issueInvoice(
  tx: Db,
  accountId: number,
  periodStart: Date,
  now: Date,
): Promise<InvoiceRow | null> {
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.periodStart, periodStart)));
  if (existing) return null;
  // Bill the plans the services have in the new period: roll over any that are due first (and
  // wait for a roll-over another instance has under way).
  await rollAccountServices(tx, accountId, now);

  const charges = await tx
    .select()
    .from(accountCharges)
    .where(
      and(
        eq(accountCharges.accountId, accountId),
        isNull(accountCharges.invoiceId),
        lt(accountCharges.createdAt, periodStart),
      ),
    )
    .orderBy(asc(accountCharges.createdAt), asc(accountCharges.id));
  const lines: LineInput[] = [
    ...(await serviceLines(tx, accountId, periodStart)),
    ...charges.map((c) => ({
      serviceId: c.serviceId,
      kind: chargeLineKind(c.kind),
      description:
        c.kind === 'data-block'
          ? `${c.description} bought ${formatDate(c.createdAt)}`
          : c.kind === 'product'
            ? `${c.description} ordered ${formatDate(c.createdAt)}`
            : c.description,
      amountCents: c.amountCents,
    })),
  ];
  if (lines.length === 0) return null;

  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const [{ issued } = { issued: 0 }] = await tx
    .select({ issued: count() })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  const settled = (await balanceCents(tx, accountId)) + total <= 0;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      accountId,
      number: `${accountId}-${String(issued + 1).padStart(3, '0')}`,
      issuedAt: now,
      periodStart,
      periodEnd: periodEndOf(periodStart),
      dueAt: new Date(now.getTime() + INVOICE_DUE_MS),
      totalCents: total,
      // A credit that covers the invoice pays it: nothing to charge.
      status: settled ? 'Paid' : 'Unpaid',
      nextChargeAt: settled ? null : new Date(now.getTime() + AUTO_CHARGE_DELAY_MS),
    })
    .returning();
  await tx.insert(invoiceLines).values(lines.map((l) => ({ invoiceId: invoice!.id, ...l })));
  if (charges.length > 0)
    await tx
      .update(accountCharges)
      .set({ invoiceId: invoice!.id })
      .where(
        inArray(
          accountCharges.id,
          charges.map((c) => c.id),
        ),
      );
  await appendTransaction(tx, {
    accountId,
    at: now,
    type: 'Invoice',
    amountCents: total,
    status: invoice!.status,
    invoiceId: invoice!.id,
  });
  return invoice!;
}

/** The invoice-ready alert (the billing run writes it with the invoice; the seed for the newest). */
/** Alerts the billing contacts; answers who was alerted and what they were told (for push). */
export async function invoiceReadyAlert(
  tx: Db,
  invoice: InvoiceRow,
  now: Date,
): Promise<{ userIds: number[]; message: string }> {
  const message = `Your invoice #${invoice.number} for ${formatDollars(invoice.totalCents)} is ready. It is due on ${formatDate(invoice.dueAt)}.`;
  const userIds = await alertBillingContacts(
    tx,
    invoice.accountId,
    'invoice',
    message,
    invoice.id,
    now,
  );
  return { userIds, message };
}

/**
 * Marks an invoice paid: no more automatic charges, and its ledger entry's status follows (the
 * entry's amount and balance never change).
 */
export async function markInvoicePaid(
  tx: Db,
  invoiceId: number,
  chargeAttempts?: number,
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      status: 'Paid',
      nextChargeAt: null,
      ...(chargeAttempts === undefined ? {} : { chargeAttempts }),
    })
    .where(eq(invoices.id, invoiceId));
  await tx
    .update(transactions)
    .set({ status: 'Paid' })
    .where(and(eq(transactions.invoiceId, invoiceId), eq(transactions.type, 'Invoice')));
}

/**
 * Each active service at the period start, at the plan it had then (plan history, else its
 * current plan) and that plan's price then (a scheduled price change applies from the first
 * period starting on or after its day, decision 055), each of its options and its priced landline options, billed in advance.
 */
async function serviceLines(tx: Db, accountId: number, start: Date): Promise<LineInput[]> {
  const rows = await queryRows<{
    service_id: number;
    kind: 'service' | 'option';
    name: string;
    identifier: string;
    amount: number;
  }>(
    tx,
    sql`with billed as (
          select s.id, s.identifier, p.name as plan,
                 ${planPriceAt(sql`p.id`, sql`p.price_cents`, start)} as price_cents
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
           where s.account_id = ${accountId} and s.status = 'active'
             and coalesce(s.activated_at, s.created_at) <= ${start})
        select b.id as service_id, 'service' as kind, b.plan as name, b.identifier,
               b.price_cents as amount, 0 as sort
          from billed b
        union all
        select b.id, 'option', e.name, b.identifier, e.price_cents, 1
          from billed b
          join service_extras se on se.service_id = b.id
          join plan_extras e on e.id = se.extra_id
        union all
        -- Priced landline options that are on (docs/decisions/021), monthly in advance.
        select b.id, 'option', f.label, b.identifier, f.price_cents, 2
          from billed b
          join service_telephony_values v on v.service_id = b.id and v.billable
          join telephony_features f on f.id = v.feature_id
         order by service_id, sort, name`,
  );
  return rows.map((r) => ({
    serviceId: r.service_id,
    kind: r.kind,
    // A landline's number grouped as everywhere else (docs/decisions/040): 'Plan (07 5550 0123)'.
    description: `${r.name} (${formatPhone(r.identifier)})`,
    amountCents: Number(r.amount),
  }));
}

/**
 * Billing alerts (invoice ready, automatic payment declined) go to the account holder and to each
 * Active contact who holds both view-alerts and view-invoices (the grant rule of users.service:
 * switched on and the role's level reaches the permission's). `ref` links the invoice.
 */
export async function alertBillingContacts(
  tx: Db,
  accountId: number,
  kind: string,
  message: string,
  invoiceId: number,
  now: Date,
): Promise<number[]> {
  const alerted = await queryRows<{ user_id: number }>(
    tx,
    sql`insert into ${alerts} (user_id, account_id, kind, message, ref, created_at)
      select u.id, u.account_id, ${kind}, ${`<p>${escapeHtml(message)}</p>`}, ${`invoice:${invoiceId}`}, ${now}
        from users u join roles r on r.id = u.role_id
       where u.account_id = ${accountId} and u.role_status = 'Active'
         and (u.is_account_holder or (
           select count(*) from permission_definitions d
            where d.permission in ('view-alerts', 'view-invoices')
              and r.level >= d.level_needed
              and exists (select 1 from user_permissions up
                           where up.user_id = u.id and up.permission = d.permission and up.enabled)
         ) = 2)
      returning user_id`,
  );
  return alerted.map((a) => a.user_id);
}

/** The account holder's name and email (billing emails go to the holder). */
export async function accountHolder(
  db: Db,
  accountId: number,
): Promise<{ name: string; email: string | null } | null> {
  const [row] = await queryRows<{ name: string; email: string | null }>(
    db,
    sql`select given_names || ' ' || surname as name, email from users
         where account_id = ${accountId} and is_account_holder and role_status = 'Active'
         order by id limit 1`,
  );
  return row ?? null;
}

/** One of the account's invoices, or null for another account's (or none). */
export async function accountInvoice(
  db: Db,
  accountId: number,
  invoiceId: number,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.accountId, accountId)));
  return row ?? null;
}

/** One of the account's invoices; another account's (or none) answers 404. */
export async function ownedInvoice(
  db: Db,
  accountId: number,
  invoiceId: number,
): Promise<InvoiceRow> {
  const row = await accountInvoice(db, accountId, invoiceId);
  if (!row) throw notFound();
  return row;
}

/** Everything a tax invoice shows. */
export type InvoiceDocument = {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  account: { id: number; name: string; holder: string | null };
  /** The balance after the previous invoice, and what was paid or credited since (negative). */
  previousBalanceCents: number;
  paymentsSinceCents: number;
  /** The balance after this invoice: what is owing. */
  amountDueCents: number;
  /** The automatic method's display text ('Visa ending in 4242'), or null when none is set. */
  autoDebit: string | null;
};

export async function invoiceDocument(db: Db, invoice: InvoiceRow): Promise<InvoiceDocument> {
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.id));
  const [account] = await queryRows<{ name: string; holder: string | null }>(
    db,
    sql`select a.name, (select u.given_names || ' ' || u.surname from users u
                         where u.account_id = a.id and u.is_account_holder order by u.id limit 1) as holder
          from accounts a where a.id = ${invoice.accountId}`,
  );
  // The ledger around this invoice's entry: the balance before it, and after the invoice before.
  const [ledger] = await queryRows<{
    before: number | null;
    previous: number | null;
    after: number | null;
  }>(
    db,
    sql`with entry as (
          select id, created_at, balance_cents from transactions
           where invoice_id = ${invoice.id} and type = 'Invoice' order by id limit 1),
        prior as (
          select t.id, t.created_at, t.balance_cents from transactions t, entry e
           where t.account_id = ${invoice.accountId} and t.type = 'Invoice'
             and (t.created_at, t.id) < (e.created_at, e.id)
           order by t.created_at desc, t.id desc limit 1)
        select (select t.balance_cents from transactions t, entry e
                 where t.account_id = ${invoice.accountId} and (t.created_at, t.id) < (e.created_at, e.id)
                 order by t.created_at desc, t.id desc limit 1) as before,
               (select balance_cents from prior) as previous,
               (select balance_cents from entry) as after`,
  );
  const before = Number(ledger?.before ?? 0);
  const previous = Number(ledger?.previous ?? 0);
  const [method] = await db
    .select({ method: paymethods.method, display: paymethods.display })
    .from(paymethods)
    .where(eq(paymethods.accountId, invoice.accountId));
  return {
    invoice,
    lines,
    account: { id: invoice.accountId, name: account?.name ?? '', holder: account?.holder ?? null },
    previousBalanceCents: previous,
    paymentsSinceCents: before - previous,
    amountDueCents: Number(ledger?.after ?? before + invoice.totalCents),
    autoDebit: method && method.method.startsWith('Automatic debit') ? method.display : null,
  };
}
