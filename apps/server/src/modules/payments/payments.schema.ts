import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef, timestampTz } from '../../db/columns';
import { accounts, users } from '../../db/accounts.schema';
import { invoices } from '../billing/billing.schema';

/**
 * Every attempt to take money (docs/decisions/015): a one-off payment with a new card, one with
 * the saved card, or the billing run's automatic charge. Its id is the one-off payment's prepare
 * id (reference 'PX' + id). It reaches the ledger at most once: `transactions.payment_id` is
 * unique, and the row is locked while its final status is recorded.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    accountId: requiredRef('account_id', () => accounts.id),
    /** Who started it; null for the billing run. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'new-card' | 'saved-card' | 'billing-run' */
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * Neither written nor read since issue 37: a one-off payment's csrf is its prepared
     * operation's (lib/prepared.ts). The column is kept, so no data is dropped.
     */
    csrfHash: text('csrf_hash'),
    /** The gateway's PaymentIntent id, once created. */
    intentId: text('intent_id'),
    /** Sent to the gateway with the charge, so a retried request never charges twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** 'created' | 'processing' | 'succeeded' | 'failed' | 'canceled' */
    status: text('status').notNull(),
    /** The gateway's last status ('succeeded', 'requires_payment_method', ...). */
    gatewayStatus: text('gateway_status'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    cardType: text('card_type'),
    cardLast4: text('card_last4'),
    receiptId: text('receipt_id'),
    /** New card: keep it as the account's card for automatic payments once the payment succeeds. */
    saveCard: boolean('save_card').notNull().default(false),
    /** The billing run: the invoice it pays and which attempt this is (1, 2, 3...). */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    attempt: integer('attempt').notNull().default(1),
    createdAt: timestampTz('created_at').notNull(),
    updatedAt: timestampTz('updated_at').notNull(),
    /** When a one-off payment's csrf stops being accepted. */
    expiresAt: timestampTz('expires_at'),
  },
  (t) => [
    uniqueIndex('payments_intent_uq').on(t.intentId),
    uniqueIndex('payments_idempotency_uq').on(t.idempotencyKey),
    index('payments_account_idx').on(t.accountId, t.createdAt),
    index('payments_invoice_idx').on(t.invoiceId, t.attempt),
  ],
);

/** Gateway events (webhooks) already processed: each event id is handled once. */
export const gatewayEvents = pgTable('gateway_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestampTz('received_at').notNull(),
});
