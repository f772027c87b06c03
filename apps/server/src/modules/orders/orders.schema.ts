import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { requiredRef, timestampTz } from '../../db/columns';
import { accounts, users } from '../../db/accounts.schema';
import { services } from '../services/services.schema';
import { tickets } from '../tickets/tickets.schema';

/**
 * Orders (docs/decisions/021): every order or service request of issue 18 (call barring, landline
 * options, a product, a landline or VoIP transfer, a new VoIP service). Each has the ticket the
 * customer follows in My Tickets, opened in the same transaction.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    accountId: requiredRef('account_id', () => accounts.id),
    /** The service it changes; null for a product or a new service. */
    serviceId: integer('service_id').references(() => services.id),
    /** The contact who ordered. */
    userId: requiredRef('user_id', () => users.id),
    /** What was asked, as the order kind's payload (for the provider's systems). */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('received'),
    ticketId: requiredRef('ticket_id', () => tickets.id),
    /** A monthly charge the order adds from the next invoice, in cents (landline options). */
    monthlyCents: integer('monthly_cents'),
    /** A one-off price on the next invoice, in cents (a product). */
    priceCents: integer('price_cents'),
    /** The terms the customer agreed to and when (the transfer wizards), as evidence. */
    agreement: text('agreement'),
    agreedAt: timestampTz('agreed_at'),
    /** Why the provider rejected it (docs/decisions/058): the customer is told it. */
    reason: text('reason'),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_account_idx').on(t.accountId),
    index('orders_service_kind_idx').on(t.serviceId, t.kind, t.status),
    // The queue (docs/decisions/058): the orders still waiting, the oldest first.
    index('orders_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('received', 'in-progress')`),
    check(
      'orders_kind_check',
      sql`${t.kind} in ('call-barring', 'landline-options', 'product', 'landline-transfer', 'voip-transfer', 'new-voip')`,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('received', 'in-progress', 'completed', 'rejected')`,
    ),
    // A rejected order says why; no other has a reason.
    check('orders_reason_check', sql`(${t.status} = 'rejected') = (${t.reason} is not null)`),
  ],
);

/** The call barring modes a landline may take (spec 2 section 3: value, label). */
export const barringOptions = pgTable('barring_options', {
  value: text('value').primaryKey(),
  label: text('label').notNull(),
  sort: integer('sort').notNull(),
});

/** A service's call barring mode; 'none' when it has no row. */
export const serviceBarring = pgTable('service_barring', {
  serviceId: integer('service_id')
    .primaryKey()
    .references(() => services.id),
  mode: text('mode')
    .notNull()
    .references(() => barringOptions.value),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/**
 * The landline options the provider offers (spec 2 section 3 "Telephony feature"). `range` is a
 * toggle's off and on values; `requires` the toggles that must be on for it to apply; `data` the
 * choices of a select or selection; `permissions` those a user needs to see and change it.
 */
export const telephonyFeatures = pgTable('telephony_features', {
  id: integer('id').primaryKey(),
  feature: text('feature').notNull().unique(),
  label: text('label').notNull(),
  section: text('section').notNull(),
  /** Monthly price in cents while a toggle is on (0: free). */
  priceCents: integer('price_cents').notNull().default(0),
  type: text('type').notNull(),
  range: jsonb('range').$type<string[] | null>(),
  defaultValue: text('default_value').notNull(),
  requires: jsonb('requires').$type<number[]>().notNull(),
  data: jsonb('data').$type<{ value: string; label: string }[]>().notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  /** Only services with has_voip_options see a VoIP-only feature. */
  voipOnly: boolean('voip_only').notNull().default(false),
  sort: integer('sort').notNull(),
});

/**
 * A service's landline option values (a feature with no row has its default). `billable`: a
 * priced toggle that is on; each billing run puts it on the invoice as a monthly line.
 */
export const serviceTelephonyValues = pgTable(
  'service_telephony_values',
  {
    serviceId: requiredRef('service_id', () => services.id),
    featureId: requiredRef('feature_id', () => telephonyFeatures.id),
    value: text('value').notNull(),
    billable: boolean('billable').notNull().default(false),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.featureId] })],
);

/**
 * The product catalogue (spec 2 section 3 "Product"; docs/decisions/022): prices in cents, the
 * image a small WebP the web app serves under /products/. An inactive product is no longer sold.
 */
export const products = pgTable(
  'products',
  {
    // The demo's are 1 to 6 (tests name them); the console's new ones from 1000.
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
    name: text('name').notNull(),
    model: text('model').notNull(),
    article: text('article').notNull().unique(),
    priceCents: integer('price_cents').notNull(),
    rrpCents: integer('rrp_cents').notNull(),
    image: text('image').notNull(),
    type: text('type').notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull(),
  },
  (t) => [
    check('products_type_check', sql`${t.type} in ('router', 'mesh', 'handset')`),
    check('products_price_check', sql`${t.priceCents} > 0 and ${t.rrpCents} >= ${t.priceCents}`),
  ],
);

/** The providers a number can be transferred from (spec 2 section 3 "Provider option"). */
export const phoneProviders = pgTable(
  'phone_providers',
  {
    technology: text('technology').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.technology, t.value] }),
    check('phone_providers_technology_check', sql`${t.technology} in ('Landline', 'VOIP')`),
  ],
);
