import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  CallbackSchedule,
  ScheduleBooking,
  callbackCapacityInput,
  callbackOutcomeInput,
  staffCallbackInput,
} from '@outpost/contracts/admin-callbacks';
import type { Brand } from '@outpost/contracts/brand';
import type { Callback } from '@outpost/contracts/callbacks';
import type { CallbackSettings, CallbackTeam } from '@outpost/domain/callback-slots';
import {
  CALLBACK_OUTCOME_LABELS,
  aestTimeLabel,
  bookingSummary,
  callbackDays,
  dayLabel,
  scheduleSlots,
  slotLabel,
} from '@outpost/domain/callback-slots';
import { formatPhone } from '@outpost/domain/phone-format';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import { isKnownTimeZone } from '@outpost/domain/time/zone';
import { timeZoneOfState, zoneAbbreviation } from '@outpost/domain/time/names';
import { addCalendarDays, businessDate, zonedInstant } from '@outpost/domain/time/zoned';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/accounts.schema';
import { callbacksError } from '../callbacks/callbacks.errors';
import {
  callbackBookings,
  callbackSlotSeats,
  callbackTeamCapacity,
} from '../callbacks/callbacks.schema';
import {
  bookCallback,
  checkBooking,
  confirmationEmail,
  freeSeat,
  loadCaller,
  outcomeOf,
  teamCapacities,
} from '../callbacks/callbacks.service';
import { staffMembers } from '../staff/staff.schema';
import { recordAudit } from '../staff/staff.service';
import { addDeskReply } from '../tickets/desk-reply';
import { ticketNotes, tickets } from '../tickets/tickets.schema';
import { adminError } from './admin.errors';

/**
 * The desk's callback schedule (docs/decisions/059): a team's slots with their capacity and
 * bookings, outcomes, capacities, and callbacks booked for a customer. Each write is in the staff
 * audit with what changed, beside the admin API's own record of the call.
 */

export type CallbackStaff = {
  staffId: number;
  apiKeyId: null;
  staff: { id: number; name: string };
};

const booker = alias(staffMembers, 'booker');
const outcomeBy = alias(staffMembers, 'outcome_by');

/** Bookings with their contact, account, staff names and the account's first service's state. */
const bookingRows = (db: Db) =>
  db
    .select({
      booking: callbackBookings,
      givenNames: users.givenNames,
      surname: users.surname,
      accountName: accounts.name,
      bookedBy: booker.name,
      outcomeBy: outcomeBy.name,
      state: sql<
        string | null
      >`(select addr_state from services where services.account_id = ${callbackBookings.accountId} order by services.id limit 1)`,
    })
    .from(callbackBookings)
    .innerJoin(users, eq(users.id, callbackBookings.userId))
    .innerJoin(accounts, eq(accounts.id, callbackBookings.accountId))
    .leftJoin(booker, eq(booker.id, callbackBookings.bookedByStaffId))
    .leftJoin(outcomeBy, eq(outcomeBy.id, callbackBookings.outcomeStaffId))
    .$dynamic();

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingRows>['execute']>>[number];

function scheduleBookingOf(row: BookingRow): ScheduleBooking {
  const b = row.booking;
  // The zone the customer booked from, else their first service's state's (decision 017).
  const zone = b.timeZone && isKnownTimeZone(b.timeZone) ? b.timeZone : timeZoneOfState(row.state);
  const label = slotLabel(b.slotStart, zone);
  const outcome = outcomeOf(b);
  return {
    callbackid: b.id,
    accountid: b.accountId,
    account_name: row.accountName,
    userid: b.userId,
    customer_name: `${row.givenNames} ${row.surname}`,
    phone: b.phone,
    reason: b.reason,
    ticketid: b.ticketId,
    ticket_number: ticketNumber(b.ticketId),
    status: b.status as ScheduleBooking['status'],
    outcome,
    outcome_label: outcome ? CALLBACK_OUTCOME_LABELS[outcome] : null,
    outcome_note: b.outcomeNote,
    outcome_at:
      (b.outcomeAt ?? (b.status === 'cancelled' ? b.cancelledAt : null))?.toISOString() ?? null,
    outcome_by: row.outcomeBy ?? (b.status === 'cancelled' && !b.outcome ? 'the customer' : null),
    rebooked_to: b.rebookedToId,
    booked_by: row.bookedBy,
    customer_time_zone: zone,
    customer_local: label.local,
    customer_zone: zoneAbbreviation(b.slotStart, zone),
    same: label.same,
  };
}

async function bookingView(db: Db, callbackId: number): Promise<ScheduleBooking> {
  const [row] = await bookingRows(db).where(eq(callbackBookings.id, callbackId));
  if (!row) throw callbacksError('callbackMissing');
  return scheduleBookingOf(row);
}

/**
 * A team's schedule from a business date over 1 or 7 days: every slot of its hours (past ones
 * too), each with its capacity, the seats taken and every booking at it; a booking at a time the
 * hours no longer hold still shows, at its own time.
 */
export async function callbackSchedule(
  db: Db,
  options: {
    team: CallbackTeam;
    from: string | undefined;
    days: number;
    now: Date;
    settings: CallbackSettings;
  },
): Promise<CallbackSchedule> {
  const { team, settings } = options;
  const first = options.from ?? businessDate(options.now);
  const dates = Array.from({ length: options.days }, (_, i) => addCalendarDays(first, i));
  const rangeStart = zonedInstant(first, 0);
  const rangeEnd = zonedInstant(addCalendarDays(first, options.days), 0);
  const inRange = (
    column: typeof callbackBookings.slotStart | typeof callbackSlotSeats.slotStart,
  ) => and(gte(column, rangeStart), lt(column, rangeEnd));
  const [capacities, seats, rows] = await Promise.all([
    teamCapacities(db, settings),
    db
      .select()
      .from(callbackSlotSeats)
      .where(and(eq(callbackSlotSeats.team, team), inRange(callbackSlotSeats.slotStart))),
    bookingRows(db)
      .where(and(eq(callbackBookings.team, team), inRange(callbackBookings.slotStart)))
      .orderBy(asc(callbackBookings.slotStart), asc(callbackBookings.id)),
  ]);
  const seatsAt = new Map(seats.map((s) => [s.slotStart.getTime(), s]));
  const bookingsAt = new Map<number, ScheduleBooking[]>();
  for (const row of rows) {
    const key = row.booking.slotStart.getTime();
    bookingsAt.set(key, [...(bookingsAt.get(key) ?? []), scheduleBookingOf(row)]);
  }
  const capacity = capacities[team];
  // What the customer's times offer now (decision 017's window, lead time and free seats).
  const offered = new Set(
    callbackDays(team, options.now, {
      settings,
      booked: (start) => seatsAt.get(start.getTime())?.booked ?? 0,
      capacityOf: (start) => seatsAt.get(start.getTime())?.capacity ?? capacity,
    }).flatMap((d) => d.slots.map((s) => s.getTime())),
  );
  return {
    team,
    name: settings.teams[team].name,
    hours: settings.teams[team].hoursText,
    capacity,
    default_capacity: settings.capacity,
    days: dates.map((date) => {
      const grid = scheduleSlots(team, date, settings);
      const starts = new Set(grid.map((s) => s.getTime()));
      for (const row of rows)
        if (businessDate(row.booking.slotStart) === date)
          starts.add(row.booking.slotStart.getTime());
      return {
        date,
        label: dayLabel(date),
        closed: grid.length === 0,
        slots: [...starts]
          .sort((a, b) => a - b)
          .map((ms) => {
            const start = new Date(ms);
            const seat = seatsAt.get(ms);
            return {
              start: start.toISOString(),
              aest: aestTimeLabel(start),
              zone: zoneAbbreviation(start),
              capacity: seat?.capacity ?? capacity,
              capacity_override: seat?.capacity ?? null,
              booked: seat?.booked ?? 0,
              offered: offered.has(ms),
              bookings: bookingsAt.get(ms) ?? [],
            };
          }),
      };
    }),
  };
}

/** What the customer reads on the ticket for each outcome, and the status it leaves. */
function outcomeMessage(
  outcome: z.output<typeof callbackOutcomeInput>['outcome'],
  phone: string,
  summary: string,
  newSummary: string | null,
): { message: string; status: string } {
  switch (outcome) {
    case 'called':
      return { message: `We called you on ${phone} at ${summary}.`, status: 'Resolved' };
    case 'no_answer':
      return {
        message: `We called you on ${phone} at ${summary} but could not reach you. Reply here, or book another callback, if you still need us.`,
        status: 'Waiting',
      };
    case 'rebooked':
      return {
        message: `We have moved your callback to ${newSummary}. We will call you on ${phone} then.`,
        status: 'Open',
      };
    case 'cancelled':
      return { message: `We have cancelled your callback at ${summary}.`, status: 'Resolved' };
  }
}

/**
 * Records what became of a callback, once (decision 059). The booking is locked first, so of two
 * outcomes at once the second sees the first: the same outcome and note again answers 200 and
 * changes nothing; any other answers 409 naming the first. Cancelled and rebooked give the seat
 * back; rebooked books the new slot for the same contact, team, phone and reason on the same
 * ticket, under the customer's rules (offered now, one open per team, a free seat). The customer
 * reads the outcome on the ticket (emailed as every desk reply is); the note is an internal note.
 */
export async function recordCallbackOutcome(
  tx: Db,
  deps: { brand: Brand; publicUrl: string },
  callbackId: number,
  input: z.output<typeof callbackOutcomeInput>,
  caller: CallbackStaff,
  now: Date,
  settings: CallbackSettings,
): Promise<{ booking: ScheduleBooking; rebooked: ScheduleBooking | null }> {
  if (input.outcome === 'rebooked' && !input.slot) throw callbacksError('callbackRebookSlotNeeded');
  if (input.outcome !== 'rebooked' && input.slot) throw callbacksError('callbackSlotOnlyForRebook');
  const [row] = await tx
    .select()
    .from(callbackBookings)
    .where(eq(callbackBookings.id, callbackId))
    .for('update');
  if (!row) throw callbacksError('callbackMissing');
  const note = input.note ? input.note : null;
  const current = outcomeOf(row);
  if (current !== null) {
    let same = current === input.outcome && (row.outcomeNote ?? null) === note;
    if (same && input.outcome === 'rebooked') {
      const [moved] = await tx
        .select({ slotStart: callbackBookings.slotStart })
        .from(callbackBookings)
        .where(eq(callbackBookings.id, row.rebookedToId ?? 0));
      same = moved?.slotStart.getTime() === new Date(input.slot!).getTime();
    }
    if (!same) {
      const view = await bookingView(tx, row.id);
      throw callbacksError(
        'callbackOutcomeRecorded',
        CALLBACK_OUTCOME_LABELS[current],
        view.outcome_by ? ` by ${view.outcome_by}` : '',
      );
    }
    return {
      booking: await bookingView(tx, row.id),
      rebooked: row.rebookedToId ? await bookingView(tx, row.rebookedToId) : null,
    };
  }

  const team = row.team as CallbackTeam;
  const summary = bookingSummary(team, row.slotStart, settings);
  const ended = input.outcome === 'cancelled' || input.outcome === 'rebooked';
  await tx
    .update(callbackBookings)
    .set({
      status: input.outcome === 'cancelled' ? 'cancelled' : 'ended',
      outcome: input.outcome,
      outcomeNote: note,
      outcomeAt: now,
      outcomeStaffId: caller.staff.id,
      ...(input.outcome === 'cancelled' ? { cancelledAt: now } : {}),
    })
    .where(eq(callbackBookings.id, row.id));
  // Its seat goes back when it will not be rung at that time (the customer's cancel does too).
  if (ended) await freeSeat(tx, row.team, row.slotStart);

  let rebooked: Callback | null = null;
  if (input.outcome === 'rebooked') {
    const contact = await loadCaller(tx, row.userId, true);
    const body = {
      team,
      slot: input.slot!,
      phone: row.phone,
      reason: row.reason,
      ...(row.timeZone ? { time_zone: row.timeZone } : {}),
    };
    await checkBooking(tx, contact, body, now, settings);
    rebooked = await bookCallback(tx, contact, body, now, settings, {
      staff: caller.staff,
      ticketId: row.ticketId,
    });
    await tx
      .update(callbackBookings)
      .set({ rebookedToId: rebooked.callbackid })
      .where(eq(callbackBookings.id, row.id));
  }

  const [ticket] = await tx
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, row.ticketId))
    .for('update');
  const said = outcomeMessage(
    input.outcome,
    formatPhone(row.phone),
    summary,
    rebooked?.summary ?? null,
  );
  await addDeskReply(tx, deps, ticket!, {
    authorName: caller.staff.name,
    staff: caller.staff,
    message: said.message,
    status: said.status,
    now,
  });
  if (note)
    await tx.insert(ticketNotes).values({
      ticketId: row.ticketId,
      staffId: caller.staff.id,
      body: `Callback ${CALLBACK_OUTCOME_LABELS[input.outcome]}: ${note}`,
      createdAt: now,
    });
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: row.accountId,
    userId: row.userId,
    action: 'callback-outcome',
    detail: `${ticketNumber(row.ticketId)}: callback ${row.id} (${summary}) -> ${CALLBACK_OUTCOME_LABELS[input.outcome]}${rebooked ? ` as callback ${rebooked.callbackid} (${rebooked.summary})` : ''}`,
  });
  return {
    booking: await bookingView(tx, row.id),
    rebooked: rebooked ? await bookingView(tx, rebooked.callbackid) : null,
  };
}

/**
 * A team's capacity, or one slot's own: bookings already made stay (a slot over its new capacity
 * just offers nothing more). Setting what is there already changes nothing and adds no audit row.
 */
export async function setCallbackCapacity(
  tx: Db,
  input: z.output<typeof callbackCapacityInput>,
  caller: CallbackStaff,
  now: Date,
  settings: CallbackSettings,
) {
  const { team } = input;
  const before = (await teamCapacities(tx, settings))[team];
  if (input.slot === undefined) {
    if (input.capacity === null || input.capacity < 1)
      throw callbacksError('callbackTeamCapacityMin');
    if (input.capacity !== before) {
      await tx
        .insert(callbackTeamCapacity)
        .values({
          team,
          capacity: input.capacity,
          updatedAt: now,
          updatedByStaffId: caller.staff.id,
        })
        .onConflictDoUpdate({
          target: callbackTeamCapacity.team,
          set: { capacity: input.capacity, updatedAt: now, updatedByStaffId: caller.staff.id },
        });
      await recordAudit(tx, now, {
        staffId: caller.staffId,
        apiKeyId: caller.apiKeyId,
        accountId: null,
        userId: null,
        action: 'callback-capacity-changed',
        detail: `${settings.teams[team].name}: ${before} -> ${input.capacity} per slot`,
      });
    }
    return { team, capacity: input.capacity, slot: null, slot_capacity: null };
  }
  const start = new Date(input.slot);
  if (
    scheduleSlots(team, businessDate(start), settings).every((s) => s.getTime() !== start.getTime())
  )
    throw callbacksError('callbackSlotNotOffered');
  const [seat] = await tx
    .select({ capacity: callbackSlotSeats.capacity })
    .from(callbackSlotSeats)
    .where(and(eq(callbackSlotSeats.team, team), eq(callbackSlotSeats.slotStart, start)))
    .for('update');
  const was = seat?.capacity ?? null;
  if (was !== input.capacity) {
    await tx
      .insert(callbackSlotSeats)
      .values({ team, slotStart: start, booked: 0, capacity: input.capacity })
      .onConflictDoUpdate({
        target: [callbackSlotSeats.team, callbackSlotSeats.slotStart],
        set: { capacity: input.capacity },
      });
    await recordAudit(tx, now, {
      staffId: caller.staffId,
      apiKeyId: caller.apiKeyId,
      accountId: null,
      userId: null,
      action: 'callback-capacity-changed',
      detail: `${bookingSummary(team, start, settings)}: ${was ?? `team's ${before}`} -> ${input.capacity ?? `team's ${before}`}`,
    });
  }
  return { team, capacity: before, slot: start.toISOString(), slot_capacity: input.capacity };
}

/**
 * A callback booked by the desk for a contact of the account (decision 059), through the
 * customer's own commit code: the contact locked, the same rules (offered now, one open per team,
 * a free seat taken with the guarded statement), the ticket opened in the same transaction under
 * the staff member's name, the confirmation email through the outbox. The caller's Idempotency-Key
 * makes a repeat answer the first booking.
 */
export async function bookCallbackForCustomer(
  tx: Db,
  deps: { brand: Brand },
  accountId: number,
  input: z.output<typeof staffCallbackInput>,
  caller: CallbackStaff,
  now: Date,
  settings: CallbackSettings,
): Promise<Callback> {
  const [contact] = await tx
    .select({ id: users.id, roleStatus: users.roleStatus })
    .from(users)
    .where(and(eq(users.id, input.userid), eq(users.accountId, accountId)));
  if (!contact || contact.roleStatus === 'Removed') {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    throw adminError(account ? 'contactMissing' : 'accountMissing');
  }
  const caller_ = await loadCaller(tx, contact.id, true);
  const body = {
    team: input.team,
    slot: input.slot,
    phone: input.phone,
    reason: input.reason,
    ...(input.time_zone ? { time_zone: input.time_zone } : {}),
  };
  await checkBooking(tx, caller_, body, now, settings);
  const callback = await bookCallback(tx, caller_, body, now, settings, { staff: caller.staff });
  const email = confirmationEmail(caller_, callback, input.time_zone, deps.brand.providerName);
  if (email) await enqueueMessage(tx, 'email', email);
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId: contact.id,
    action: 'callback-booked',
    detail: `${callback.ticket_number}: callback ${callback.callbackid} (${callback.summary}) for ${caller_.givenNames} ${caller_.surname}, booked by ${caller.staff.name}`,
  });
  return callback;
}
