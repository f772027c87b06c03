import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from '../accounts/accounts.schema';
import { services } from '../services/services.schema';

/**
 * Support tickets (docs/decisions/017): what a customer asks in My Tickets, a callback request,
 * an order or a service request of the telephony issue. One table, so each is followed in the
 * same place. The status is the support desk's (New, Open, Stalled, Waiting, Resolved); the
 * client shows the spec's mapping (spec 2 section 9).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 240001 }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The service it is about, if any (Make a Request on a service preselects it). */
    serviceId: integer('service_id').references(() => services.id),
    /** The contact who opened it; null when the provider opened it. */
    createdBy: integer('created_by').references(() => users.id),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('New'),
    /** Where it came from: 'customer', 'callback', 'order' or 'service-request'. */
    source: text('source').notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_account_updated_idx').on(t.accountId, t.updatedAt)],
);

/** The conversation of a ticket, oldest first. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** The contact who wrote it; null for the provider's staff. */
    authorUserId: integer('author_user_id').references(() => users.id),
    /** The name shown beside the message ('Jane Citizen', 'Outpost Support'). */
    authorName: text('author_name').notNull(),
    fromCustomer: boolean('from_customer').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
