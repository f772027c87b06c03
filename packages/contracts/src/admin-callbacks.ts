import { z } from 'zod';
import {
  CALLBACK_CAPACITY_MAX,
  CALLBACK_OUTCOMES,
  CALLBACK_REASON_MAX,
  DEFAULT_CALLBACK_SETTINGS,
  callbackDays,
} from '@outpost/domain/callback-slots';
import { businessCalendar } from '@outpost/domain/business-calendar';
import { idempotencyHeaders } from './admin';
import { adminPaths } from './api-paths';
import { callbackOutput, callbackParams, callbackTeam } from './callbacks';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';

/**
 * The desk's callback schedule (docs/decisions/059), scope `tickets`: a team's slots over a day or a
 * week with their capacity and bookings, the outcome of a callback, each team's (and a slot's)
 * capacity, and a callback booked for a customer's contact by the desk.
 */

const businessDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');

export const callbackScheduleQuery = z.strictObject({
  team: callbackTeam,
  /** The first business date (YYYY-MM-DD); today when absent. */
  from: businessDateText.optional(),
  /** 1 (a day) or 7 (a week); 1 when absent. */
  days: z.enum(['1', '7']).optional(),
});

export const scheduleBooking = z.object({
  callbackid: z.number().int(),
  accountid: z.number().int(),
  account_name: z.string(),
  userid: z.number().int(),
  /** The contact who asked (or for whom the desk booked). */
  customer_name: z.string(),
  phone: z.string(),
  reason: z.string(),
  ticketid: z.number().int(),
  ticket_number: z.string(),
  /** booked, cancelled or ended. */
  status: z.enum(['booked', 'cancelled', 'ended']),
  outcome: z.enum(CALLBACK_OUTCOMES).nullable(),
  outcome_label: z.string().nullable(),
  outcome_note: z.string().nullable(),
  outcome_at: z.iso.datetime().nullable(),
  outcome_by: z.string().nullable(),
  /** The booking a rebooked callback moved to. */
  rebooked_to: z.number().int().nullable(),
  /** The staff member who booked it for the customer; null when the customer did. */
  booked_by: z.string().nullable(),
  /** The customer's zone: the one they booked from, else their first service's state's. */
  customer_time_zone: z.string(),
  /** '9:30 am' on the customer's clock (with the weekday when their date differs). */
  customer_local: z.string(),
  /** 'AWST'. */
  customer_zone: z.string(),
  /** The customer's clock reads the business zone's. */
  same: z.boolean(),
});
export type ScheduleBooking = z.infer<typeof scheduleBooking>;

export const scheduleSlot = z.object({
  /** ISO UTC. */
  start: z.iso.datetime(),
  /** '10:30 am' in the business zone. */
  aest: z.string(),
  /** 'AEST'. */
  zone: z.string(),
  /** Bookings it takes: its own capacity, else the team's. */
  capacity: z.number().int(),
  /** Its own capacity, when set. */
  capacity_override: z.number().int().nullable(),
  /** Seats taken (open bookings). */
  booked: z.number().int(),
  /** A customer (or the desk for them) could book it now: offered and not full. */
  offered: z.boolean(),
  /** Every booking of the slot, cancelled and ended ones too, oldest booked first. */
  bookings: z.array(scheduleBooking),
});
export type ScheduleSlot = z.infer<typeof scheduleSlot>;

export const callbackSchedule = z.object({
  team: callbackTeam,
  name: z.string(),
  hours: z.string(),
  /** The team's bookings per slot. */
  capacity: z.number().int(),
  /** What a team without its own capacity takes (the business file's). */
  default_capacity: z.number().int(),
  days: z.array(
    z.object({
      /** Business date, YYYY-MM-DD. */
      date: z.string(),
      /** 'Tue 01/12/26'. */
      label: z.string(),
      /** The team does not work that day (its day off, a public holiday, a closure). */
      closed: z.boolean(),
      slots: z.array(scheduleSlot),
    }),
  ),
});
export type CallbackSchedule = z.infer<typeof callbackSchedule>;

export const callbackOutcomeInput = z.strictObject({
  outcome: z.enum(CALLBACK_OUTCOMES),
  /** The desk's note: an internal note on the ticket, never shown to the customer. */
  note: z.string().trim().max(2000).optional(),
  /** Rebooked: the new slot (ISO UTC, one offered now), same team, phone and reason. */
  slot: z.iso.datetime().optional(),
});
export type CallbackOutcomeInput = z.infer<typeof callbackOutcomeInput>;

export const callbackOutcomeResult = z.object({
  booking: scheduleBooking,
  /** Rebooked: the new booking. */
  rebooked: scheduleBooking.nullable(),
});

export const callbackCapacityInput = z.strictObject({
  team: callbackTeam,
  /** With `slot`: that slot's own capacity (0 closes it; null goes back to the team's). */
  slot: z.iso.datetime().optional(),
  capacity: z.number().int().min(0).max(CALLBACK_CAPACITY_MAX).nullable(),
});

export const callbackCapacityResult = z.object({
  team: callbackTeam,
  capacity: z.number().int(),
  slot: z.iso.datetime().nullable(),
  slot_capacity: z.number().int().nullable(),
});

export const staffCallbackInput = z.strictObject({
  /** The contact to call: an active contact of the account. */
  userid: z.number().int().positive().max(2_147_483_647),
  team: callbackTeam,
  slot: z.iso.datetime(),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9]{8,15}$/, 'must be 8 to 15 digits'),
  reason: z.string().trim().min(1).max(CALLBACK_REASON_MAX),
  /** The customer's zone, for their confirmation email and the schedule. */
  time_zone: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/, 'must be a time zone name like Australia/Perth')
    .max(64)
    .optional(),
});

const accountParams = z.strictObject({ accountid: idParam });

/** The example's slot: Sales & Accounts' last slot on its third offered day (the matrix's own). */
function exampleSlot(): string {
  const closureOn = businessCalendar({ state: 'QLD' }).closureOn;
  const days = callbackDays('sales', new Date(), {
    settings: { ...DEFAULT_CALLBACK_SETTINGS, closureOn },
  });
  return (days[2]?.slots.at(-1) ?? new Date()).toISOString();
}

export const adminCallbacksRoutes = {
  adminCallbackSchedule: defineRoute({
    id: 'adminCallbackSchedule',
    method: 'GET',
    path: adminPaths.adminCallbackSchedule,
    summary:
      "A team's callback schedule over a day or a week: each slot's capacity, seats taken and bookings, with the customer's own time beside AEST",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    querystring: callbackScheduleQuery,
    response: envelope(callbackSchedule),
    example: { querystring: { team: 'technical', days: '7' } },
  }),
  adminCallbackOutcome: defineRoute({
    id: 'adminCallbackOutcome',
    method: 'POST',
    path: adminPaths.adminCallbackOutcome,
    summary:
      "Record a callback's outcome (called, no answer, rebooked to a new slot, cancelled) with a note; a different second outcome answers 409",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: callbackParams,
    body: callbackOutcomeInput,
    response: envelope(callbackOutcomeResult),
    example: {
      params: { callbackid: '1' },
      body: { outcome: 'called', note: 'Talked them through a modem restart.' },
    },
  }),
  adminCallbackCapacity: defineRoute({
    id: 'adminCallbackCapacity',
    method: 'PUT',
    path: adminPaths.adminCallbackCapacity,
    summary:
      "Set a team's bookings per slot, or one slot's own (null: back to the team's); bookings already made stay",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    body: callbackCapacityInput,
    response: envelope(callbackCapacityResult),
    example: { body: { team: 'technical', capacity: 3 } },
  }),
  adminBookCallback: defineRoute({
    id: 'adminBookCallback',
    method: 'POST',
    path: adminPaths.adminAccountCallbacks,
    summary:
      "Book a callback for a contact of the account, on their behalf: the customer's rules, seats and ticket",
    access: 'admin',
    adminScope: 'tickets',
    permissions: [],
    objects: [],
    params: accountParams,
    headers: idempotencyHeaders,
    body: staffCallbackInput,
    response: envelope(callbackOutput),
    example: {
      params: { accountid: '100001' },
      body: {
        userid: 5001,
        team: 'sales',
        slot: exampleSlot(),
        phone: '0491570006',
        reason: 'Wants to talk about a plan change.',
      },
    },
  }),
} as const;
