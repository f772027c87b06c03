import { and, asc, eq, gt, gte, ne, sql } from 'drizzle-orm';
import { withoutLinks } from '@outpost/domain/name-rules';
import type { Callback, CallbackTimes, RequestCallbackInput } from '@outpost/contracts/callbacks';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import type {
  CallbackOutcome,
  CallbackSettings,
  CallbackTeam,
} from '@outpost/domain/callback-slots';
import {
  CALLBACK_ENDED_LIST_DAYS,
  CALLBACK_OUTCOME_LABELS,
  CALLBACK_TEAMS,
  bookingSummary,
  callbackDays,
  dayLabel,
  isOfferedSlot,
  slotLabel,
  slotText,
} from '@outpost/domain/callback-slots';
import { businessTimeZone, isKnownTimeZone } from '@outpost/domain/time/zone';
import { timeZoneOfState } from '@outpost/domain/time/names';
import type { OutgoingMessage } from '../../adapters/message-channel';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import { users } from '../../db/accounts.schema';
import { ticketMessages, tickets } from '../tickets/tickets.schema';
import { createTicket } from '../tickets/tickets.service';
import { callbacksError } from './callbacks.errors';
import { callbackBookings, callbackSlotSeats, callbackTeamCapacity } from './callbacks.schema';
import { formatPhone } from '@outpost/domain/phone-format';

/** Far enough ahead to hold every offered slot (callbackDays looks at most 60 days ahead). */
const WINDOW_MS = 62 * 86_400_000;

/** The zone to label slots in: the caller's, when it is a real zone, else their service's state. */
export async function zoneFor(db: Db, accountId: number, tz: string | undefined): Promise<string> {
  if (tz && isKnownTimeZone(tz)) return tz;
  const [row] = await queryRows<{ addr_state: string }>(
    db,
    sql`select addr_state from services where account_id = ${accountId} order by id limit 1`,
  );
  return timeZoneOfState(row?.addr_state);
}

/**
 * Each team's bookings per slot (decision 059): its row of `callback_team_capacity`, else the
 * business file's capacity.
 */
export async function teamCapacities(
  db: Db,
  settings: CallbackSettings,
): Promise<Record<CallbackTeam, number>> {
  const rows = await db.select().from(callbackTeamCapacity);
  const result = { technical: settings.capacity, sales: settings.capacity };
  for (const row of rows) if (row.team in result) result[row.team as CallbackTeam] = row.capacity;
  return result;
}

/**
 * The capacity of one slot as SQL, read where it is used (inside the booking's statement): the
 * slot's own, else its team's, else the business file's.
 */
function capacitySql(team: CallbackTeam, settings: CallbackSettings) {
  return sql`coalesce(callback_slot_seats.capacity,
    (select capacity from callback_team_capacity where team = ${team}), ${settings.capacity})`;
}

/** Seats taken and slot capacities (when set) per team and slot start (ms) from now on. */
async function seatsTaken(
  db: Db,
  now: Date,
): Promise<Map<string, { booked: number; capacity: number | null }>> {
  const rows = await db
    .select()
    .from(callbackSlotSeats)
    .where(
      and(
        gte(callbackSlotSeats.slotStart, now),
        sql`${callbackSlotSeats.slotStart} < ${new Date(now.getTime() + WINDOW_MS)}`,
      ),
    );
  return new Map(
    rows.map((r) => [
      `${r.team}|${r.slotStart.getTime()}`,
      { booked: r.booked, capacity: r.capacity },
    ]),
  );
}

/** Support callback times: each team's (or one team's) offered slots, labelled for the caller. */
export async function callbackTimes(
  db: Db,
  options: {
    accountId: number;
    team: CallbackTeam | undefined;
    tz: string | undefined;
    now: Date;
    settings: CallbackSettings;
  },
): Promise<CallbackTimes> {
  const { now, settings } = options;
  const [zone, seats, capacities] = await Promise.all([
    zoneFor(db, options.accountId, options.tz),
    seatsTaken(db, now),
    teamCapacities(db, settings),
  ]);
  const teams = options.team ? [options.team] : CALLBACK_TEAMS;
  return {
    time_zone: zone,
    teams: teams.map((team) => ({
      team,
      name: settings.teams[team].name,
      hours: settings.teams[team].hoursText,
      days: callbackDays(team, now, {
        settings,
        booked: (start) => seats.get(`${team}|${start.getTime()}`)?.booked ?? 0,
        capacityOf: (start) =>
          seats.get(`${team}|${start.getTime()}`)?.capacity ?? capacities[team],
      }).map((day) => ({
        date: day.date,
        label: dayLabel(day.date),
        slots: day.slots.map((start) => ({
          start: start.toISOString(),
          ...slotLabel(start, zone),
        })),
      })),
    })),
  };
}

export type CallbackCaller = {
  id: number;
  accountId: number;
  givenNames: string;
  surname: string;
  email: string | null;
};

/**
 * The contact booking, locked inside the commit: one contact's bookings queue one after another,
 * so two at once cannot both pass the one-per-team rule.
 */
export async function loadCaller(db: Db, userId: number, lock: boolean): Promise<CallbackCaller> {
  const query = db
    .select({
      id: users.id,
      accountId: users.accountId,
      givenNames: users.givenNames,
      surname: users.surname,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The caller's booking with a team that has not ended yet, if any. */
async function openBookingWith(
  db: Db,
  userId: number,
  team: CallbackTeam,
  now: Date,
  slotMs: number,
) {
  const [row] = await db
    .select({ slotStart: callbackBookings.slotStart })
    .from(callbackBookings)
    .where(
      and(
        eq(callbackBookings.userId, userId),
        eq(callbackBookings.team, team),
        eq(callbackBookings.status, 'booked'),
        gt(callbackBookings.slotStart, new Date(now.getTime() - slotMs)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The booking rules, at prepare and again inside the commit: the slot is one offered now, the
 * contact has no other open callback with that team, and the slot has a seat left (the commit
 * takes the seat with one guarded statement, whatever this read saw).
 */
export async function checkBooking(
  db: Db,
  caller: CallbackCaller,
  body: Pick<RequestCallbackInput, 'team' | 'slot'>,
  now: Date,
  settings: CallbackSettings,
): Promise<void> {
  const start = new Date(body.slot);
  if (!isOfferedSlot(body.team, start, now, settings))
    throw callbacksError('callbackSlotNotOffered');
  const open = await openBookingWith(db, caller.id, body.team, now, settings.slotMinutes * 60_000);
  if (open) {
    throw callbacksError(
      'callbackAlreadyBooked',
      bookingSummary(body.team, open.slotStart, settings),
    );
  }
  const [seats] = await db
    .select({ booked: callbackSlotSeats.booked, capacity: callbackSlotSeats.capacity })
    .from(callbackSlotSeats)
    .where(and(eq(callbackSlotSeats.team, body.team), eq(callbackSlotSeats.slotStart, start)));
  const capacity = seats?.capacity ?? (await teamCapacities(db, settings))[body.team];
  if ((seats?.booked ?? 0) >= capacity) throw callbacksError('callbackSlotTaken');
}

/**
 * Takes a seat of the slot: inserts its row with one seat, or adds one where fewer than the
 * capacity are taken. Concurrent bookings of a slot queue on its row (PostgreSQL's ON CONFLICT
 * locks it), so the seats taken never pass the capacity.
 */
async function takeSeat(tx: Db, team: CallbackTeam, start: Date, settings: CallbackSettings) {
  // A slot without a row has no capacity of its own, and a team's is at least 1 (a check).
  const rows = await queryRows<{ booked: number }>(
    tx,
    sql`insert into callback_slot_seats (team, slot_start, booked)
        values (${team}, ${start}, 1)
        on conflict (team, slot_start) do update
           set booked = callback_slot_seats.booked + 1
         where callback_slot_seats.booked < ${capacitySql(team, settings)}
        returning booked`,
  );
  if (rows.length === 0) throw callbacksError('callbackSlotTaken');
}

/** Gives a seat of the slot back (a cancellation, a rebooking), never below none. */
export async function freeSeat(tx: Db, team: string, start: Date): Promise<void> {
  await tx
    .update(callbackSlotSeats)
    .set({ booked: sql`${callbackSlotSeats.booked} - 1` })
    .where(
      and(
        eq(callbackSlotSeats.team, team),
        eq(callbackSlotSeats.slotStart, start),
        gt(callbackSlotSeats.booked, 0),
      ),
    );
}

/** What became of a booking: the desk's outcome, or 'cancelled' when the customer cancelled. */
export function outcomeOf(row: { outcome: string | null; status: string }): CallbackOutcome | null {
  if (row.outcome) return row.outcome as CallbackOutcome;
  return row.status === 'cancelled' ? 'cancelled' : null;
}

function toCallback(
  row: typeof callbackBookings.$inferSelect,
  now: Date,
  settings: CallbackSettings,
): Callback {
  const team = row.team as CallbackTeam;
  const outcome = outcomeOf(row);
  return {
    callbackid: row.id,
    team,
    slot: row.slotStart.toISOString(),
    summary: bookingSummary(team, row.slotStart, settings),
    phone: row.phone,
    reason: row.reason,
    ticketid: row.ticketId,
    ticket_number: ticketNumber(row.ticketId),
    cancellable: row.status === 'booked' && row.slotStart.getTime() > now.getTime(),
    outcome,
    outcome_label: outcome ? CALLBACK_OUTCOME_LABELS[outcome] : null,
  };
}

/** Who books, when it is not the contact: the desk (decision 059), or a rebooking on a ticket. */
export type BookingOptions = {
  /** The staff member booking on the contact's behalf. */
  staff?: { id: number; name: string };
  /** A rebooking: the callback's ticket carries on, and no new one opens. */
  ticketId?: number;
};

/** Books the callback inside the commit's transaction: a seat, its ticket, the booking. */
export async function bookCallback(
  tx: Db,
  caller: CallbackCaller,
  body: RequestCallbackInput,
  now: Date,
  settings: CallbackSettings,
  options: BookingOptions = {},
): Promise<Callback> {
  const start = new Date(body.slot);
  await takeSeat(tx, body.team, start, settings);
  const summary = bookingSummary(body.team, start, settings);
  const name = `${caller.givenNames} ${caller.surname}`;
  const ticket =
    options.ticketId !== undefined
      ? { ticketid: options.ticketId }
      : await createTicket(tx, {
          accountId: caller.accountId,
          userId: caller.id,
          authorName: name,
          // Booked by the desk: the staff member's message, for the contact (decision 059).
          ...(options.staff ? { staff: options.staff } : {}),
          category: 'Callback',
          subject: `Callback: ${summary}`,
          body: options.staff
            ? `Callback booked for ${name} on ${formatPhone(body.phone)} at ${summary}.\n\n${body.reason}`
            : `Please call me on ${formatPhone(body.phone)} at ${summary}.\n\n${body.reason}`,
          source: 'callback',
        });
  const [row] = await tx
    .insert(callbackBookings)
    .values({
      accountId: caller.accountId,
      userId: caller.id,
      team: body.team,
      slotStart: start,
      phone: body.phone,
      reason: body.reason,
      ticketId: ticket.ticketid,
      createdAt: now,
      timeZone: body.time_zone && isKnownTimeZone(body.time_zone) ? body.time_zone : null,
      bookedByStaffId: options.staff?.id ?? null,
    })
    .returning();
  return toCallback(row!, now, settings);
}

/** The confirmation email: the time in AEST, and in the caller's zone when it reads otherwise. */
export function confirmationEmail(
  caller: CallbackCaller,
  callback: Callback,
  timeZone: string | undefined,
  providerName: string,
): OutgoingMessage | null {
  if (!caller.email) return null;
  const start = new Date(callback.slot);
  const label = slotLabel(
    start,
    timeZone && isKnownTimeZone(timeZone) ? timeZone : businessTimeZone(),
  );
  const yourTime = label.same ? '' : `\nThat is ${slotText(label)}.`;
  return {
    to: caller.email,
    subject: `Callback booked: ${callback.summary} (${callback.ticket_number})`,
    body: [
      `Hello ${withoutLinks(caller.givenNames)},`,
      '',
      `We will call you on ${formatPhone(callback.phone)} at ${callback.summary}.${yourTime}`,
      `Your ticket number is ${callback.ticket_number}.`,
      '',
      'If you no longer need the call, you can cancel it in the portal under Support before that time.',
      '',
      providerName,
    ].join('\n'),
  };
}

/**
 * The caller's callbacks that have not ended yet, soonest first; then those that ended with an
 * outcome (or were cancelled) in the last 30 days, latest first (decision 059). A booking whose
 * time has passed with no outcome recorded is left out, as before.
 */
export async function upcomingCallbacks(
  db: Db,
  userId: number,
  now: Date,
  settings: CallbackSettings,
): Promise<Callback[]> {
  const slotEnd = new Date(now.getTime() - settings.slotMinutes * 60_000);
  const rows = await db
    .select()
    .from(callbackBookings)
    .where(
      and(
        eq(callbackBookings.userId, userId),
        gt(
          callbackBookings.slotStart,
          new Date(now.getTime() - CALLBACK_ENDED_LIST_DAYS * 86_400_000),
        ),
      ),
    )
    .orderBy(asc(callbackBookings.slotStart), asc(callbackBookings.id));
  const open = rows.filter((r) => r.status === 'booked' && r.slotStart > slotEnd);
  const ended = rows.filter((r) => r.status !== 'booked').reverse();
  return [...open, ...ended].map((row) => toCallback(row, now, settings));
}

/**
 * Cancels one of the caller's callbacks before its time: gives its seat back and closes its
 * ticket with a note. Cancelling again changes nothing; another contact's or account's answers 404.
 */
export async function cancelCallback(
  db: Db,
  caller: { userId: number; name: string },
  callbackId: number,
  now: Date,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(callbackBookings)
      .where(and(eq(callbackBookings.id, callbackId), eq(callbackBookings.userId, caller.userId)))
      .for('update');
    if (!row) throw notFound();
    if (row.status === 'cancelled') return;
    // The desk has recorded what became of it (decision 059): nothing is left to cancel.
    if (row.status !== 'booked') throw callbacksError('callbackEnded');
    if (row.slotStart.getTime() <= now.getTime()) throw callbacksError('callbackStarted');
    await tx
      .update(callbackBookings)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(callbackBookings.id, row.id), ne(callbackBookings.status, 'cancelled')));
    await freeSeat(tx, row.team, row.slotStart);
    await tx.insert(ticketMessages).values({
      ticketId: row.ticketId,
      authorUserId: caller.userId,
      authorName: caller.name,
      fromCustomer: true,
      body: 'I have cancelled this callback: I no longer need the call.',
      createdAt: now,
    });
    await tx
      .update(tickets)
      .set({ status: 'Resolved', updatedAt: now })
      .where(eq(tickets.id, row.ticketId));
  });
}
