import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/accounts.schema';
import { services } from '../services/services.schema';

/**
 * Charges and credits waiting for the account's next invoice (data blocks, pro-rata plan
 * adjustments). The invoice run (billing issue) sets invoice_id when it bills them; the ledger of
 * invoices and payments builds on this table.
 */
export const accountCharges = pgTable(
  'account_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    serviceId: integer('service_id').references(() => services.id),
    /** 'data-block' | 'plan-adjustment' | 'product' (a product order's price) */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The record it came from (a data block purchase or plan change id). */
    sourceId: integer('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    invoiceId: integer('invoice_id'),
  },
  (t) => [index('account_charges_account_idx').on(t.accountId, t.invoiceId)],
);

/** Tax invoices, issued at the start of each billing period (services in advance, extras after). */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 50001 }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    totalCents: integer('total_cents').notNull(),
    /** 'Unpaid' | 'Paid' */
    status: text('status').notNull(),
    /** The billing run's automatic charge: attempts made and when the next one is due (null: none). */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    // One invoice per account and period: the billing run may run twice or on two instances.
    uniqueIndex('invoices_account_period_uq').on(t.accountId, t.periodStart),
    index('invoices_account_idx').on(t.accountId, t.issuedAt),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    serviceId: integer('service_id').references(() => services.id),
    /**
     * 'service' (a plan, in advance) | 'option' (a plan option, in advance) | 'data-block' |
     * 'plan-adjustment' | 'product' (the last three: the period before, from account_charges).
     */
    kind: text('kind').notNull().default('service'),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * The account ledger: every invoice, payment, credit and adjustment with the running balance
 * after it (positive: the customer owes). Amounts raise (invoice, adjustment) or lower (payment,
 * credit) the balance.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 900001 }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** 'Invoice' | 'Payment' | 'Credit' | 'Adjustment' */
    type: text('type').notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    reason: text('reason'),
    /** Invoice: 'Unpaid' | 'Paid'; payment: 'Successful' | 'Failed'; credit: 'Applied'. */
    status: text('status').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    /** The payment it records (payments.id): a payment reaches the ledger at most once. */
    paymentId: integer('payment_id'),
  },
  // With id: the newest rows of an account (balance, Billing Activity) come straight off the index.
  (t) => [
    index('transactions_account_idx').on(t.accountId, t.createdAt, t.id),
    uniqueIndex('transactions_payment_uq').on(t.paymentId),
  ],
);

/** How an account pays: the recurring method and its display text. */
export const paymethods = pgTable('paymethods', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** 'Automatic debit from Credit Card' | 'Automatic debit from Bank Account' | 'Not Yet Set' */
  method: text('method').notNull(),
  status: text('status').notNull(),
  display: text('display').notNull(),
  cardType: text('card_type'),
  cardLast4: text('card_last4'),
  cardExpires: text('card_expires'),
  bankName: text('bank_name'),
  bankAccount: text('bank_account'),
  /** The gateway's customer and saved payment methods (Stripe or sandbox ids). */
  gatewayCustomerId: text('gateway_customer_id'),
  cardPaymentMethodId: text('card_payment_method_id'),
  bankPaymentMethodId: text('bank_payment_method_id'),
});
