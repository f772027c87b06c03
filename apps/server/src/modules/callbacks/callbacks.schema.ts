import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from '../../db/accounts.schema';
import { tickets } from '../tickets/tickets.schema';

/**
 * Callback bookings (docs/decisions/017, "Callbacks"): a contact's request that a team ring them
 * at a 30-minute slot. Each opens a ticket in the same transaction. A cancelled booking stays,
 * marked, so its ticket's story is complete.
 */
export const callbackBookings = pgTable(
  'callback_bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'technical' or 'sales'. */
    team: text('team').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    phone: text('phone').notNull(),
    reason: text('reason').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** 'booked' or 'cancelled'. */
    status: text('status').notNull().default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('callback_bookings_user_slot_idx').on(t.userId, t.slotStart)],
);

/**
 * Seats taken per team and slot: one row per slot ever booked. A booking takes a seat with one
 * statement (insert, or add one where fewer than the capacity are taken), so concurrent bookings
 * queue on the row and never take more seats than the slot has; a cancellation gives one back.
 */
export const callbackSlotSeats = pgTable(
  'callback_slot_seats',
  {
    team: text('team').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.team, t.slotStart] }),
    check('callback_slot_seats_booked_check', sql`${t.booked} >= 0`),
  ],
);
