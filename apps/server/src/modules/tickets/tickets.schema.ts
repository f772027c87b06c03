import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TicketPriority, TicketTeam } from '@outpost/domain/tickets-rules';
import { accounts, users } from '../../db/accounts.schema';
import { services } from '../services/services.schema';
import { apiKeys, staffMembers } from '../staff/staff.schema';

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
    /** The desk's (docs/decisions/057): low, normal, high or urgent; the customer never sees it. */
    priority: text('priority').$type<TicketPriority>().notNull().default('normal'),
    /** The staff member who owns it; null while unassigned. */
    assigneeStaffId: integer('assignee_staff_id').references(() => staffMembers.id),
    /** The team it is for (support or billing); null when nobody said. */
    team: text('team').$type<TicketTeam>(),
    /** When the desk should have answered: set when it comes to the desk, by its priority. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the desk first missed this due time (docs/decisions/057, "Service levels"): set once by
     * the job that counts breaches, cleared when a new due time is set, so each is counted once.
     */
    breachedAt: timestamp('breached_at', { withTimezone: true }),
    /** The ticket this one was merged into as a duplicate (docs/decisions/057); null otherwise. */
    mergedIntoTicketId: integer('merged_into_ticket_id').references((): AnyPgColumn => tickets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The desk's queue (docs/decisions/057), sorted by due time: all of it, and one person's.
    index('tickets_due_idx').on(t.dueAt, t.id),
    index('tickets_assignee_due_idx').on(t.assigneeStaffId, t.dueAt),
    // The breach job's candidates: with the desk, due time passed, not yet counted.
    index('tickets_unbreached_due_idx')
      .on(t.dueAt)
      .where(sql`${t.breachedAt} is null and ${t.status} not in ('Waiting', 'Resolved')`),
    check('tickets_priority', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    check('tickets_team', sql`${t.team} in ('support', 'billing')`),
    index('tickets_account_updated_idx').on(t.accountId, t.updatedAt),
    // The dashboard's notice (docs/decisions/017): the few tickets waiting on a customer.
    index('tickets_waiting_idx')
      .on(t.accountId)
      .where(sql`${t.status} = 'Waiting'`),
  ],
);

/** The conversation of a ticket, oldest first. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /**
     * The contact who wrote it, or for whom a staff member wrote it in a staff-assisted session;
     * null for the provider's desk.
     */
    authorUserId: integer('author_user_id').references(() => users.id),
    /**
     * The staff member who really wrote it in a staff-assisted session of the customer
     * (docs/decisions/025): such a message is the provider's (`fromCustomer` false), named after
     * them, and says for whom.
     */
    authorStaffId: integer('author_staff_id').references(() => staffMembers.id),
    /** The name shown beside the message ('Jane Citizen', 'Outpost Support', 'Sam Support'). */
    authorName: text('author_name').notNull(),
    fromCustomer: boolean('from_customer').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * The desk's internal notes on a ticket (docs/decisions/057): a table of their own, which no
 * customer route reads, so a note can never reach the customer by a forgotten filter.
 */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** PostgreSQL bytea, read and written as a Buffer (PGlite answers a Uint8Array: wrapped). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Files a customer attached to a ticket's message (docs/decisions/017 "Tickets"): an image or a
 * PDF of at most 5 MB, its type found from its content. Kept in the database with the ticket, so
 * a backup holds both and no second store has to be scoped to the account.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id),
    /** The name as the customer's device gave it (shown and offered when downloading). */
    filename: text('filename').notNull(),
    /** Found from the first bytes (PNG, JPEG, GIF, WebP or PDF), never from the name. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_message_idx').on(t.messageId)],
);

/**
 * The desk's canned replies (docs/decisions/057, "Canned replies"): texts a staff member inserts
 * into a reply, with placeholders filled in for the ticket ({{customer.first_name}}). One brand
 * is one deployment with its own database (decision 030), so the table is the brand's own.
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** What the desk picks it by ('Outage acknowledged'); unique, case aside. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Who wrote and who last changed it: a staff admin, or a key of the provider's systems. */
    createdByStaffId: integer('created_by_staff_id').references(() => staffMembers.id),
    createdByApiKeyId: integer('created_by_api_key_id').references(() => apiKeys.id),
    updatedByStaffId: integer('updated_by_staff_id').references(() => staffMembers.id),
    updatedByApiKeyId: integer('updated_by_api_key_id').references(() => apiKeys.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('canned_replies_title_uq').on(sql`lower(${t.title})`)],
);

/**
 * What the desk is told (docs/decisions/060): a new ticket, callback or order, or a
 * customer's reply, written in the same transaction as the ticket or message it is about. The
 * digest job mails each ticket's waiting notices to its team's address at most once per few
 * minutes and marks them digested; the console reads the latest ones.
 */
export const deskNotices = pgTable(
  'desk_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** The ticket's team when it happened ('support' or 'billing'; null when none). */
    team: text('team').$type<TicketTeam>(),
    /** 'ticket' | 'callback' | 'order' | 'service-request' (a new one) or 'reply' (the customer's). */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a digest carried it (or found no team address to mail); null while waiting. */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    index('desk_notices_waiting_idx')
      .on(t.ticketId)
      .where(sql`${t.digestedAt} is null`),
    index('desk_notices_ticket_digested_idx').on(t.ticketId, t.digestedAt),
  ],
);
