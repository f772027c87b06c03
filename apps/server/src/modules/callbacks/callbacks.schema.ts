import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from '../../db/accounts.schema';
import { staffMembers } from '../staff/staff.schema';
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
    /**
     * 'booked' (open), 'cancelled' (by the customer or the desk) or 'ended' (the desk recorded
     * that it called, got no answer or rebooked it; docs/decisions/059).
     */
    status: text('status').notNull().default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The zone the customer booked from (their device's), when they sent a known one. */
    timeZone: text('time_zone'),
    /** The staff member who booked it on the customer's behalf; null when they booked it. */
    bookedByStaffId: integer('booked_by_staff_id').references(() => staffMembers.id),
    /** The desk's outcome: called, no_answer, rebooked or cancelled (decision 059). */
    outcome: text('outcome'),
    outcomeNote: text('outcome_note'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    outcomeStaffId: integer('outcome_staff_id').references(() => staffMembers.id),
    /** The booking a rebooked callback moved to. */
    rebookedToId: integer('rebooked_to_id'),
  },
  (t) => [
    index('callback_bookings_user_slot_idx').on(t.userId, t.slotStart),
    index('callback_bookings_team_slot_idx').on(t.team, t.slotStart),
    check(
      'callback_bookings_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('called', 'no_answer', 'rebooked', 'cancelled')`,
    ),
  ],
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
    /** This slot's own capacity, over the team's (decision 059); null: the team's. */
    capacity: integer('capacity'),
  },
  (t) => [
    primaryKey({ columns: [t.team, t.slotStart] }),
    check('callback_slot_seats_booked_check', sql`${t.booked} >= 0`),
    check(
      'callback_slot_seats_capacity_check',
      sql`${t.capacity} is null or ${t.capacity} between 0 and 100`,
    ),
  ],
);

/**
 * Each team's bookings per slot (decision 059): the people free to ring then. A team without a
 * row takes the business file's capacity (CALLBACK_SLOT_CAPACITY, default 2).
 */
export const callbackTeamCapacity = pgTable(
  'callback_team_capacity',
  {
    team: text('team').primaryKey(),
    capacity: integer('capacity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByStaffId: integer('updated_by_staff_id').references(() => staffMembers.id),
  },
  (t) => [check('callback_team_capacity_check', sql`${t.capacity} between 1 and 100`)],
);
