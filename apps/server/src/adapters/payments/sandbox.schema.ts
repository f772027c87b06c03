import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded sandbox gateway's own records (docs/decisions/015): it behaves like Stripe's test
 * mode and keeps its state in the database, so it survives restarts and is shared by instances.
 * Only brand, last 4 and expiry of a card are kept (and the outcome its test number stands for);
 * a bank account keeps its holder's name and last 4 digits.
 */
export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  /** 'card' | 'au_becs_debit' */
  type: text('type').notNull(),
  brand: text('brand'),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  holderName: text('holder_name'),
  /** What its test number does ('success', 'card_declined', 'requires_authentication', ...). */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxIntents = pgTable(
  'sandbox_intents',
  {
    id: text('id').primaryKey(),
    /** 'setup' | 'payment' */
    kind: text('kind').notNull(),
    clientSecretHash: text('client_secret_hash').notNull(),
    customerId: text('customer_id'),
    /** Payment intents: cents (AUD). */
    amountCents: integer('amount_cents'),
    /** Stripe's statuses: requires_payment_method, requires_action, processing, succeeded, canceled. */
    status: text('status').notNull(),
    paymentMethodId: text('payment_method_id'),
    /** The allowed method types: 'card' or 'au_becs_debit'. */
    methodType: text('method_type').notNull(),
    lastError: jsonb('last_error'),
    idempotencyKey: text('idempotency_key').unique(),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_intents_customer_idx').on(t.customerId)],
);

/** Events the sandbox emits, delivered to the same handler as Stripe's webhooks (redelivered until handled). */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_events_pending_idx').on(t.deliveredAt, t.createdAt)],
);
