import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.schema';
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
    /** 'data-block' | 'plan-adjustment' */
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
